// The instrument universe of the simulator. Ids follow the shape of the platform vendor's documented examples: a
// segment prefix, then the exchange's own instrument token in ten digits. RELIANCE on NSECM is token 2885, hence
// 110010000002885; TCS 110010000011536; 110010002000001 an NSE index (NIFTY 50 here); 262090000149108 an NSEFO option.
// The MCX ids have 17 digits and sit above 2^53 on purpose: they exercise every lossless path (JSON, bigint, the
// codec's int64 modes). A consumer decoding with `int64: "number"` must leave them out
// (`defaultInstruments.filter((i) => i.id <= MAX_SAFE_ID)`).
import type { ExchangeSegmentName } from "@tickwire/proto";

export type InstrumentKind = "equity" | "future" | "option" | "index";

export interface Instrument {
  /** The platform's instrument id (uint64). */
  readonly id: bigint;
  readonly segment: ExchangeSegmentName;
  /** The exchange's token for the instrument (uint32). */
  readonly exchangeInstrumentId: number;
  readonly name: string;
  readonly kind: InstrumentKind;
  /** Quantities trade in multiples of this. */
  readonly lotSize: number;
  /** Price step, in ten-thousandths of a currency unit (500 = 0.05). Prices are whole multiples. */
  readonly tickUnits: number;
  /** Starting price, in ten-thousandths (24569000 = 2456.90). */
  readonly basePriceUnits: number;
}

/** Prices are held as integer ten-thousandths so every walk step is exact; this is the one division to a price. */
export const PRICE_UNITS = 10_000;
export const MAX_SAFE_ID = BigInt(Number.MAX_SAFE_INTEGER);

/** The documented examples put NSE cash (equities and indices) under 11001 and NSE derivatives under 26209. */
const PREFIX: Record<string, bigint> = {
  nseCash: 11001n,
  nseDerivative: 26209n,
  nseCurrency: 303001n,
  bseEquity: 12001n,
  bseIndex: 26211n,
  mcx: 3101001n,
};

function make(
  prefix: keyof typeof PREFIX,
  segment: ExchangeSegmentName,
  token: number,
  name: string,
  kind: InstrumentKind,
  lotSize: number,
  price: number,
  tickUnits = 500,
): Instrument {
  return Object.freeze({
    id: PREFIX[prefix] * 10_000_000_000n + BigInt(token),
    segment,
    exchangeInstrumentId: token,
    name,
    kind,
    lotSize,
    tickUnits,
    basePriceUnits: Math.round((price * PRICE_UNITS) / tickUnits) * tickUnits,
  });
}

/** 26 instruments: NSE and BSE equities, index and stock futures, index options, a currency future, MCX
 * commodity futures (17-digit ids above 2^53) and four indices. */
export const defaultInstruments: readonly Instrument[] = Object.freeze([
  make("nseCash", "NSECM", 2885, "RELIANCE", "equity", 1, 2456.9),
  make("nseCash", "NSECM", 11536, "TCS", "equity", 1, 3890.15),
  make("nseCash", "NSECM", 1594, "INFY", "equity", 1, 1542.6),
  make("nseCash", "NSECM", 1333, "HDFCBANK", "equity", 1, 1648.35),
  make("nseCash", "NSECM", 4963, "ICICIBANK", "equity", 1, 1085.2),
  make("nseCash", "NSECM", 3045, "SBIN", "equity", 1, 765.45),
  make("nseCash", "NSECM", 1660, "ITC", "equity", 1, 452.8),
  make("nseCash", "NSECM", 3456, "TATAMOTORS", "equity", 1, 912.55),
  make("bseEquity", "BSECM", 500325, "RELIANCE", "equity", 1, 2457.1),
  make("bseEquity", "BSECM", 532540, "TCS", "equity", 1, 3889.9),
  make("nseDerivative", "NSEFO", 35001, "NIFTY 26JAN FUT", "future", 75, 24118.5),
  make("nseDerivative", "NSEFO", 35012, "BANKNIFTY 26JAN FUT", "future", 30, 51260.4),
  make("nseDerivative", "NSEFO", 52114, "RELIANCE 26JAN FUT", "future", 250, 2468.3),
  make("nseDerivative", "NSEFO", 149108, "NIFTY 26JAN 24000 CE", "option", 75, 212.35),
  make("nseDerivative", "NSEFO", 55252, "NIFTY 26JAN 24000 PE", "option", 75, 96.8),
  make("nseDerivative", "NSEFO", 55307, "BANKNIFTY 26JAN 51500 CE", "option", 30, 388.4),
  make("nseDerivative", "NSEFO", 55308, "BANKNIFTY 26JAN 51500 PE", "option", 30, 512.75),
  make("nseCurrency", "NSECD", 1180, "USDINR 26JAN FUT", "future", 1000, 85.4725, 25),
  make("mcx", "MCXFO", 234230, "GOLD 26FEB FUT", "future", 1, 78215, 10_000),
  make("mcx", "MCXFO", 234633, "CRUDEOIL 26JAN FUT", "future", 100, 6178, 10_000),
  make("mcx", "MCXFO", 235517, "SILVER 26MAR FUT", "future", 30, 91840, 10_000),
  make("nseCash", "NSECM", 2000001, "NIFTY 50", "index", 1, 24085.75, 100),
  make("nseCash", "NSECM", 2000002, "NIFTY BANK", "index", 1, 51210.3, 100),
  make("nseCash", "NSECM", 2000003, "INDIA VIX", "index", 1, 13.4525, 25),
  make("bseIndex", "BSECM", 1, "SENSEX", "index", 1, 79486.32, 100),
  make("bseIndex", "BSECM", 12, "BSE BANKEX", "index", 1, 58790.12, 100),
]);

/** Checks a custom universe: ids unique and uint64, tokens uint32, positive sizes. Throws a TypeError naming the entry. */
export function checkInstruments(instruments: readonly Instrument[]): void {
  if (instruments.length === 0) throw new TypeError("instruments: at least one instrument is needed");
  const seen = new Set<bigint>();
  instruments.forEach((instrument, index) => {
    const where = `instruments[${index}] (${instrument.name})`;
    if (instrument.id < 0n || instrument.id >= 1n << 64n) throw new TypeError(`${where}: id is not a uint64`);
    if (seen.has(instrument.id)) throw new TypeError(`${where}: duplicate id ${instrument.id}`);
    seen.add(instrument.id);
    if (!Number.isInteger(instrument.exchangeInstrumentId) || instrument.exchangeInstrumentId < 0) {
      throw new TypeError(`${where}: exchangeInstrumentId must be a uint32`);
    }
    for (const field of ["lotSize", "tickUnits", "basePriceUnits"] as const) {
      if (!Number.isSafeInteger(instrument[field]) || instrument[field] <= 0) {
        throw new TypeError(`${where}: ${field} must be a positive integer`);
      }
    }
  });
}

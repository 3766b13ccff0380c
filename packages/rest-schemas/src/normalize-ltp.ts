// Last traded prices keyed by bigint from entries in the contract's form or the newer docs' camelCase one.
import { isRecord, messageOf, throwIfErrorBody } from "./envelope.js";
import { parseLossless } from "./json.js";
import { ltpSuccessCamelKind, ltpSuccessKind } from "./kinds/ltp.js";
import { typedFromDocument } from "./parse.js";
import type { InstrumentId } from "./types.js";

/** `contract`: entries keyed InstrumentID / InstrumentName / LTP. `camelCase`: newer docs' instrumentId / ltp. */
export type LtpForm = "contract" | "camelCase";

export interface LastTradedPrice {
  readonly instrumentId: InstrumentId;
  /** Absent when a camelCase entry had no instrumentName. */
  readonly instrumentName?: string;
  readonly ltp: number;
}

export interface NormalizedLtp {
  /** With no entries both forms fit; that case is reported as `contract`. */
  readonly form: LtpForm;
  readonly message?: string;
  /** Keyed by the instrument id of the data key; can hold fewer entries than were requested. */
  readonly prices: Map<InstrumentId, LastTradedPrice>;
}

/** Last traded prices from entries keyed InstrumentID/LTP (the contract) or instrumentId/ltp (newer docs). */
export function normalizeLtp(text: string): NormalizedLtp {
  const { value, bigIntegers } = parseLossless(text);
  throwIfErrorBody(value);
  const data = isRecord(value) && isRecord(value.data) ? Object.values(value.data) : [];
  const camel = data.some((entry) => isRecord(entry) && "instrumentId" in entry && !("InstrumentID" in entry));
  const prices = new Map<InstrumentId, LastTradedPrice>();
  if (camel) {
    const body = typedFromDocument(ltpSuccessCamelKind, value, bigIntegers);
    for (const [key, entry] of Object.entries(body.data)) {
      const name = entry.instrumentName === undefined ? {} : { instrumentName: entry.instrumentName };
      prices.set(BigInt(key), { instrumentId: entry.instrumentId, ...name, ltp: entry.ltp });
    }
    return { form: "camelCase", ...messageOf(body.message), prices };
  }
  const body = typedFromDocument(ltpSuccessKind, value, bigIntegers);
  for (const [key, entry] of Object.entries(body.data)) {
    prices.set(BigInt(key), { instrumentId: entry.InstrumentID, instrumentName: entry.InstrumentName, ltp: entry.LTP });
  }
  const message = isRecord(value) && typeof value.message === "string" ? value.message : undefined;
  return { form: "contract", ...messageOf(message), prices };
}

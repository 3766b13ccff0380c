// A seeded trade book per client and the positions derived from it. Quantities and averages come from the book;
// last_traded_price, unrealized and exposure from the live price. The relations the contract states hold exactly
// (net_position = long - short, trade_net_value = buy value - sell value), and the rest follow one method, written
// out in the README: average cost per side, realized on the closed quantity, unrealized on the open quantity.
import type { PositionRecord } from "@tickwire/rest-schemas";
import type { Instrument } from "./instruments.js";
import { PRICE_UNITS } from "./instruments.js";
import type { PriceBook } from "./prices.js";
import { Prng } from "./prng.js";

export interface TradeRecord {
  readonly trade_id: string;
  /** 17 digits, above 2^53 like the platform's newer order ids: JSON.parse would round it. */
  readonly order_id: bigint;
  readonly client_id: string;
  readonly instrument_id: bigint;
  readonly exchange_segment: string;
  readonly instrument_name: string;
  readonly side: "BUY" | "SELL";
  readonly quantity: number;
  readonly price: number;
  readonly trade_value: number;
  readonly trade_time: string;
}

export interface TradeBook {
  readonly clientCode: string;
  readonly trades: readonly TradeRecord[];
  /** Per instrument: orders placed today (each filled by one or more trades) and unfilled open quantities. */
  readonly orders: ReadonlyMap<bigint, { orderCount: number; openBuy: number; openSell: number }>;
  readonly instruments: readonly Instrument[];
}

/** FNV-1a, so each client's book is its own function of (seed, client code). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const round2 = (value: number) => Math.round(value * 100) / 100 + 0;

/** The trade book of one client: 4 to 6 tradable instruments, 1 to 4 orders each, each filled in 1 to 3 trades. */
export function seedTradeBook(
  seed: number,
  clientCode: string,
  universe: readonly Instrument[],
  startTime: number,
): TradeBook {
  const rng = new Prng((seed ^ hash(clientCode)) >>> 0);
  const tradable = universe.filter((i) => i.kind !== "index");
  const chosen: Instrument[] = [];
  const wanted = Math.min(tradable.length, rng.int(4, 6));
  while (chosen.length < wanted) {
    const candidate = rng.pick(tradable);
    if (!chosen.includes(candidate)) chosen.push(candidate);
  }
  const trades: TradeRecord[] = [];
  const orders = new Map<bigint, { orderCount: number; openBuy: number; openSell: number }>();
  let orderSeq = 0;
  let tradeSeq = 0;
  let time = startTime - 3_600_000;
  for (const instrument of chosen) {
    const orderCount = rng.int(1, 4);
    for (let o = 0; o < orderCount; o++) {
      orderSeq++;
      const orderId = 26010545350000000n + BigInt(hash(clientCode) % 1000) * 10_000n + BigInt(orderSeq);
      const side = rng.next() < 0.55 ? "BUY" : "SELL";
      const fills = rng.int(1, 3);
      for (let f = 0; f < fills; f++) {
        tradeSeq++;
        time += rng.int(1_000, 120_000);
        const priceUnits = instrument.basePriceUnits + rng.step(10) * instrument.tickUnits;
        const quantity = instrument.lotSize * rng.int(1, 10);
        const price = priceUnits / PRICE_UNITS;
        trades.push({
          trade_id: `${clientCode}-T${String(tradeSeq).padStart(6, "0")}`,
          order_id: orderId,
          client_id: clientCode,
          instrument_id: instrument.id,
          exchange_segment: instrument.segment,
          instrument_name: instrument.name,
          side,
          quantity,
          price,
          trade_value: round2((quantity * priceUnits) / PRICE_UNITS),
          trade_time: new Date(time).toISOString(),
        });
      }
    }
    const open = () => (rng.next() < 0.3 ? instrument.lotSize * rng.int(1, 5) : 0);
    orders.set(instrument.id, { orderCount, openBuy: open(), openSell: open() });
  }
  return { clientCode, trades, orders, instruments: chosen };
}

/** Positions of one client, one record per instrument it traded, priced at the book's current prices. */
export function positionsOf(book: TradeBook, prices: PriceBook, entityId: string): PositionRecord[] {
  return book.instruments.map((instrument) => {
    const trades = book.trades.filter((t) => t.instrument_id === instrument.id);
    let long = 0;
    let short = 0;
    let buyUnits = 0;
    let sellUnits = 0;
    for (const t of trades) {
      const units = Math.round(t.price * PRICE_UNITS) * t.quantity;
      if (t.side === "BUY") {
        long += t.quantity;
        buyUnits += units;
      } else {
        short += t.quantity;
        sellUnits += units;
      }
    }
    const ltp = prices.get(instrument.id)?.ltp ?? instrument.basePriceUnits / PRICE_UNITS;
    const buyValue = buyUnits / PRICE_UNITS;
    const sellValue = sellUnits / PRICE_UNITS;
    const avgBuy = long > 0 ? buyValue / long : 0;
    const avgSell = short > 0 ? sellValue / short : 0;
    const net = long - short;
    const avgNet = net > 0 ? avgBuy : net < 0 ? avgSell : 0;
    const closed = Math.min(long, short);
    const orders = book.orders.get(instrument.id) ?? { orderCount: 0, openBuy: 0, openSell: 0 };
    const turnover = buyValue + sellValue;
    return {
      entity_id: entityId,
      client_id: book.clientCode,
      rms_entity_code: "",
      instrument_id: instrument.id,
      exchange_segment: instrument.segment,
      instrument_name: instrument.name,
      non_ack_buy_quantity: 0,
      non_ack_sell_quantity: 0,
      open_buy_quantity: orders.openBuy,
      open_sell_quantity: orders.openSell,
      long_position: long,
      short_position: short,
      net_position: net,
      net_position_in_lot: net / instrument.lotSize,
      order_count: orders.orderCount,
      trade_count: trades.length,
      // The seeded book is intraday: nothing is carried over from an earlier day.
      previous_net_position: 0,
      trade_buy_value: round2(buyValue),
      trade_sell_value: round2(sellValue),
      trade_net_value: round2(buyValue - sellValue),
      avg_buy: avgBuy,
      avg_sell: avgSell,
      avg_net: avgNet,
      exposure: round2(Math.abs(net) * ltp),
      unrealized: round2(net * (ltp - avgNet)),
      realized: round2(closed * (avgSell - avgBuy)),
      last_traded_price: ltp,
      open_position_trade_value: round2(Math.abs(net) * avgNet),
      turnover_value: round2(turnover),
      turnover_value_options: instrument.kind === "option" ? round2(turnover) : 0,
    };
  });
}

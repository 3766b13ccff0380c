// A realistic mixed feed, drawn from a seeded generator until the sandbox simulator
// lands (issue: "a generator with the same distribution"). Swap `mixedFeed` for a
// simulator capture then; every suite takes its mixed frames from here.
//
// The distribution (per message, independent draws; documented in the README):
//   30% TickData (compact tick, 506)        10% TickDataMessage (500)
//   30% TouchLineDataMessage, 1-5 levels a side (5 in 80% of messages)
//   10% MarketDepthMessage, 20 levels a side (5-19 in 25% of messages)
//   12% IncrementalUpdateMessage, 1-20 entries (geometric, mean ~4)
//    5% IndexDataMessage                     3% IndexDataListMessage, 10-50 indices
// Instruments: 500, drawn with Zipf(1) popularity (the top 10 get ~30% of traffic),
// 15-16 digit IDs below 2^53 (platform-notes.md), prices on a random walk in 0.05
// ticks; OI is zero for the equity half of the universe; ID is a sequence number.
import { create, toBinary } from "@bufbuild/protobuf";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";

export const FIRST_MESSAGE_ID = 262090000149108n;

/** mulberry32: small, fast, and the same sequence on every engine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ["RELIANCE", "TCS", "HDFCBANK", "INFY", "ICICIBANK", "SBIN", "BHARTIARTL", "ITC", "LT", "AXISBANK"];
const INDICES = ["NIFTY 50", "NIFTY BANK", "NIFTY IT", "NIFTY MIDCAP 100", "SENSEX", "NIFTY FIN SERVICE"];

interface Instrument {
  id: bigint;
  segment: number;
  exchangeId: number;
  name: string;
  price: number;
  derivative: boolean;
}

function universe(random: () => number): Instrument[] {
  return Array.from({ length: 500 }, (_, i) => {
    const derivative = i % 2 === 1;
    const base = NAMES[i % NAMES.length];
    return {
      id: (derivative ? 2041920000055251n : 1010010000002885n) + BigInt(i * 7919),
      segment: derivative ? 2 : 1,
      exchangeId: 2885 + i * 13,
      name: derivative ? `${base}24NOV${2000 + (i % 40) * 50}CE` : base,
      price: Math.round((100 + random() * 4900) * 20) / 20,
      derivative,
    };
  });
}

/** Cumulative Zipf(1) weights over n ranks. */
function zipf(n: number): number[] {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => {
    sum += w / total;
    return sum;
  });
}

type Init = Parameters<typeof create<typeof MarketDataMessageBaseSchema>>[1];

/**
 * `count` messages of the mixed feed, the same for a given seed on every run and engine.
 * Message IDs count up from FIRST_MESSAGE_ID, so a stream's order can be checked.
 */
export function mixedFeed(count: number, seed = 20241121): MarketDataMessageBase[] {
  const random = seededRandom(seed);
  const instruments = universe(random);
  const popularity = zipf(instruments.length);
  const pick = (): Instrument => {
    const u = random();
    let lo = 0;
    let hi = popularity.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (popularity[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return instruments[lo];
  };
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const tick = (p: number) => Math.round(p * 20) / 20;
  let clock = 1700000000000;

  const out: MarketDataMessageBase[] = [];
  for (let n = 0; n < count; n++) {
    clock += int(0, 3);
    const inst = pick();
    inst.price = Math.max(1, tick(inst.price + (random() - 0.5) * 0.5));
    const head = { InstrumentID: inst.id, ExchangeSegment: inst.segment, ExchangeInstrumentID: inst.exchangeId };
    const levels = (depth: number, from: number, step: number) =>
      Array.from({ length: depth }, (_, i) => ({
        Qty: int(1, 200) * 25,
        Price: tick(from + i * step),
        Orders: int(1, 40),
      }));
    const book = (depth: number) => ({
      ...head,
      InstrumentName: inst.name,
      TimeStamp: BigInt(clock),
      LTP: inst.price,
      LTQ: int(1, 500),
      LTT: BigInt(Math.floor(clock / 1000)),
      ATP: tick(inst.price * (0.99 + random() * 0.02)),
      VTT: BigInt(int(1000, 50_000_000)),
      TBQ: BigInt(int(1000, 5_000_000)),
      TSQ: BigInt(int(1000, 5_000_000)),
      Open: tick(inst.price * 0.99),
      High: tick(inst.price * 1.01),
      Low: tick(inst.price * 0.98),
      Close: tick(inst.price * 0.995),
      OI: inst.derivative ? BigInt(int(10_000, 9_000_000)) : 0n,
      BestBidLevel: levels(depth, inst.price - 0.05, -0.05),
      BestAskLevel: levels(depth, inst.price + 0.05, 0.05),
    });
    const indexData = (i: number) => {
      const last = 19000 + random() * 3000;
      return {
        InstrumentID: 26000n + BigInt(i),
        ExchangeSegment: 1,
        ExchangeInstrumentID: 26000 + i,
        IndexName: INDICES[i % INDICES.length],
        TimeStamp: BigInt(clock),
        Last: tick(last),
        Open: tick(last * 0.995),
        High: tick(last * 1.01),
        Low: tick(last * 0.99),
        Close: tick(last * 0.998),
        YearlyHigh: tick(last * 1.2),
        YearlyLow: tick(last * 0.8),
        NetChangeIndicator: int(0, 1),
      };
    };

    const u = random();
    let init: Init;
    if (u < 0.3) {
      init = {
        MessageCode: 1512,
        subtype: {
          case: "TickData",
          value: { ...head, InstrumentName: inst.name, LTP: inst.price, LTQ: int(1, 500), LTT: BigInt(clock), Flag: 1 },
        },
      };
    } else if (u < 0.4) {
      init = {
        MessageCode: 1500,
        subtype: {
          case: "TickDataMessage",
          value: {
            ...head,
            InstrumentName: inst.name,
            TimeStamp: BigInt(clock),
            LTP: inst.price,
            LTQ: int(1, 500),
            LTT: BigInt(clock),
          },
        },
      };
    } else if (u < 0.7) {
      init = {
        MessageCode: 1501,
        subtype: { case: "TouchLineDataMessage", value: book(random() < 0.8 ? 5 : int(1, 4)) },
      };
    } else if (u < 0.8) {
      init = {
        MessageCode: 1502,
        subtype: { case: "MarketDepthMessage", value: book(random() < 0.75 ? 20 : int(5, 19)) },
      };
    } else if (u < 0.92) {
      let entries = 1;
      while (entries < 20 && random() < 0.75) entries++;
      init = {
        MessageCode: 1510,
        subtype: {
          case: "IncrementalUpdateMessage",
          value: {
            MDEntriesList: Array.from({ length: entries }, (_, i) => ({
              MDUpdateAction: int(0, 2),
              MDEntryType: int(0, 2),
              ...head,
              InstrumentName: inst.name,
              MDEntryPrice: tick(inst.price + (i - entries / 2) * 0.05),
              MDEntrySize: int(1, 200) * 25,
              MDEntryTime: Math.floor(clock / 1000) % 86_400,
              MDEntryPosition: i,
              OI: inst.derivative ? BigInt(int(10_000, 9_000_000)) : 0n,
            })),
          },
        },
      };
    } else if (u < 0.97) {
      init = { MessageCode: 1504, subtype: { case: "IndexDataMessage", value: { IndexData: indexData(int(0, 49)) } } };
    } else {
      const size = int(10, 50);
      init = {
        MessageCode: 1505,
        subtype: {
          case: "IndexDataListMessage",
          value: { IndexDataList: Array.from({ length: size }, (_, i) => indexData(i)) },
        },
      };
    }
    init.ID = FIRST_MESSAGE_ID + BigInt(n);
    init.MessageSize = 0;
    out.push(create(MarketDataMessageBaseSchema, init));
  }
  return out;
}

/** The wire bytes of each message (protobuf-es toBinary: the reference encoder). */
export function encodeAll(messages: MarketDataMessageBase[]): Uint8Array[] {
  return messages.map((m) => toBinary(MarketDataMessageBaseSchema, m));
}

/** A size-delimited capture (varint length, then the message) of `frames`, repeated to at least `minBytes`. */
export function delimitedCapture(frames: Uint8Array[], minBytes: number): { bytes: Uint8Array; count: number } {
  let perPass = 0;
  for (const f of frames) perPass += varintLength(f.length) + f.length;
  const passes = Math.max(1, Math.ceil(minBytes / perPass));
  const bytes = new Uint8Array(perPass * passes);
  let at = 0;
  for (let p = 0; p < passes; p++) {
    for (const f of frames) {
      let len = f.length;
      while (len > 0x7f) {
        bytes[at++] = (len & 0x7f) | 0x80;
        len >>>= 7;
      }
      bytes[at++] = len;
      bytes.set(f, at);
      at += f.length;
    }
  }
  return { bytes, count: frames.length * passes };
}

export function varintLength(value: number): number {
  let n = 1;
  while (value > 0x7f) {
    value >>>= 7;
    n++;
  }
  return n;
}

// fast-check arbitraries for every message of the schema, biased toward the
// edges: 64-bit extremes, negative int32 (10-byte varints), NaN and ±Infinity,
// -0, multi-byte, lone-surrogate and long strings, empty and long lists.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";
import fc from "fast-check";

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

export const int32 = fc.oneof(
  fc.constantFrom(0, -1, 1, INT32_MIN, INT32_MAX, 127, 128, 16383, 16384),
  fc.integer({ min: INT32_MIN, max: INT32_MAX }),
);
export const uint32 = fc.oneof(fc.constantFrom(0, 1, 0xffffffff, 0x80000000), fc.integer({ min: 0, max: 0xffffffff }));
export const uint64 = fc.oneof(
  fc.constantFrom(0n, 1n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 63n, 2n ** 64n - 1n, 1010010000002885n),
  fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }),
);
export const int64 = fc.oneof(
  fc.constantFrom(
    0n,
    -1n,
    1n,
    -(2n ** 63n),
    2n ** 63n - 1n,
    2n ** 53n - 1n,
    -(2n ** 53n - 1n),
    2n ** 53n,
    -(2n ** 53n),
  ),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: -(2n ** 53n - 1n), max: 2n ** 53n - 1n }),
);
export const double = fc.oneof(fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0, 1e-300, 2 ** 53), fc.double());
export const text = fc.oneof(
  fc.constantFrom("", "RELIANCE", "NIFTY 50", "\uFEFFbom", "ü", "€ 1", "😀", "\uD800", "a\uDC00b"),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ minLength: 100, maxLength: 400 }),
);
const segment = fc.oneof(fc.constantFrom(0, 1, 2, 3, 4, 11, 12, 13, 14, 21, 31), int32);

const level = fc.record({ Qty: int32, Price: double, Orders: int32 }, { requiredKeys: [] });
const levels = fc.oneof(fc.array(level, { maxLength: 6 }), fc.array(level, { minLength: 20, maxLength: 60 }));

const instrument = {
  InstrumentID: uint64,
  ExchangeSegment: segment,
  ExchangeInstrumentID: uint32,
  InstrumentName: text,
};
const tickDataMessage = fc.record(
  { ...instrument, TimeStamp: int64, LTP: double, LTQ: int32, LTT: int64 },
  { requiredKeys: [] },
);
const touchLine = fc.record(
  {
    ...instrument,
    TimeStamp: int64,
    LTP: double,
    LTQ: int32,
    LTT: int64,
    ATP: double,
    VTT: int64,
    TBQ: int64,
    TSQ: int64,
    Open: double,
    High: double,
    Low: double,
    Close: double,
    OI: int64,
    BestBidLevel: levels,
    BestAskLevel: levels,
  },
  { requiredKeys: [] },
);
const tickData = fc.record({ ...instrument, LTP: double, LTQ: int32, LTT: int64, Flag: int32 }, { requiredKeys: [] });
const indexData = fc.record(
  {
    InstrumentID: uint64,
    ExchangeSegment: segment,
    ExchangeInstrumentID: uint32,
    IndexName: text,
    TimeStamp: int64,
    Last: double,
    Open: double,
    High: double,
    Low: double,
    Close: double,
    YearlyHigh: double,
    YearlyLow: double,
    NetChangeIndicator: uint32,
  },
  { requiredKeys: [] },
);
const mdEntry = fc.record(
  {
    MDUpdateAction: int32,
    MDEntryType: int32,
    ...instrument,
    MDEntryPrice: double,
    MDEntrySize: int32,
    MDEntryTime: int32,
    MDEntryPosition: int32,
    OI: int64,
  },
  { requiredKeys: [] },
);

const subtype = fc.oneof(
  fc.constant({ case: undefined }),
  fc.record({ case: fc.constant("TickDataMessage"), value: tickDataMessage }),
  fc.record({ case: fc.constant("TouchLineDataMessage"), value: touchLine }),
  fc.record({ case: fc.constant("MarketDepthMessage"), value: touchLine }),
  fc.record({
    case: fc.constant("IndexDataMessage"),
    value: fc.oneof(fc.constant({}), fc.record({ IndexData: indexData })),
  }),
  fc.record({
    case: fc.constant("IndexDataListMessage"),
    value: fc.record({
      IndexDataList: fc.oneof(
        fc.array(indexData, { maxLength: 4 }),
        fc.array(indexData, { minLength: 30, maxLength: 60 }),
      ),
    }),
  }),
  fc.record({
    case: fc.constant("IncrementalUpdateMessage"),
    value: fc.record({ MDEntriesList: fc.array(mdEntry, { maxLength: 25 }) }),
  }),
  fc.record({ case: fc.constant("TickData"), value: tickData }),
);

/** Any valid MarketDataMessageBase, built by protobuf-es's create(). */
export const message: fc.Arbitrary<MarketDataMessageBase> = fc
  .record({ MessageCode: int32, ID: uint64, MessageSize: int32, subtype }, { requiredKeys: ["subtype"] })
  .map((init) =>
    create(MarketDataMessageBaseSchema, init as Parameters<typeof create<typeof MarketDataMessageBaseSchema>>[1]),
  );

/** The serialized form of `message`. */
export const messageBytes = message.map((m) => toBinary(MarketDataMessageBaseSchema, m));

/** One to six messages' bytes, and a chunk size to cut their stream at: what the stream tests feed a decoder. */
export const streamOfMessages = fc.tuple(
  fc.array(messageBytes, { minLength: 1, maxLength: 6 }),
  fc.integer({ min: 1, max: 64 }),
);

export const toBytes = (m: MarketDataMessageBase): Uint8Array => toBinary(MarketDataMessageBaseSchema, m);

/** The reference: protobuf-es's reading, without unknown fields. */
export const reference = (bytes: Uint8Array): MarketDataMessageBase =>
  fromBinary(MarketDataMessageBaseSchema, bytes, { readUnknownFields: false });

/** A deep copy with every bigint passed through `convert` (for the "string" and "number" modes). */
export function mapBigInts(value: unknown, convert: (n: bigint) => unknown): unknown {
  if (typeof value === "bigint") return convert(value);
  if (Array.isArray(value)) return value.map((v) => mapBigInts(v, convert));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapBigInts(v, convert);
    return out;
  }
  return value;
}

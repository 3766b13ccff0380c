// The five benchmark frames of the codec issue, built with protobuf-es from realistic values.
// Moved here from packages/codec/bench: this package is the one source of benchmark inputs.
import { create, toBinary } from "@bufbuild/protobuf";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";

type Init = Parameters<typeof create<typeof MarketDataMessageBaseSchema>>[1];

const levels = (n: number, base: number) =>
  Array.from({ length: n }, (_, i) => ({ Qty: 100 + i * 25, Price: base + i * 0.05, Orders: 1 + (i % 7) }));

const instrument = (i: number) => ({
  InstrumentID: 1010010000002885n + BigInt(i),
  ExchangeSegment: 1,
  ExchangeInstrumentID: 2885 + i,
});

const touch = (depth: number) => ({
  ...instrument(0),
  InstrumentName: "RELIANCE",
  TimeStamp: 1700000000123n,
  LTP: 2456.35,
  LTQ: 15,
  LTT: 1700000000n,
  ATP: 2450.12,
  VTT: 8123456n,
  TBQ: 456789n,
  TSQ: 398765n,
  Open: 2440,
  High: 2461.5,
  Low: 2431.1,
  Close: 2445.75,
  OI: 0n,
  BestBidLevel: levels(depth, 2456.3),
  BestAskLevel: levels(depth, 2456.4),
});

const inits: Record<string, Init> = {
  TickData: {
    MessageCode: 1512,
    ID: 262090000149108n,
    subtype: {
      case: "TickData",
      value: { ...instrument(0), InstrumentName: "RELIANCE", LTP: 2456.35, LTQ: 15, LTT: 1700000000n, Flag: 1 },
    },
  },
  "TouchLine-5+5": {
    MessageCode: 1501,
    ID: 262090000149109n,
    subtype: { case: "TouchLineDataMessage", value: touch(5) },
  },
  "MarketDepth-20+20": {
    MessageCode: 1502,
    ID: 262090000149110n,
    subtype: { case: "MarketDepthMessage", value: touch(20) },
  },
  "IndexDataList-50": {
    MessageCode: 1505,
    ID: 262090000149111n,
    subtype: {
      case: "IndexDataListMessage",
      value: {
        IndexDataList: Array.from({ length: 50 }, (_, i) => ({
          ...instrument(i),
          IndexName: `NIFTY INDEX ${i}`,
          TimeStamp: 1700000000123n + BigInt(i),
          Last: 19500.25 + i,
          Open: 19400,
          High: 19600.5,
          Low: 19350.75,
          Close: 19420.1,
          YearlyHigh: 20222.45,
          YearlyLow: 16828.35,
          NetChangeIndicator: i % 2,
        })),
      },
    },
  },
  "IncrementalUpdate-20": {
    MessageCode: 1510,
    ID: 262090000149112n,
    subtype: {
      case: "IncrementalUpdateMessage",
      value: {
        MDEntriesList: Array.from({ length: 20 }, (_, i) => ({
          MDUpdateAction: i % 3,
          MDEntryType: i % 2,
          ...instrument(i % 4),
          InstrumentName: "BANKNIFTY24NOVFUT",
          MDEntryPrice: 51234.5 + i * 0.05,
          MDEntrySize: 15 * (i + 1),
          MDEntryTime: 33_000 + i,
          MDEntryPosition: i,
          OI: 1234567n + BigInt(i),
        })),
      },
    },
  },
};

export const frames: { name: string; message: MarketDataMessageBase; bytes: Uint8Array }[] = Object.entries(inits).map(
  ([name, init]) => {
    const message = create(MarketDataMessageBaseSchema, init);
    return { name, message, bytes: toBinary(MarketDataMessageBaseSchema, message) };
  },
);

import { ExchangeSegment, type MarketDataMessageBase } from "./gen/tickwire/marketdata/v1/marketdata_pb.js";

/** The contract's segment names: `"NONE"`, `"NSECM"`, ... */
export type ExchangeSegmentName = keyof typeof ExchangeSegment & string;

export interface ExchangeSegmentEntry {
  readonly name: ExchangeSegmentName;
  readonly number: ExchangeSegment;
}

/**
 * The exchange-segment table of docs/contract.md, "Enum ExchangeSegment", in number order. It is the one
 * place segment constants live, so it cannot drift from the enum.
 */
export const exchangeSegments: readonly ExchangeSegmentEntry[] = Object.freeze(
  Object.entries(ExchangeSegment)
    .filter((entry): entry is [ExchangeSegmentName, ExchangeSegment] => typeof entry[1] === "number")
    .map(([name, number]) => Object.freeze({ name, number }))
    .sort((a, b) => a.number - b.number),
);

const byName = new Map<string, ExchangeSegmentEntry>(exchangeSegments.map((e) => [e.name, e]));
const byNumber = new Map<number, ExchangeSegmentEntry>(exchangeSegments.map((e) => [e.number, e]));

/** Looks a segment up by its contract name (exact case); `undefined` if unknown. */
export function exchangeSegmentByName(name: string): ExchangeSegmentEntry | undefined {
  return byName.get(name);
}

/** Looks a segment up by its wire number; `undefined` for numbers the contract does not list. */
export function exchangeSegmentByNumber(number: number): ExchangeSegmentEntry | undefined {
  return byNumber.get(number);
}

/**
 * A message's time in epoch milliseconds: `TimeStamp` where the subtype has one, `LTT` for TickData, `MDEntryTime`
 * (seconds) of the first entry for incremental updates; `undefined` when none is set.
 */
export function messageTime(message: MarketDataMessageBase): number | undefined {
  const { subtype } = message;
  switch (subtype.case) {
    case "TickDataMessage":
    case "TouchLineDataMessage":
    case "MarketDepthMessage":
      return Number(subtype.value.TimeStamp) || undefined;
    case "IndexDataMessage":
      return Number(subtype.value.IndexData?.TimeStamp ?? 0) || undefined;
    case "IndexDataListMessage":
      return Number(subtype.value.IndexDataList[0]?.TimeStamp ?? 0) || undefined;
    case "TickData":
      return Number(subtype.value.LTT) || undefined;
    case "IncrementalUpdateMessage": {
      const seconds = subtype.value.MDEntriesList[0]?.MDEntryTime ?? 0;
      return seconds ? seconds * 1000 : undefined;
    }
    default:
      return undefined;
  }
}

/** The instrument ids a message carries, in order, without repeats. */
export function messageIds(message: MarketDataMessageBase): bigint[] {
  const { subtype } = message;
  switch (subtype.case) {
    case "IndexDataMessage":
      return subtype.value.IndexData ? [subtype.value.IndexData.InstrumentID] : [];
    case "IndexDataListMessage":
      return [...new Set(subtype.value.IndexDataList.map((entry) => entry.InstrumentID))];
    case "IncrementalUpdateMessage":
      return [...new Set(subtype.value.MDEntriesList.map((entry) => entry.InstrumentID))];
    case undefined:
      return [];
    default:
      return [subtype.value.InstrumentID];
  }
}

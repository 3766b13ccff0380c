import { ExchangeSegment } from "./gen/tickwire/marketdata/v1/marketdata_pb.js";

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

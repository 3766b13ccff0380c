// The market watch's columns: what each shows of an instrument's quote, how it sorts, and its header.
import type { InstrumentInfo } from "../protocol.js";
import { changeAgainstClose, EXCHANGE_ZONE_LABEL, formatExchangeTime, formatPrice, formatWhole } from "./format.js";
import type { Quote } from "./model.js";

export interface Line {
  info: InstrumentInfo;
  quote: Quote | null;
  /** Decimals prices of this instrument show: from its price step, else the most its prices have needed. */
  decimals: number;
  /** Segment name: from the board's options, else from the first message. */
  segment: string | null;
}

export interface Column {
  key: string;
  label: string;
  /** A longer name for the header's title and screen readers. */
  title: string;
  text(line: Line): string;
  /** The value the column sorts by; null sorts last. */
  sortValue(line: Line): number | string | null;
}

const price = (pick: (quote: Quote) => number | null, key: string, label: string, title = label): Column => ({
  key,
  label,
  title,
  text: (line) => (line.quote === null ? "" : formatPrice(pick(line.quote), line.decimals)),
  sortValue: (line) => (line.quote === null ? null : pick(line.quote)),
});
const quantity = (pick: (quote: Quote) => number | null, key: string, label: string, title = label): Column => ({
  key,
  label,
  title,
  text: (line) => (line.quote === null ? "" : formatWhole(pick(line.quote))),
  sortValue: (line) => (line.quote === null ? null : pick(line.quote)),
});
const change = (line: Line) => changeAgainstClose(line.quote?.ltp ?? null, line.quote?.close ?? null, line.decimals);

export const NAME_COLUMN: Column = {
  key: "name",
  label: "Instrument",
  title: "Instrument, its segment",
  text: (line) => line.info.name ?? `Unknown instrument ${line.info.id}`,
  sortValue: (line) => `${line.info.name ?? "~"} ${line.segment ?? ""}`,
};

export const COLUMNS: readonly Column[] = [
  NAME_COLUMN,
  price((q) => q.ltp, "ltp", "LTP", "Last traded price"),
  {
    key: "chg",
    label: "Chg",
    title: "Change against the previous close",
    text: (line) => change(line).points,
    sortValue: (line) => change(line).value,
  },
  {
    key: "chgPct",
    label: "Chg %",
    title: "Change against the previous close, percent",
    text: (line) => change(line).percent,
    sortValue: (line) => change(line).value,
  },
  quantity((q) => q.ltq, "ltq", "LTQ", "Last traded quantity"),
  quantity((q) => q.bidQty, "bidQty", "Bid qty", "Best bid quantity"),
  price((q) => q.bid, "bid", "Bid", "Best bid"),
  price((q) => q.ask, "ask", "Ask", "Best ask"),
  quantity((q) => q.askQty, "askQty", "Ask qty", "Best ask quantity"),
  price((q) => q.open, "open", "Open"),
  price((q) => q.high, "high", "High"),
  price((q) => q.low, "low", "Low"),
  price((q) => q.close, "close", "Prev close", "Previous close"),
  quantity((q) => q.volume, "volume", "Volume", "Volume traded today"),
  quantity((q) => q.buyQty, "buyQty", "Tot buy qty", "Total buy quantity"),
  quantity((q) => q.sellQty, "sellQty", "Tot sell qty", "Total sell quantity"),
  quantity((q) => q.oi, "oi", "OI", "Open interest (where the feed carries it)"),
  {
    key: "time",
    label: `Exch time (${EXCHANGE_ZONE_LABEL})`,
    title: "The exchange's time of the last message, India Standard Time",
    text: (line) => formatExchangeTime(line.quote?.exchangeTime ?? null),
    sortValue: (line) => line.quote?.exchangeTime ?? null,
  },
];

export function changeDirection(line: Line): string {
  return change(line).direction;
}

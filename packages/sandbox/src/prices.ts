// The last price of every instrument as the feed has published it. The LTP endpoint and the positions read it, so
// REST answers agree with the frames a subscriber has seen, in simulated and in replayed feeds alike.
import type { ExchangeSegmentName, MarketDataMessageBase } from "@tickwire/proto";
import { exchangeSegmentByNumber } from "@tickwire/proto";
import { type Instrument, PRICE_UNITS } from "./instruments.js";

export interface PriceEntry {
  readonly id: bigint;
  name: string;
  segment: ExchangeSegmentName;
  ltp: number;
}

export class PriceBook {
  private readonly entries = new Map<bigint, PriceEntry>();

  constructor(instruments: readonly Instrument[]) {
    for (const i of instruments) {
      this.entries.set(i.id, { id: i.id, name: i.name, segment: i.segment, ltp: i.basePriceUnits / PRICE_UNITS });
    }
  }

  get(id: bigint): PriceEntry | undefined {
    return this.entries.get(id);
  }

  has(id: bigint): boolean {
    return this.entries.has(id);
  }

  private set(id: bigint, name: string, segment: number, ltp: number): void {
    const entry = this.entries.get(id);
    if (entry) {
      entry.ltp = ltp;
      return;
    }
    const segmentName = exchangeSegmentByNumber(segment)?.name ?? "NONE";
    this.entries.set(id, { id, name, segment: segmentName, ltp });
  }

  /** Takes the traded price (or index value) a message carries, if any. */
  observe(message: MarketDataMessageBase): void {
    const { subtype } = message;
    switch (subtype.case) {
      case "TickData":
      case "TickDataMessage":
      case "TouchLineDataMessage":
      case "MarketDepthMessage": {
        const v = subtype.value;
        if (v.LTP > 0) this.set(v.InstrumentID, v.InstrumentName, v.ExchangeSegment, v.LTP);
        return;
      }
      case "IndexDataMessage": {
        const v = subtype.value.IndexData;
        if (v && v.Last > 0) this.set(v.InstrumentID, v.IndexName, v.ExchangeSegment, v.Last);
        return;
      }
      case "IndexDataListMessage":
        for (const v of subtype.value.IndexDataList) {
          if (v.Last > 0) this.set(v.InstrumentID, v.IndexName, v.ExchangeSegment, v.Last);
        }
        return;
      case "IncrementalUpdateMessage":
        for (const v of subtype.value.MDEntriesList) {
          // MDEntryType 2 is a trade (FIX tag 269 numbering, docs/platform.md).
          if (v.MDEntryType === 2 && v.MDEntryPrice > 0) {
            this.set(v.InstrumentID, v.InstrumentName, v.ExchangeSegment, v.MDEntryPrice);
          }
        }
        return;
      default:
        return;
    }
  }
}

// What the board shows, built from decoded views in the worker: per instrument the last price, the open, the
// volume, when it last changed and a short price history; the depth ladder of the selected instrument; totals.
// Views are recycled frame to frame, so everything is copied out as plain numbers here.
import type { MarketDataMessageBaseView, MarketDepthMessageView } from "@tickwire/codec";

/** Points of price history kept per instrument for its sparkline. */
export const HISTORY_POINTS = 120;
/** Depth levels shown on each side of the ladder. */
export const LADDER_LEVELS = 10;

export interface Row {
  id: number;
  /** ExchangeSegment number, once a message has said it. */
  segment: number | null;
  ltp: number | null;
  open: number | null;
  volume: number | null;
  /** Receive time (ms since the epoch) of the last message that moved the price. */
  updatedAt: number | null;
  messages: number;
  history: number[];
}

export interface Level {
  price: number;
  qty: number;
  orders: number;
}

export interface Ladder {
  id: number;
  bids: Level[];
  asks: Level[];
  /** The depth message's own LTP, for a check against the table. */
  ltp: number;
}

export interface Snapshot {
  rows: Row[];
  ladder: Ladder | null;
  /** Frames decoded since the page opened. */
  messages: number;
  decodeErrors: number;
  messagesPerSecond: number;
  /** Mean decode time per frame over the last interval, in nanoseconds. */
  decodeNsPerMessage: number;
}

export class BoardModel {
  private readonly rows = new Map<number, Row>();
  private selected: number | null = null;
  private ladder: Ladder | null = null;
  private messages = 0;
  private decodeErrors = 0;
  private intervalMessages = 0;
  private intervalDecodeMs = 0;
  private intervalStart: number;

  constructor(
    ids: readonly number[],
    private readonly now: () => number = () => Date.now(),
  ) {
    for (const id of ids)
      this.rows.set(id, {
        id,
        segment: null,
        ltp: null,
        open: null,
        volume: null,
        updatedAt: null,
        messages: 0,
        history: [],
      });
    this.intervalStart = now();
  }

  select(id: number | null): void {
    this.selected = id;
    if (this.ladder?.id !== id) this.ladder = null;
  }

  seed(id: number, ltp: number | null): void {
    const row = this.rows.get(id);
    if (row && ltp !== null) row.ltp = ltp;
  }

  /** Decode time of a chunk of `frames` frames, measured around the decoder by the worker. */
  timed(frames: number, ms: number): void {
    this.intervalMessages += frames;
    this.intervalDecodeMs += ms;
  }

  error(): void {
    this.decodeErrors++;
  }

  apply(view: MarketDataMessageBaseView): void {
    this.messages++;
    const at = this.now();
    const { subtype } = view;
    switch (subtype.case) {
      case "TickData":
      case "TickDataMessage":
        this.price(subtype.value.InstrumentID, subtype.value.ExchangeSegment, subtype.value.LTP, at);
        return;
      case "TouchLineDataMessage": {
        const v = subtype.value;
        this.price(v.InstrumentID, v.ExchangeSegment, v.LTP, at, v.Open, v.VTT);
        return;
      }
      case "MarketDepthMessage": {
        const v = subtype.value;
        this.price(v.InstrumentID, v.ExchangeSegment, v.LTP, at, v.Open, v.VTT);
        if (v.InstrumentID === this.selected) this.ladder = copyLadder(v);
        return;
      }
      case "IndexDataMessage": {
        const v = subtype.value.IndexData;
        if (v) this.price(v.InstrumentID, v.ExchangeSegment, v.Last, at, v.Open);
        return;
      }
      case "IndexDataListMessage": {
        const list = subtype.value.IndexDataList;
        for (let i = 0; i < list.length; i++) {
          const v = list.at(i);
          if (v) this.price(v.InstrumentID, v.ExchangeSegment, v.Last, at, v.Open);
        }
        return;
      }
      case "IncrementalUpdateMessage": {
        const list = subtype.value.MDEntriesList;
        for (let i = 0; i < list.length; i++) {
          const v = list.at(i);
          // MDEntryType 2 is a trade (FIX tag 269 numbering): the only entry that moves the last price.
          if (v && v.MDEntryType === 2) this.price(v.InstrumentID, v.ExchangeSegment, v.MDEntryPrice, at);
        }
        return;
      }
      default:
        return;
    }
  }

  private price(id: number, segment: number, ltp: number, at: number, open?: number, volume?: number): void {
    const row = this.rows.get(id);
    if (row === undefined) return;
    row.messages++;
    row.segment = segment;
    if (open !== undefined && open > 0) row.open = open;
    if (volume !== undefined && volume > 0) row.volume = volume;
    if (ltp > 0) {
      row.ltp = ltp;
      row.updatedAt = at;
    }
  }

  /** The state to draw; also closes the rate interval and adds one history point per instrument. */
  snapshot(): Snapshot {
    const now = this.now();
    const seconds = Math.max((now - this.intervalStart) / 1000, 1e-3);
    const snapshot: Snapshot = {
      rows: [],
      ladder: this.ladder,
      messages: this.messages,
      decodeErrors: this.decodeErrors,
      messagesPerSecond: this.intervalMessages / seconds,
      decodeNsPerMessage: this.intervalMessages === 0 ? 0 : (this.intervalDecodeMs * 1e6) / this.intervalMessages,
    };
    for (const row of this.rows.values()) {
      if (row.ltp !== null) {
        row.history.push(row.ltp);
        if (row.history.length > HISTORY_POINTS) row.history.shift();
      }
      snapshot.rows.push({ ...row, history: row.history.slice() });
    }
    this.intervalStart = now;
    this.intervalMessages = 0;
    this.intervalDecodeMs = 0;
    return snapshot;
  }
}

function copyLadder(depth: MarketDepthMessageView): Ladder {
  const side = (list: MarketDepthMessageView["BestBidLevel"]): Level[] => {
    const out: Level[] = [];
    for (let i = 0; i < list.length && out.length < LADDER_LEVELS; i++) {
      const level = list.at(i);
      if (level) out.push({ price: level.Price, qty: level.Qty, orders: level.Orders });
    }
    return out;
  };
  return { id: depth.InstrumentID, bids: side(depth.BestBidLevel), asks: side(depth.BestAskLevel), ltp: depth.LTP };
}

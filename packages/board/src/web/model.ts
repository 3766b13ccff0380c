// What the board shows, built from decoded views in the worker: per instrument its quote (last price and quantity,
// best bid and ask, open/high/low/previous close, volume, total buy and sell quantity, open interest, exchange
// time) and its last depth ladder. Views are recycled frame to frame, so everything is copied out as numbers here.
import type { MarketDataMessageBaseView, MarketDepthMessageView } from "@tickwire/codec";

/** Depth levels shown on each side of the ladder. */
export const LADDER_LEVELS = 10;

export interface Quote {
  id: number;
  /** ExchangeSegment number, once a message has said it. */
  segment: number | null;
  ltp: number | null;
  /** Last traded quantity. */
  ltq: number | null;
  bid: number | null;
  bidQty: number | null;
  ask: number | null;
  askQty: number | null;
  open: number | null;
  high: number | null;
  low: number | null;
  /** Previous close. */
  close: number | null;
  /** Volume traded today (VTT). */
  volume: number | null;
  /** Total buy and sell quantity (TBQ, TSQ). */
  buyQty: number | null;
  sellQty: number | null;
  /** Open interest, only where a message carried a non-zero one. */
  oi: number | null;
  /** The message's own time, epoch ms (TimeStamp; LTT for TickData; MDEntryTime, in seconds, for updates). */
  exchangeTime: number | null;
  messages: number;
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

interface TouchLineFields {
  InstrumentID: number;
  ExchangeSegment: number;
  TimeStamp: number;
  LTP: number;
  LTQ: number;
  VTT: number;
  TBQ: number;
  TSQ: number;
  Open: number;
  High: number;
  Low: number;
  Close: number;
  OI: number;
  BestBidLevel: MarketDepthMessageView["BestBidLevel"];
  BestAskLevel: MarketDepthMessageView["BestAskLevel"];
}

const positive = (value: number): number | null => (value > 0 ? value : null);

/** A quote for an instrument no message has reached yet: every field unknown. */
export function emptyQuote(id: number): Quote {
  return {
    id,
    segment: null,
    ltp: null,
    ltq: null,
    bid: null,
    bidQty: null,
    ask: null,
    askQty: null,
    open: null,
    high: null,
    low: null,
    close: null,
    volume: null,
    buyQty: null,
    sellQty: null,
    oi: null,
    exchangeTime: null,
    messages: 0,
  };
}

export class BoardModel {
  private readonly quotes = new Map<number, Quote>();
  private readonly ladders = new Map<number, Ladder>();
  /** Instruments whose quote changed since the last `changed()`. */
  private readonly dirty = new Set<number>();
  private ladderChanged = new Set<number>();

  quote(id: number): Quote {
    let quote = this.quotes.get(id);
    if (quote === undefined) {
      quote = emptyQuote(id);
      this.quotes.set(id, quote);
    }
    return quote;
  }

  /** The last depth message of an instrument, kept for every instrument (not only the one on screen). */
  ladder(id: number): Ladder | null {
    return this.ladders.get(id) ?? null;
  }

  apply(view: MarketDataMessageBaseView): void {
    const { subtype } = view;
    switch (subtype.case) {
      case "TickData": {
        const v = subtype.value;
        this.trade(v.InstrumentID, v.ExchangeSegment, v.LTP, v.LTQ, v.LTT);
        return;
      }
      case "TickDataMessage": {
        const v = subtype.value;
        this.trade(v.InstrumentID, v.ExchangeSegment, v.LTP, v.LTQ, v.TimeStamp);
        return;
      }
      case "TouchLineDataMessage":
        this.touchLine(subtype.value);
        return;
      case "MarketDepthMessage": {
        const v = subtype.value;
        this.touchLine(v);
        this.ladders.set(v.InstrumentID, copyLadder(v));
        this.ladderChanged.add(v.InstrumentID);
        return;
      }
      case "IndexDataMessage": {
        const v = subtype.value.IndexData;
        if (v) this.index(v);
        return;
      }
      case "IndexDataListMessage": {
        const list = subtype.value.IndexDataList;
        for (let i = 0; i < list.length; i++) {
          const v = list.at(i);
          if (v) this.index(v);
        }
        return;
      }
      case "IncrementalUpdateMessage": {
        const list = subtype.value.MDEntriesList;
        for (let i = 0; i < list.length; i++) {
          const v = list.at(i);
          // MDEntryType 2 is a trade (FIX tag 269 numbering): the only entry that moves the last price.
          if (v === undefined) continue;
          if (v.OI > 0) this.quote(v.InstrumentID).oi = v.OI;
          if (v.MDEntryType === 2)
            this.trade(v.InstrumentID, v.ExchangeSegment, v.MDEntryPrice, v.MDEntrySize, v.MDEntryTime * 1000);
        }
        return;
      }
      default:
        return;
    }
  }

  private touch(id: number, segment: number, time: number): Quote {
    const quote = this.quote(id);
    quote.messages++;
    quote.segment = segment;
    if (time > 0) quote.exchangeTime = time;
    this.dirty.add(id);
    return quote;
  }

  private trade(id: number, segment: number, ltp: number, ltq: number, time: number): void {
    const quote = this.touch(id, segment, time);
    if (ltp > 0) quote.ltp = ltp;
    if (ltq > 0) quote.ltq = ltq;
  }

  private touchLine(v: TouchLineFields): void {
    const quote = this.touch(v.InstrumentID, v.ExchangeSegment, v.TimeStamp);
    if (v.LTP > 0) quote.ltp = v.LTP;
    quote.ltq = positive(v.LTQ) ?? quote.ltq;
    quote.open = positive(v.Open) ?? quote.open;
    quote.high = positive(v.High) ?? quote.high;
    quote.low = positive(v.Low) ?? quote.low;
    quote.close = positive(v.Close) ?? quote.close;
    quote.volume = positive(v.VTT) ?? quote.volume;
    quote.buyQty = positive(v.TBQ) ?? quote.buyQty;
    quote.sellQty = positive(v.TSQ) ?? quote.sellQty;
    quote.oi = positive(v.OI) ?? quote.oi;
    const bid = v.BestBidLevel.at(0);
    const ask = v.BestAskLevel.at(0);
    // An empty side is news too: no bid (or ask) right now.
    quote.bid = bid ? bid.Price : null;
    quote.bidQty = bid ? bid.Qty : null;
    quote.ask = ask ? ask.Price : null;
    quote.askQty = ask ? ask.Qty : null;
  }

  private index(v: {
    InstrumentID: number;
    ExchangeSegment: number;
    TimeStamp: number;
    Last: number;
    Open: number;
    High: number;
    Low: number;
    Close: number;
  }): void {
    const quote = this.touch(v.InstrumentID, v.ExchangeSegment, v.TimeStamp);
    if (v.Last > 0) quote.ltp = v.Last;
    quote.open = positive(v.Open) ?? quote.open;
    quote.high = positive(v.High) ?? quote.high;
    quote.low = positive(v.Low) ?? quote.low;
    quote.close = positive(v.Close) ?? quote.close;
  }

  /** Copies of the quotes that changed since the last call. */
  changed(): Quote[] {
    const out: Quote[] = [];
    for (const id of this.dirty) out.push({ ...this.quote(id) });
    this.dirty.clear();
    return out;
  }

  /** Whether the ladder of `id` changed since the last call for it. */
  takeLadderChange(id: number): boolean {
    const changed = this.ladderChanged.has(id);
    this.ladderChanged.delete(id);
    return changed;
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

// A seeded market: random-walk prices in whole ticks, five-level books, OHLC, volume and open interest per
// instrument, and index values. `next()` is a pure function of (seed, instruments, rate, startTime) and the step
// count: timestamps come from a simulated clock (startTime + step / rate), never from the wall clock, so the same
// seed gives the same bytes however fast or slow the server's timer runs.
import type {
  IndexData,
  MarketDataMessageBase,
  MarketDepthMessage,
  MDEntries,
  PriceDepthLevel,
  TouchLineDataMessage,
} from "@tickwire/proto";
import { ExchangeSegment } from "@tickwire/proto";
import { encodeWithSize, type FeedFrame, MESSAGE_CODES } from "./frame.js";
import { checkInstruments, defaultInstruments, type Instrument, PRICE_UNITS } from "./instruments.js";
import { Prng } from "./prng.js";

export interface SimulatorOptions {
  /** Integer seed (default 1). */
  seed?: number;
  instruments?: readonly Instrument[];
  /** Messages per simulated second (default 1000): the simulated clock advances 1/rate s per message. */
  rate?: number;
  /** Simulated clock start, epoch ms (default 2026-01-05T03:45:00Z, 09:15 in Mumbai). Pass Date.now() for live-looking times. */
  startTime?: number;
}

export const DEFAULT_START_TIME = Date.UTC(2026, 0, 5, 3, 45, 0);
const DEPTH_LEVELS = 5;

interface Level {
  priceUnits: number;
  qty: number;
  orders: number;
}

interface InstrumentState {
  readonly instrument: Instrument;
  /** What `messageIds` returns for every message of this instrument: one array for all of them. */
  readonly ids: readonly bigint[];
  readonly segment: ExchangeSegment;
  ltpUnits: number;
  openUnits: number;
  highUnits: number;
  lowUnits: number;
  readonly closeUnits: number;
  ltq: number;
  lttMs: number;
  volume: number;
  turnoverUnits: number;
  oi: number;
  bids: Level[];
  asks: Level[];
}

const price = (units: number) => units / PRICE_UNITS;

export class MarketSimulator {
  readonly instruments: readonly Instrument[];
  readonly rate: number;
  readonly startTime: number;
  private readonly rng: Prng;
  private readonly states: InstrumentState[];
  private readonly byId = new Map<bigint, InstrumentState>();
  private readonly indices: InstrumentState[];
  private readonly indexIds: readonly bigint[];
  private step = 0;

  constructor(options: SimulatorOptions = {}) {
    this.instruments = options.instruments ?? defaultInstruments;
    checkInstruments(this.instruments);
    this.rate = options.rate ?? 1000;
    if (!(this.rate > 0)) throw new RangeError(`rate must be a positive number, received ${String(options.rate)}`);
    this.startTime = options.startTime ?? DEFAULT_START_TIME;
    this.rng = new Prng(options.seed ?? 1);
    this.states = this.instruments.map((instrument) => this.initialState(instrument));
    for (const state of this.states) this.byId.set(state.instrument.id, state);
    this.indices = this.states.filter((s) => s.instrument.kind === "index");
    this.indexIds = Object.freeze([...new Set(this.indices.map((s) => s.instrument.id))]);
  }

  /** Messages produced so far; the next message's ID is this plus one. */
  get count(): number {
    return this.step;
  }

  /** The current last traded price (or index value) of an instrument, `undefined` for an unknown id. */
  lastPrice(id: bigint): number | undefined {
    const state = this.byId.get(id);
    return state && price(state.ltpUnits);
  }

  /** The next message of the feed, encoded. */
  next(): FeedFrame {
    const timeMs = this.startTime + Math.floor((this.step * 1000) / this.rate);
    this.step++;
    const state = this.states[Math.floor(this.rng.next() * this.states.length)];
    const message = this.messageFor(state, timeMs);
    message.ID = BigInt(this.step);
    // Every message names its own instrument, or (an index list) every index: the ids are known without reading the
    // message (messageIds would build a new array, and a Set for a list, per message).
    const ids = message.subtype.case === "IndexDataListMessage" ? this.indexIds : state.ids;
    return { bytes: encodeWithSize(message), message, ids, timeMs };
  }

  private initialState(instrument: Instrument): InstrumentState {
    const ltp = instrument.basePriceUnits;
    const derivative = instrument.kind === "future" || instrument.kind === "option";
    const state: InstrumentState = {
      instrument,
      ids: Object.freeze([instrument.id]),
      segment: ExchangeSegment[instrument.segment],
      ltpUnits: ltp,
      openUnits: ltp,
      highUnits: ltp,
      lowUnits: ltp,
      closeUnits: ltp,
      ltq: 0,
      lttMs: 0,
      volume: 0,
      turnoverUnits: 0,
      oi: derivative ? instrument.lotSize * this.rng.int(1000, 50_000) : 0,
      bids: [],
      asks: [],
    };
    this.rebuildBook(state);
    return state;
  }

  private messageFor(state: InstrumentState, timeMs: number): MarketDataMessageBase {
    if (state.instrument.kind === "index") {
      this.walk(state, timeMs, 0);
      if (this.rng.next() < 0.15) {
        const value = {
          $typeName: "tickwire.marketdata.v1.IndexDataListMessage",
          IndexDataList: this.indexList(timeMs),
        } as const;
        return base(MESSAGE_CODES.IndexDataListMessage, { case: "IndexDataListMessage", value });
      }
      const value = {
        $typeName: "tickwire.marketdata.v1.IndexDataMessage",
        IndexData: this.indexData(state, timeMs),
      } as const;
      return base(MESSAGE_CODES.IndexDataMessage, { case: "IndexDataMessage", value });
    }
    const roll = this.rng.next();
    if (roll < 0.3) {
      this.trade(state, timeMs);
      const value = {
        $typeName: "tickwire.marketdata.v1.TickData",
        ...instrumentFields(state),
        ...lastTrade(state),
        // Sandbox convention (the contract gives no meaning): 1 = traded at or above the previous price, 2 = below.
        Flag: state.ltpUnits >= state.closeUnits ? 1 : 2,
      } as const;
      return base(MESSAGE_CODES.TickData, { case: "TickData", value });
    }
    if (roll < 0.45) {
      this.trade(state, timeMs);
      const value = {
        $typeName: "tickwire.marketdata.v1.TickDataMessage",
        ...instrumentFields(state),
        TimeStamp: BigInt(timeMs),
        ...lastTrade(state),
      } as const;
      return base(MESSAGE_CODES.TickDataMessage, { case: "TickDataMessage", value });
    }
    if (roll < 0.7) {
      this.jiggleBook(state);
      const value = this.touchLine(state, timeMs, 1, "tickwire.marketdata.v1.TouchLineDataMessage");
      return base(MESSAGE_CODES.TouchLineDataMessage, { case: "TouchLineDataMessage", value });
    }
    if (roll < 0.8) {
      this.jiggleBook(state);
      const value = this.touchLine(state, timeMs, DEPTH_LEVELS, "tickwire.marketdata.v1.MarketDepthMessage");
      return base(MESSAGE_CODES.MarketDepthMessage, { case: "MarketDepthMessage", value });
    }
    const value = {
      $typeName: "tickwire.marketdata.v1.IncrementalUpdateMessage",
      MDEntriesList: this.incremental(state, timeMs),
    } as const;
    return base(MESSAGE_CODES.IncrementalUpdateMessage, { case: "IncrementalUpdateMessage", value });
  }

  /** Moves the price by a few ticks, never below one tick, and keeps the day's range. */
  private walk(state: InstrumentState, timeMs: number, qty: number): void {
    const tick = state.instrument.tickUnits;
    state.ltpUnits = Math.max(tick, state.ltpUnits + this.rng.step(3) * tick);
    if (state.ltpUnits > state.highUnits) state.highUnits = state.ltpUnits;
    if (state.ltpUnits < state.lowUnits) state.lowUnits = state.ltpUnits;
    if (qty > 0) {
      state.ltq = qty;
      state.lttMs = timeMs;
      state.volume += qty;
      state.turnoverUnits += qty * state.ltpUnits;
    }
  }

  private trade(state: InstrumentState, timeMs: number): void {
    this.walk(state, timeMs, state.instrument.lotSize * this.rng.int(1, 20));
    if (state.oi > 0)
      state.oi = Math.max(state.instrument.lotSize, state.oi + this.rng.int(-5, 5) * state.instrument.lotSize);
    this.rebuildBook(state);
  }

  private rebuildBook(state: InstrumentState): void {
    const tick = state.instrument.tickUnits;
    const level = (priceUnits: number): Level => ({
      priceUnits,
      qty: state.instrument.lotSize * this.rng.int(1, 50),
      orders: this.rng.int(1, 15),
    });
    state.bids = [];
    state.asks = [];
    for (let k = 0; k < DEPTH_LEVELS; k++) {
      state.bids.push(level(Math.max(tick, state.ltpUnits - (k + 1) * tick)));
      state.asks.push(level(state.ltpUnits + (k + 1) * tick));
    }
  }

  /** Changes the quantity resting at one level of one side. */
  private jiggleBook(state: InstrumentState): Level {
    const side = this.rng.next() < 0.5 ? state.bids : state.asks;
    const level = side[this.rng.int(0, DEPTH_LEVELS - 1)];
    level.qty = state.instrument.lotSize * this.rng.int(1, 50);
    level.orders = this.rng.int(1, 15);
    return level;
  }

  private touchLine<
    T extends "tickwire.marketdata.v1.TouchLineDataMessage" | "tickwire.marketdata.v1.MarketDepthMessage",
  >(state: InstrumentState, timeMs: number, levels: number, typeName: T): TouchLineDataMessage & MarketDepthMessage {
    const depth = (side: Level[]): PriceDepthLevel[] =>
      side.slice(0, levels).map((l) => ({
        $typeName: "tickwire.marketdata.v1.PriceDepthLevel",
        Qty: l.qty,
        Price: price(l.priceUnits),
        Orders: l.orders,
      }));
    const sum = (side: Level[]) => BigInt(side.reduce((total, l) => total + l.qty, 0));
    const message = {
      $typeName: typeName,
      ...instrumentFields(state),
      TimeStamp: BigInt(timeMs),
      ...lastTrade(state),
      ATP: state.volume > 0 ? price(Math.round(state.turnoverUnits / state.volume)) : price(state.ltpUnits),
      VTT: BigInt(state.volume),
      TBQ: sum(state.bids),
      TSQ: sum(state.asks),
      Open: price(state.openUnits),
      High: price(state.highUnits),
      Low: price(state.lowUnits),
      Close: price(state.closeUnits),
      OI: BigInt(state.oi),
      BestBidLevel: depth(state.bids),
      BestAskLevel: depth(state.asks),
    };
    // One literal serves both messages, which share every field (docs/contract.md, "Market-data messages").
    return message as unknown as TouchLineDataMessage & MarketDepthMessage;
  }

  private incremental(state: InstrumentState, timeMs: number): MDEntries[] {
    const i = state.instrument;
    const entry = (action: number, type: number, priceUnits: number, size: number, position: number): MDEntries => ({
      $typeName: "tickwire.marketdata.v1.MDEntries",
      MDUpdateAction: action,
      MDEntryType: type,
      ...instrumentFields(state),
      MDEntryPrice: price(priceUnits),
      MDEntrySize: size,
      // int32 cannot hold epoch milliseconds (docs/platform.md): epoch seconds here.
      MDEntryTime: Math.floor(timeMs / 1000),
      MDEntryPosition: position,
      OI: BigInt(state.oi),
    });
    const entries: MDEntries[] = [];
    const changes = this.rng.int(1, 3);
    for (let n = 0; n < changes; n++) {
      const bid = this.rng.next() < 0.5;
      const position = this.rng.int(0, DEPTH_LEVELS - 1);
      const level = (bid ? state.bids : state.asks)[position];
      level.qty = i.lotSize * this.rng.int(1, 50);
      // FIX 279 / 269 numbering (docs/platform.md): action 1 = change; type 0 = bid, 1 = offer.
      entries.push(entry(1, bid ? 0 : 1, level.priceUnits, level.qty, position + 1));
    }
    if (this.rng.next() < 0.4) {
      this.trade(state, timeMs);
      entries.push(entry(0, 2, state.ltpUnits, state.ltq, 0));
    }
    return entries;
  }

  private indexData(state: InstrumentState, timeMs: number): IndexData {
    const i = state.instrument;
    const change = state.ltpUnits - state.closeUnits;
    return {
      $typeName: "tickwire.marketdata.v1.IndexData",
      InstrumentID: i.id,
      ExchangeSegment: state.segment,
      ExchangeInstrumentID: i.exchangeInstrumentId,
      IndexName: i.name,
      TimeStamp: BigInt(timeMs),
      Last: price(state.ltpUnits),
      Open: price(state.openUnits),
      High: price(state.highUnits),
      Low: price(state.lowUnits),
      Close: price(state.closeUnits),
      YearlyHigh: price(Math.max(state.highUnits, Math.round((state.closeUnits * 1.18) / i.tickUnits) * i.tickUnits)),
      YearlyLow: price(Math.min(state.lowUnits, Math.round((state.closeUnits * 0.84) / i.tickUnits) * i.tickUnits)),
      // Sandbox convention: 0 unchanged, 1 up, 2 down against the previous close.
      NetChangeIndicator: change === 0 ? 0 : change > 0 ? 1 : 2,
    };
  }

  private indexList(timeMs: number): IndexData[] {
    return this.indices.map((state) => this.indexData(state, timeMs));
  }
}

/** The four fields that name the instrument in every per-instrument message. */
function instrumentFields(state: InstrumentState) {
  const i = state.instrument;
  return {
    InstrumentID: i.id,
    ExchangeSegment: state.segment,
    ExchangeInstrumentID: i.exchangeInstrumentId,
    InstrumentName: i.name,
  };
}

/** The last trade's price, quantity and time, as the tick, touchline and depth messages carry them. */
function lastTrade(state: InstrumentState) {
  return { LTP: price(state.ltpUnits), LTQ: state.ltq, LTT: BigInt(state.lttMs) };
}

function base(code: number, subtype: MarketDataMessageBase["subtype"]): MarketDataMessageBase {
  return {
    $typeName: "tickwire.marketdata.v1.MarketDataMessageBase",
    MessageCode: code,
    ID: 0n,
    MessageSize: 0,
    subtype,
  };
}

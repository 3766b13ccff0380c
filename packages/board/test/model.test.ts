// The board's model against the sandbox's own price book: fed the same simulator frames (views for the model,
// protobuf-es messages for the book), both name the same last price for every instrument, the quote carries the
// touch line's fields, and the ladder of every instrument is its last depth message.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeMessage, ViewDecoder } from "@tickwire/codec";
import type { MarketDataMessageBase } from "@tickwire/proto";
import { MarketSimulator, messageIds, PriceBook } from "@tickwire/sandbox";
import { BoardModel, LADDER_LEVELS } from "../src/web/model.js";
import { SlidingWindow } from "../src/web/window-stats.js";

const LIMIT = 2n ** 53n;

function run(frames: number, seed: number) {
  const simulator = new MarketSimulator({ seed });
  const instruments = simulator.instruments.filter((instrument) => instrument.id < LIMIT);
  const book = new PriceBook(simulator.instruments);
  const model = new BoardModel();
  const views = new ViewDecoder();
  const lastDepth = new Map<bigint, MarketDataMessageBase>();
  const lastTouch = new Map<bigint, MarketDataMessageBase>();
  for (let i = 0; i < frames; i++) {
    const { bytes } = simulator.next();
    const message = decodeMessage(bytes);
    book.observe(message);
    // Frames of ids above 2^53 never reach the page: the board does not subscribe to them.
    if (messageIds(message).some((id) => id >= LIMIT)) continue;
    const { subtype } = message;
    if (subtype.case === "MarketDepthMessage") lastDepth.set(subtype.value.InstrumentID, message);
    if (subtype.case === "MarketDepthMessage" || subtype.case === "TouchLineDataMessage") {
      lastTouch.set(subtype.value.InstrumentID, message);
    }
    model.apply(views.decode(bytes));
  }
  return { instruments, book, model, lastDepth, lastTouch };
}

test("the last price of every instrument equals the sandbox's price book after the same frames", () => {
  const { instruments, book, model } = run(5000, 42);
  let compared = 0;
  for (const instrument of instruments) {
    const quote = model.quote(Number(instrument.id));
    if (quote.ltp === null) continue;
    assert.equal(quote.ltp, book.get(instrument.id)?.ltp, `${instrument.name} (${instrument.id})`);
    compared++;
  }
  assert.ok(compared >= instruments.length - 2, `${compared} of ${instruments.length} compared`);
});

test("every instrument's ladder is its own last depth message, kept whichever instrument is on screen", () => {
  const { model, lastDepth } = run(5000, 7);
  assert.ok(lastDepth.size > 5, "the simulator sent depth for several instruments");
  for (const [id, message] of lastDepth) {
    assert.ok(message.subtype.case === "MarketDepthMessage");
    const depth = message.subtype.value;
    const ladder = model.ladder(Number(id));
    assert.ok(ladder, `a ladder for ${id}`);
    const side = (levels: typeof depth.BestBidLevel) =>
      levels.slice(0, LADDER_LEVELS).map((level) => ({ price: level.Price, qty: level.Qty, orders: level.Orders }));
    assert.deepEqual(ladder.bids, side(depth.BestBidLevel));
    assert.deepEqual(ladder.asks, side(depth.BestAskLevel));
  }
});

test("a quote carries the last touch line's bid, ask, open, high, low, previous close, totals and OI", () => {
  const { model, lastTouch } = run(5000, 11);
  let withOi = 0;
  for (const [id, message] of lastTouch) {
    const { subtype } = message;
    assert.ok(subtype.case === "MarketDepthMessage" || subtype.case === "TouchLineDataMessage");
    const v = subtype.value;
    const quote = model.quote(Number(id));
    assert.equal(quote.bid, v.BestBidLevel[0]?.Price ?? null);
    assert.equal(quote.askQty, v.BestAskLevel[0]?.Qty ?? null);
    assert.equal(quote.open, v.Open);
    assert.equal(quote.close, v.Close);
    assert.equal(quote.buyQty, Number(v.TBQ));
    assert.equal(quote.sellQty, Number(v.TSQ));
    // Later messages of other types may move the last price and time, never these.
    if (v.OI > 0n) withOi++;
    assert.equal(quote.segment, v.ExchangeSegment);
    // An incremental update's time is whole seconds: up to a second before the touch line's milliseconds.
    assert.ok(quote.exchangeTime !== null && quote.exchangeTime >= Number(v.TimeStamp) - 1000);
  }
  assert.ok(withOi > 0, "derivatives carry open interest");
  const cash = model.quote(110010000002885);
  assert.equal(cash.oi, null, "an equity's OI stays empty");
});

test("changed() hands over each changed quote once", () => {
  const { model } = run(300, 3);
  assert.ok(model.changed().length > 0);
  assert.deepEqual(model.changed(), []);
});

test("the sliding window gives p50 and p99 of the samples within it, and forgets older ones", () => {
  const window = new SlidingWindow(1000, 64);
  for (let i = 1; i <= 100; i++) window.add(i, 0);
  // Capacity 64: the oldest 36 samples are gone.
  assert.deepEqual(window.percentiles(500), { p50: 68, p99: 100, count: 64 });
  window.add(1, 1500);
  assert.deepEqual(window.percentiles(1500), { p50: 1, p99: 1, count: 1 });
  assert.equal(window.percentiles(5000), null);
});

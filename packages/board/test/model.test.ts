// The board's model against the sandbox's own price book: fed the same simulator frames (views for the model,
// protobuf-es messages for the book), both name the same last price for every instrument, and the ladder is the
// last depth message of the selected instrument.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeMessage, ViewDecoder } from "@tickwire/codec";
import { MarketSimulator, messageIds, PriceBook } from "@tickwire/sandbox";
import { BoardModel, HISTORY_POINTS, LADDER_LEVELS } from "../src/web/model.js";

const LIMIT = 2n ** 53n;

function run(frames: number, seed: number) {
  const simulator = new MarketSimulator({ seed });
  const instruments = simulator.instruments.filter((instrument) => instrument.id < LIMIT);
  const book = new PriceBook(simulator.instruments);
  let clock = 0;
  const model = new BoardModel(
    instruments.map((instrument) => Number(instrument.id)),
    () => clock,
  );
  const views = new ViewDecoder();
  const selected = instruments[0].id;
  model.select(Number(selected));
  let lastDepth: ReturnType<typeof decodeMessage> | undefined;
  for (let i = 0; i < frames; i++) {
    clock += 1;
    const { bytes } = simulator.next();
    const message = decodeMessage(bytes);
    book.observe(message);
    if (message.subtype.case === "MarketDepthMessage" && message.subtype.value.InstrumentID === selected) {
      lastDepth = message;
    }
    // Frames of ids above 2^53 never reach the page: the board does not subscribe to them.
    if (messageIds(message).some((id) => id >= LIMIT)) continue;
    model.apply(views.decode(bytes));
  }
  return { instruments, book, model, lastDepth };
}

test("the last price of every instrument equals the sandbox's price book after the same frames", () => {
  const { instruments, book, model } = run(5000, 42);
  const rows = new Map(model.snapshot().rows.map((row) => [row.id, row]));
  let compared = 0;
  for (const instrument of instruments) {
    const row = rows.get(Number(instrument.id));
    assert.ok(row, `a row for ${instrument.name}`);
    const expected = book.get(instrument.id)?.ltp;
    if (row.ltp === null) continue;
    assert.equal(row.ltp, expected, `${instrument.name} (${instrument.id})`);
    compared++;
  }
  assert.ok(compared >= instruments.length - 2, `${compared} of ${instruments.length} compared`);
});

test("the ladder is the selected instrument's last depth message, best levels first, at most 10 a side", () => {
  const { model, lastDepth } = run(5000, 7);
  assert.ok(lastDepth?.subtype.case === "MarketDepthMessage", "the simulator sent depth for the instrument");
  const { ladder } = model.snapshot();
  assert.ok(ladder);
  const depth = lastDepth.subtype.value;
  const side = (levels: typeof depth.BestBidLevel) =>
    levels.slice(0, LADDER_LEVELS).map((level) => ({ price: level.Price, qty: level.Qty, orders: level.Orders }));
  assert.deepEqual(ladder.bids, side(depth.BestBidLevel));
  assert.deepEqual(ladder.asks, side(depth.BestAskLevel));
  assert.equal(ladder.ltp, depth.LTP);
});

test("change since open uses the last Open a message carried; volume the last VTT", () => {
  const { instruments, model } = run(3000, 11);
  const rows = model.snapshot().rows;
  const equity = rows.find((row) => row.id === Number(instruments[0].id));
  assert.ok(equity && equity.open !== null && equity.open > 0, "an open price from touch-line or depth messages");
  assert.ok(equity.volume !== null && equity.volume > 0, "a volume");
});

test("history keeps one point per snapshot, at most HISTORY_POINTS", () => {
  const { model } = run(200, 3);
  for (let i = 0; i < HISTORY_POINTS + 5; i++) model.snapshot();
  const row = model.snapshot().rows.find((r) => r.ltp !== null);
  assert.equal(row?.history.length, HISTORY_POINTS);
});

test("rates and decode time come from what the worker reports", () => {
  let clock = 0;
  const model = new BoardModel([1], () => clock);
  model.timed(1000, 2);
  clock = 500;
  const snapshot = model.snapshot();
  assert.equal(snapshot.messagesPerSecond, 2000);
  assert.equal(snapshot.decodeNsPerMessage, 2000);
  assert.equal(model.snapshot().messagesPerSecond, 0);
});

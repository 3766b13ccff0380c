// The snapshot a page gets when it connects, against the whole feed: a model fed only the kept frames shows what a
// model fed every frame shows, for every instrument (last price, touch line, open interest, ladder).
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeMessage, ViewDecoder } from "@tickwire/codec";
import { MarketSimulator, messageIds } from "@tickwire/sandbox";
import { FrameSnapshot } from "../src/snapshot.js";
import { BoardModel } from "../src/web/model.js";

const LIMIT = 2n ** 53n;

for (const seed of [42, 7, 2024]) {
  test(`a model fed the snapshot equals one fed the whole feed (seed ${seed})`, () => {
    const simulator = new MarketSimulator({ seed });
    const whole = new BoardModel();
    const snapshot = new FrameSnapshot();
    const views = new ViewDecoder();
    let incrementalWithoutTrade = 0;
    for (let i = 0; i < 20_000; i++) {
      const { bytes } = simulator.next();
      const message = decodeMessage(bytes, { int64: "bigint" });
      // The board subscribes only to ids a page can hold as numbers.
      if (messageIds(message).some((id) => id >= LIMIT)) continue;
      const { subtype } = message;
      if (
        subtype.case === "IncrementalUpdateMessage" &&
        !subtype.value.MDEntriesList.some((e) => e.MDEntryType === 2)
      ) {
        incrementalWithoutTrade++;
      }
      whole.apply(views.decode(bytes));
      snapshot.keep(bytes, message);
    }
    assert.ok(
      incrementalWithoutTrade > 100,
      "the feed has book-only incremental updates, the case that evicted trades",
    );

    const replayed = new BoardModel();
    const kept = snapshot.frames();
    for (const frame of kept) replayed.apply(views.decode(frame));
    assert.ok(kept.length < 2_000, `the snapshot is small: ${kept.length} frames`);

    let compared = 0;
    for (const instrument of simulator.instruments) {
      if (instrument.id >= LIMIT) continue;
      const id = Number(instrument.id);
      // The message count is the only field that differs: it counts frames seen, and the snapshot is fewer frames.
      const { messages: _wholeCount, ...expected } = whole.quote(id);
      const { messages: _keptCount, ...actual } = replayed.quote(id);
      assert.deepEqual(actual, expected, `${instrument.name} (${id})`);
      assert.deepEqual(replayed.ladder(id), whole.ladder(id), `${instrument.name}'s ladder`);
      if (expected.ltp !== null) compared++;
    }
    assert.ok(compared > 15, `${compared} instruments with a last price compared`);
  });
}

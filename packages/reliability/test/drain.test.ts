// The relay part's drain: a run is counted only once every whole-feed consumer has every frame the relay received, a
// consumer still receiving is "catching up" (not a loss), and one that stops below its target is "short".
import assert from "node:assert/strict";
import { test } from "node:test";
import { DrainWatch, owedToStream } from "../src/relay/drain.js";

const idle = (framesSinceBase: number, received: number[]) => ({ relayIdle: true, framesSinceBase, received });

test("a whole-feed consumer that pauses below the relay's frame count is not drained (the 50,000/s run counted short)", () => {
  const watch = new DrainWatch({ wholeFeed: true, quietMs: 5000 });
  // Two polls 50 ms apart with the same total: the rule before counted here, 6,000 short each.
  assert.equal(watch.observe(idle(100_000, [94_000, 94_000]), 0), false);
  assert.equal(watch.observe(idle(100_000, [94_000, 94_000]), 50), false);
  assert.equal(watch.settled(50), false);
  assert.deepEqual(watch.outcome(50).consumers, ["catching up", "catching up"]);
  assert.deepEqual(watch.outcome(50).shortAtFirstQuietPoll, [6000, 6000]);
  // The frames still come: drained once both have them all.
  assert.equal(watch.observe(idle(100_000, [100_000, 97_000]), 2000), false);
  assert.equal(watch.observe(idle(100_000, [100_000, 100_000]), 4000), true);
  assert.deepEqual(watch.outcome(4000), {
    drained: true,
    consumers: ["complete", "complete"],
    shortAtFirstQuietPoll: [6000, 6000],
  });
});

test("a consumer that stops below its target for the quiet time is short; one still moving at the limit is catching up", () => {
  const watch = new DrainWatch({ wholeFeed: true, quietMs: 5000 });
  watch.observe(idle(1000, [900, 500]), 0);
  watch.observe(idle(1000, [900, 600]), 4000);
  assert.equal(watch.settled(4000), false);
  watch.observe(idle(1000, [900, 700]), 6000);
  // The first has not moved for 6 s: short; the second moved 0 ms ago: catching up, so not settled yet.
  assert.deepEqual(watch.outcome(6000).consumers, ["short", "catching up"]);
  assert.equal(watch.settled(6000), false);
  watch.observe(idle(1000, [900, 700]), 11_000);
  assert.equal(watch.settled(11_000), true);
  assert.deepEqual(watch.outcome(11_000), {
    drained: false,
    consumers: ["short", "short"],
    // The rule before would have counted at 11 s too, the same shortfall: here it is real (nothing moves).
    shortAtFirstQuietPoll: [100, 300],
  });
});

test("a relay with frames buffered or in flight is never drained, whatever the consumers show", () => {
  const watch = new DrainWatch({ wholeFeed: true, quietMs: 10 });
  assert.equal(watch.observe({ relayIdle: false, framesSinceBase: 10, received: [10] }, 0), false);
  assert.equal(watch.settled(100), false);
  assert.equal(watch.observe(idle(10, [10]), 200), true);
});

test("consumers of a few instruments (no target) are drained once none has moved for the quiet time", () => {
  const watch = new DrainWatch({ wholeFeed: false, quietMs: 1000 });
  assert.equal(watch.observe(idle(50_000, [40, 60]), 0), false);
  assert.equal(watch.observe(idle(50_000, [40, 61]), 500), false);
  assert.equal(watch.observe(idle(50_000, [40, 61]), 1200), false);
  assert.equal(watch.observe(idle(50_000, [40, 61]), 1600), true);
  assert.deepEqual(watch.outcome(1600).consumers, ["quiet", "quiet"]);
});

// The node-fault scenario's count (ci58, Node 24 under load: 20 of 61,356 frames not in the stream): the rule before
// counted once every relay's backlog was empty, while publishes the stream never answered still awaited their ack.
const relayAt = (counts: { bufferedMessages?: number; inFlight?: number; backlogMessages?: number }) => ({
  bufferedMessages: 0,
  inFlight: 0,
  backlogMessages: 0,
  store: null,
  ...counts,
});

test("a relay whose backlog is empty still owes the stream its publishes awaiting an ack", () => {
  // 20 sent, unanswered, not yet past the publish timeout: in flight, not in the backlog.
  const awaiting = relayAt({ inFlight: 20, backlogMessages: 0 });
  assert.equal(awaiting.backlogMessages === 0, true, "the rule before counted here");
  assert.equal(owedToStream(awaiting), 20);
  // Past the timeout they join the backlog (still in flight: inFlight counts the backlog too).
  assert.equal(owedToStream(relayAt({ inFlight: 20, backlogMessages: 20 })), 20);
  assert.equal(owedToStream(relayAt({ bufferedMessages: 5 })), 5);
  assert.equal(owedToStream(relayAt({})), 0);
});

test("a relay storing batches owes what its batch store has buffered or in flight too", () => {
  const storing = { ...relayAt({}), store: { bufferedMessages: 2, inFlight: 3 } };
  assert.equal(owedToStream(storing), 5);
  assert.equal(owedToStream({ ...storing, store: { bufferedMessages: 0, inFlight: 0 } }), 0);
});

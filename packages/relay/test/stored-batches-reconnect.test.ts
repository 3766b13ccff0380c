// The relay's own NATS connection cut mid-run while the stream stores batches (format "batches"): a whole-feed
// consumer on another connection gets every frame the relay received, once. What was written to the relay's socket
// when it was cut is lost at the server; the next batch's number (or, for the last ones, the consumer's own progress)
// must show it, and the replay fill it; the relay sends an empty batch on each segment after a reconnect, so that a
// loss with no later batch (the feed paused, a quiet segment) shows too.
import assert from "node:assert/strict";
import { after, before, describe, type TestContext, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { defaultInstruments } from "@tickwire/sandbox";
import { cuttableProxy } from "@tickwire/testkit/faults";
import { startRelay, subscribeRelay } from "../src/index.js";
import { retry, type Stack, startStack, until } from "./helpers.js";

const ALL = defaultInstruments.map((i) => i.id);

describe("relay storing batches: its NATS connection cut mid-run", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 2000, paused: true } });
  });
  after(() => stack.close());

  /** Cuts the relay's connection after stalling its writes; `pauseAtCut`: the feed stops then (nothing after it). */
  async function cutRun(t: TestContext, name: string, pauseAtCut: boolean) {
    const port = Number(new URL(stack.nats.urls[0]).port);
    const proxy = await cuttableProxy(port);
    const relay = await startRelay({
      name,
      platform: stack.platform,
      servers: [proxy.url],
      instruments: ALL,
      stream: { name: name.toUpperCase(), format: "batches" },
    });
    t.after(async () => {
      await relay.close();
      await proxy.close();
      const jsm = await jetstreamManager(stack.nc);
      await retry(async () => jsm.streams.delete(name.toUpperCase()));
      await retry(async () => jsm.streams.delete(`${name.toUpperCase()}_BATCHES`));
    });
    await relay.active();
    const feed = await subscribeRelay({
      servers: stack.nats.urls,
      stream: name.toUpperCase(),
      subjects: ["tickwire.md.>"],
      start: "new",
    });
    t.after(() => feed.close());
    const ids = new Map<bigint, number>();
    feed.on("message", (message) => ids.set(message.ID, (ids.get(message.ID) ?? 0) + 1));
    feed.on("error", () => {});
    const framesBefore = relay.stats().frames;
    stack.sandbox.feed.resume();
    await until(() => relay.stats().frames > framesBefore + 1500, "1,500 frames before the cut");
    // The relay keeps writing for 300 ms into a connection that no longer reaches the server, then it is cut.
    proxy.stall();
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (pauseAtCut) stack.sandbox.feed.pause();
    assert.ok(proxy.cut() > 0, "the relay's connection went through the proxy");
    await until(() => relay.stats().nats.reconnects >= 1, "the relay reconnected");
    if (!pauseAtCut) {
      const atReconnect = relay.stats().frames;
      await until(() => relay.stats().frames > atReconnect + 1500, "1,500 frames after the reconnect");
      stack.sandbox.feed.pause();
    }
    await until(() => relay.stats().bufferedMessages === 0, "the relay's buffer empty");
    // Frames already on their way when the feed paused still reach the relay (a CI run counted 5,445 and then
    // delivered 5,678): count once its count has stood still for 500 ms.
    let counted = -1;
    await until(async () => {
      const now = relay.stats().frames;
      if (now === counted) return true;
      counted = now;
      await new Promise((resolve) => setTimeout(resolve, 500));
      return false;
    }, "the relay's frame count to stand still");
    const frames = relay.stats().frames - framesBefore;
    const delivered = () => ids.size;
    await until(() => delivered() >= frames && !feed.stats().catchingUp, `${frames} frames delivered`, 30_000).catch(
      () => {},
    );
    const stats = feed.stats();
    t.diagnostic(
      JSON.stringify({ frames, gaps: stats.gapsDetected, replays: stats.replays, nats: relay.stats().nats }),
    );
    assert.equal(delivered(), frames, `delivered ${delivered()} of ${frames}: ${JSON.stringify(stats)}`);
    assert.equal([...ids.values()].filter((n) => n > 1).length, 0, "no frame delivered twice");
  }

  test("a whole-feed consumer gets every frame the relay received, once", (t) => cutRun(t, "cut", false));

  // Without the relay's empty batch after a reconnect, the lost batches had no later batch to show their gap: the
  // consumer stayed 754 of 2,219 frames short with no gap detected.
  test("the feed paused at the cut (no later batch): the gap still shows and is filled", (t) =>
    cutRun(t, "cutlast", true));
});

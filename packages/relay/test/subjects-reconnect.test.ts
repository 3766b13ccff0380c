// A consumer of a few instruments on their per-instrument subjects (`path: "subjects"`) while the relay's own NATS
// connection is cut and the feed pauses at the cut: the last frames of its instruments, written by the relay into the
// connection that no longer reached the server, have no later frame of their subject to show their gap. In either
// stream format the consumer must end with every frame of its instruments the relay received, once.
import assert from "node:assert/strict";
import { after, before, describe, type TestContext, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { defaultInstruments } from "@tickwire/sandbox";
import { cuttableProxy } from "@tickwire/testkit/faults";
import { startRelay, subscribeRelay } from "../src/index.js";
import { retry, type Stack, startStack, until } from "./helpers.js";

const ALL = defaultInstruments.map((i) => i.id);
/** Three plain instruments (an index list's frame goes to several subjects; these have one subject per frame). */
const FEW = defaultInstruments.filter((i) => i.kind !== "index").slice(0, 3);

describe("per-instrument subjects: the relay's NATS connection cut, the feed paused at the cut", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 2000, paused: true } });
  });
  after(() => stack.close());

  async function cutRun(t: TestContext, name: string, format: "frames" | "batches") {
    const stream = name.toUpperCase();
    const port = Number(new URL(stack.nats.urls[0]).port);
    const proxy = await cuttableProxy(port);
    const relay = await startRelay({
      name,
      platform: stack.platform,
      servers: [proxy.url],
      instruments: ALL,
      stream: format === "frames" ? { name: stream } : { name: stream, format: "batches" },
    });
    t.after(async () => {
      await relay.close();
      await proxy.close();
      const jsm = await jetstreamManager(stack.nc);
      await retry(async () => jsm.streams.delete(stream));
      if (format === "batches") await retry(async () => jsm.streams.delete(`${stream}_BATCHES`));
    });
    await relay.active();
    const instruments = FEW.map((i) => i.id);
    const feed = await subscribeRelay({
      servers: stack.nats.urls,
      stream,
      instruments,
      path: "subjects",
      start: "new",
    });
    t.after(() => feed.close());
    assert.equal(feed.stats().livePath, "subjects");
    const ids = new Map<bigint, number>();
    feed.on("message", (message) => ids.set(message.ID, (ids.get(message.ID) ?? 0) + 1));
    feed.on("error", () => {});
    const framesBefore = relay.stats().frames;
    stack.sandbox.feed.resume();
    await until(() => relay.stats().frames > framesBefore + 1500, "1,500 frames before the cut");
    // The relay keeps writing for 300 ms into a connection that no longer reaches the server, then it is cut; nothing
    // follows (the feed paused), so no later frame of these subjects shows what was lost.
    proxy.stall();
    await new Promise((resolve) => setTimeout(resolve, 300));
    stack.sandbox.feed.pause();
    assert.ok(proxy.cut() > 0, "the relay's connection went through the proxy");
    await until(() => relay.stats().nats.reconnects >= 1, "the relay reconnected");
    await until(() => relay.stats().bufferedMessages === 0 && relay.stats().inFlight === 0, "the relay idle");
    await relay.drained();
    // What the relay received of these instruments: the stream's record of them, read from its start (storing batches:
    // the stored batches, which the relay publishes again until the stream acknowledges them).
    const reference = await subscribeRelay({ servers: stack.nats.urls, stream, instruments, start: new Date(0) });
    t.after(() => reference.close());
    const expected = new Set<bigint>();
    reference.on("message", (message) => expected.add(message.ID));
    reference.on("error", () => {});
    let seen = -1;
    await until(
      async () => {
        if (expected.size === seen && !reference.stats().catchingUp) return true;
        seen = expected.size;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return false;
      },
      "the stream read to its end",
      30_000,
    );
    assert.ok(expected.size > 20, `the stream holds ${expected.size} frames of ${FEW.length} instruments`);
    const missing = () => [...expected].filter((id) => !ids.has(id)).length;
    // A consumer that saw the gap replays it within a second or two; give it 10 s.
    await until(() => missing() === 0 && !feed.stats().catchingUp, "every stored frame delivered", 10_000).catch(
      () => {},
    );
    const stats = feed.stats();
    t.diagnostic(
      JSON.stringify({
        stored: expected.size,
        delivered: ids.size,
        missing: missing(),
        gaps: stats.gapsDetected,
        replays: stats.replays,
        relayCatchUps: stats.relayCatchUps,
        nats: relay.stats().nats,
      }),
    );
    assert.equal(missing(), 0, `${missing()} of the ${expected.size} frames the stream holds never delivered`);
    assert.equal([...ids.values()].filter((n) => n > 1).length, 0, "no frame delivered twice");
    assert.equal([...ids.keys()].filter((id) => !expected.has(id)).length, 0, "nothing delivered the stream lacks");
  }

  test("storing frames: the frames lost at the cut are published again and delivered", (t) =>
    cutRun(t, "subjcutframes", "frames"));

  test("storing batches: the frames lost at the cut still show as a gap and are delivered", (t) =>
    cutRun(t, "subjcutbatches", "batches"));
});

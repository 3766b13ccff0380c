// A batch-storing relay (stream format "batches") stores into two streams: the batches and the last values. When one of
// them cannot store (no leader after a node's loss: its publishes are refused at once, "no responders") while the other
// acknowledges, the refused publishes must wait for their own stream to answer, not be published again at every ack
// the other stream sends: in the campaign's node kill (two relays, 2,000 frames/s) that retried 109,427 stored
// publishes of 22,758, blocked the relay's event loop for 27 s, lost it the lock and gave the platform two sessions.
import assert from "node:assert/strict";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { after, before, describe, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { defaultInstruments } from "@tickwire/sandbox";
import { type Relay, startRelay } from "../src/index.js";
import { type Stack, startStack, until } from "./helpers.js";

const ALL = defaultInstruments.map((i) => i.id);

describe("stream format batches: the last values' stream gone, the batches' stream storing", () => {
  let stack: Stack;
  let relay: Relay;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 2000 } });
    relay = await startRelay({
      name: "halfdown",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: ALL,
      stream: { name: "HALFDOWN", format: "batches" },
    });
    await relay.active();
    await until(() => (relay.stats().store?.published ?? 0) > 100, "100 batches or last values stored");
  });
  after(async () => {
    await relay.close();
    const jsm = await jetstreamManager(stack.nc);
    await jsm.streams.delete("HALFDOWN_BATCHES").catch(() => false);
    await stack.close();
  });

  test("the refused last values are retried at their own pace; the batches keep being stored", async (t) => {
    const jsm = await jetstreamManager(stack.nc);
    // Publishes to tickwire.last.> now get "no responders" at once, as with a stream that has no leader.
    await jsm.streams.delete("HALFDOWN");
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const before = relay.stats().store;
    assert.ok(before);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    loop.disable();
    const now = relay.stats().store;
    assert.ok(now);
    const lastValues = now.lastValues - before.lastValues;
    const retried = now.retried - before.retried;
    const batchesStored = now.published - before.published;
    t.diagnostic(JSON.stringify({ lastValues, retried, batchesStored, eventLoopMaxMs: Math.round(loop.max / 1e6) }));
    assert.ok(lastValues > 500, `${lastValues} last values made in 3 s`);
    assert.ok(batchesStored > 100, `${batchesStored} batches stored in 3 s`);
    // Each refused last value waits for its stream's probe (maxInFlight at a time, 100 ms to 2 s apart): a few sends
    // each. Retried at every ack of the batches' stream, each went again hundreds of times.
    assert.ok(retried < 5 * lastValues, `${retried} retries for ${lastValues} last values`);
  });
});

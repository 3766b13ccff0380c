// NATS unreachable: the relay keeps its platform session, buffers to a byte bound (dropping its oldest entries,
// counted, past it), and catches up when a real nats-server, killed and restarted on the same store, returns.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { startRelay } from "../src/index.js";
import { retry, type Stack, startStack, storedMessages, until } from "./helpers.js";

// No index: one subject per frame, so frames and stored messages can be counted one for one.
const IDS = defaultInstruments.filter((i) => i.kind !== "index").map((i) => i.id);

describe("relay: NATS unreachable", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 500 } });
  });
  after(() => stack.close());

  test("keeps the platform session, buffers, and stores every frame once NATS is back", async (t) => {
    const relay = await startRelay({
      name: "outage",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: IDS,
      stream: { name: "OUTAGE", maxMsgsPerSubject: 100_000 },
      publishTimeoutMs: 1000,
    });
    t.after(async () => {
      await relay.close();
      await retry(async () => (await jetstreamManager(stack.nc)).streams.delete("OUTAGE"));
    });
    await relay.active();
    await until(() => relay.stats().published > 100, "100 stored");
    const node = stack.nats.nodes[0];
    await node.kill();
    await until(() => relay.stats().nats.disconnects === 1, "the relay to see NATS go");
    const framesAtKill = relay.stats().frames;
    await until(() => relay.stats().frames > framesAtKill + 500, "500 frames while NATS is down");
    const during = relay.stats();
    assert.ok(during.bufferedMessages >= 500, `buffered ${during.bufferedMessages}`);
    assert.equal(during.platform?.connections, 1, "the platform session is kept");
    await node.start();
    await until(() => relay.stats().nats.reconnects === 1, "reconnected", 15_000);
    await until(() => relay.stats().bufferedMessages === 0 && relay.stats().inFlight === 0, "caught up", 20_000);
    await relay.close();
    const stats = relay.stats();
    assert.equal(stats.bufferDrops, 0);
    assert.equal(stats.platform, null);
    assert.equal(stats.platformSessions, 1);
    const stored = await storedMessages(stack.nc, "OUTAGE");
    const ids = stored.map((m) => decodeMessage(m.data).ID);
    assert.equal(new Set(ids).size, ids.length, "no frame stored twice");
    // Every frame stored once: those in flight when NATS went were published again after the reconnect.
    assert.equal(stats.published + stats.duplicates, stats.enqueued, JSON.stringify(stats));
    assert.equal(stats.backlogDrops, 0);
    assert.equal(ids.length, stats.frames, JSON.stringify(stats));
  });

  test("past the byte bound the oldest buffered frames are dropped and counted, the newest kept", async (t) => {
    const relay = await startRelay({
      name: "small",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: IDS,
      stream: { name: "SMALL", maxMsgsPerSubject: 100_000 },
      maxBufferBytes: 40_000,
      publishTimeoutMs: 1000,
    });
    t.after(async () => {
      await relay.close();
      await retry(async () => (await jetstreamManager(stack.nc)).streams.delete("SMALL"));
    });
    await relay.active();
    await until(() => relay.stats().published > 50, "50 stored");
    const node = stack.nats.nodes[0];
    await node.kill();
    await until(() => relay.stats().bufferDrops > 200, "drops past the bound");
    assert.ok(relay.stats().bufferedBytes <= 40_000);
    await node.start();
    await until(() => relay.stats().nats.reconnects === 1 && relay.stats().bufferedMessages === 0, "caught up", 20_000);
    await relay.close();
    const stats = relay.stats();
    const stored = await storedMessages(stack.nc, "SMALL");
    const ids = stored.map((m) => decodeMessage(m.data).ID);
    // Stored, dropped from the buffer, or (sent when NATS went, no ack) dropped from the backlog past the same
    // bound: every frame is accounted for. A publish given up from the backlog may have been stored (its ack lost).
    assert.equal(stats.published + stats.duplicates + stats.bufferDrops + stats.backlogDrops, stats.enqueued);
    assert.ok(ids.length + stats.bufferDrops + stats.backlogDrops >= stats.frames, JSON.stringify(stats));
    assert.ok(ids.length + stats.bufferDrops <= stats.frames, JSON.stringify(stats));
    assert.equal(new Set(ids).size, ids.length);
  });
});

// A three-node cluster (routes) and a stream with three replicas: one node killed and restarted while the relay
// publishes and a consumer reads; the relay goes on through the other nodes and no frame is stored twice.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { startRelay, subscribeRelay } from "../src/index.js";
import { retry, type Stack, startStack, storedMessages, until } from "./helpers.js";

const IDS = defaultInstruments.filter((i) => i.kind !== "index").map((i) => i.id);

describe("relay: three-node cluster", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 500 }, natsNodes: 3 });
  });
  after(() => stack.close());

  test("a replicated stream survives a node killed and restarted", async (t) => {
    // The cluster elects its JetStream meta leader after start: creating the stream may need a few tries.
    const relay = await retry(() =>
      startRelay({
        name: "clustered",
        platform: stack.platform,
        servers: stack.nats.urls,
        instruments: IDS,
        stream: { name: "R3", replicas: 3, maxMsgsPerSubject: 100_000 },
        publishTimeoutMs: 1000,
      }),
    );
    t.after(() => relay.close());
    await relay.active();
    const feed = await subscribeRelay({ servers: stack.nats.urls, instruments: [IDS[0]], start: "new", stream: "R3" });
    t.after(() => feed.close());
    await until(() => relay.stats().published > 200, "200 stored");
    const victim = stack.nats.nodes[0];
    await victim.kill();
    const atKill = relay.stats().published;
    await until(() => relay.stats().published > atKill + 300, "300 more stored with a node down", 30_000);
    await victim.start();
    const atRestart = relay.stats().published;
    await until(() => relay.stats().published > atRestart + 200, "200 more with the node back", 30_000);
    const seenBy = feed.stats().messagesTotal;
    await until(() => feed.stats().messagesTotal > seenBy, "the consumer still reading");
    await relay.close();
    const stats = relay.stats();
    t.diagnostic(
      `frames ${stats.frames}, stored ${stats.published}, publish errors ${stats.publishErrors}, retried ${stats.retried}, drops ${stats.bufferDrops}`,
    );
    const stored = await storedMessages(stack.nc, "R3");
    const ids = stored.map((m) => decodeMessage(m.data).ID);
    assert.equal(new Set(ids).size, ids.length, "no frame stored twice");
    assert.equal(stats.bufferDrops, 0);
    assert.equal(stats.published + stats.duplicates, stats.enqueued, JSON.stringify(stats));
    assert.equal(ids.length, stats.frames, `${ids.length} stored: ${JSON.stringify(stats)}`);
  });
});

// The publish path's retry: publishes in flight when the server dies get no ack, time out, and go again in order
// once it is back; each message ends stored once (the retry's Nats-Msg-Id dedupes one stored before the ack was
// lost), and every publish is accounted for.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { type NatsServers, startNatsServers } from "@tickwire/testkit/nats-server";
import { Publisher } from "../src/publisher.js";
import { ensureStream } from "../src/stream.js";
import { retry, storedMessages, until } from "./helpers.js";

let nats: NatsServers;
let nc: NatsConnection;
before(async () => {
  nats = await startNatsServers(1);
  nc = await connect({ servers: nats.urls, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
});
after(async () => {
  await nc.close();
  await nats.close();
});

test("publishes without an ack when the server dies are retried once it is back: all stored, none twice", async () => {
  await ensureStream(await jetstreamManager(nc), { maxMsgsPerSubject: 1_000_000 });
  const publisher = new Publisher(nc, {
    maxBufferBytes: 64 * 1024 ** 2,
    maxInFlight: 2048,
    // 2 s (was 500 ms): two CI runs on a loaded machine saw fewer than 500 acks in 30 s; with acks slower than the
    // timeout, every publish times out and is sent again. Not reproduced on a quiet machine (the test takes 1.5 s).
    publishTimeoutMs: 2000,
    onError: () => {},
  });
  const total = 20_000;
  const enqueue = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      publisher.enqueue({
        subject: `tickwire.md.NSECM.${i % 50}.TickData`,
        msgId: `m${i}`,
        bytes: new TextEncoder().encode(String(i)),
        receivedAt: "0",
        frameId: undefined,
        seq: i,
      });
    }
  };
  enqueue(0, total / 2);
  // Freeze the server (SIGSTOP) with publishes sent and unacknowledged, then kill it: those acks never come.
  // 30 s: in CI's integration tier every package's tests share two cores, and a fresh stream's first acks took over 10.
  await until(() => publisher.stats.published > 500, "the first acks", 30_000);
  const node = nats.nodes[0];
  process.kill(node.pid as number, "SIGSTOP");
  // Sent to a frozen server: none of these can be acknowledged.
  enqueue(total / 2, total);
  assert.ok(publisher.snapshot().inFlight > 0, "publishes in flight when the server froze");
  await new Promise((r) => setTimeout(r, 100));
  publisher.setConnected(false);
  await node.kill();
  // Their acks will never come (the connection went): they wait in the backlog to be published again.
  await until(
    () => publisher.snapshot().backlogMessages === publisher.snapshot().inFlight,
    "the unacknowledged publishes in the backlog",
    30_000,
  );
  const failed = publisher.stats.publishErrors;
  await nats.nodes[0].start();
  await retry(() => nc.flush());
  publisher.setConnected(true);
  await until(
    () => publisher.snapshot().bufferedMessages === 0 && publisher.snapshot().inFlight === 0,
    "drained",
    30_000,
  );
  publisher.stop();
  const s = publisher.stats;
  assert.ok(failed > 0, "some publishes were in flight when the server died");
  assert.equal(s.enqueued, total);
  assert.equal(s.published + s.duplicates + s.bufferDrops + s.backlogDrops, total, JSON.stringify(s));
  assert.equal(s.bufferDrops + s.backlogDrops, 0);
  const stored = await storedMessages(nc, "TICKWIRE_MD");
  const values = stored.map((m) => Number(new TextDecoder().decode(m.data)));
  assert.equal(new Set(values).size, values.length, "none stored twice");
  assert.equal(values.length, total, JSON.stringify(s));
});

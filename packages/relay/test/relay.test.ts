// The relay against a real sandbox and a real nats-server: original bytes on per-instrument subjects, message ids
// that let JetStream drop a second relay's copies, the stream created and updated idempotently, bad input counted.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { createClient } from "@tickwire/client";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { routeFrame, startRelay } from "../src/index.js";
import { type Stack, startStack, storedMessages, until } from "./helpers.js";

const IDS = defaultInstruments.slice(0, 6).map((i) => i.id);

describe("relay: publishing", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 800 } });
  });
  after(() => stack.close());

  test("every frame is stored with its original bytes on tickwire.md.<segment>.<id>.<subtype>, once, even from two relays", async (t) => {
    // Streams may not share subjects: the next test makes its own.
    t.after(async () => (await jetstreamManager(stack.nc)).streams.delete("PUB"));
    const stream = { name: "PUB", maxMsgsPerSubject: 100_000 };
    // A direct feed records what the platform sent, by message ID, to compare byte for byte.
    const direct = createClient(stack.platform).marketData({ instrumentIds: IDS, format: "binary" });
    const sent = new Map<bigint, Uint8Array>();
    direct.on("frame", (bytes, message) => sent.set(message.ID, bytes.slice()));
    await direct.ready();
    const first = await startRelay({
      name: "a",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: IDS,
      stream,
    });
    // Two relays on one account, no failover: JetStream must drop the second one's copies by their Nats-Msg-Id.
    const second = await startRelay({
      name: "b",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: IDS,
      stream,
    });
    await Promise.all([first.active(), second.active()]);
    await until(() => first.stats().frames >= 600 && second.stats().frames >= 600, "600 frames each");
    await Promise.all([first.close(), second.close()]);
    await direct.close();

    const a = first.stats();
    const b = second.stats();
    assert.equal(a.publishErrors + b.publishErrors, 0);
    assert.ok(a.duplicates + b.duplicates > 300, `duplicates dropped: ${a.duplicates + b.duplicates}`);
    const stored = await storedMessages(stack.nc, "PUB");
    assert.equal(stored.length, a.published + b.published);
    const seen = new Set<string>();
    let compared = 0;
    for (const m of stored) {
      assert.ok(m.msgId && !seen.has(m.msgId), `message id ${m.msgId} stored once`);
      seen.add(m.msgId);
      const message = decodeMessage(m.data);
      const route = routeFrame(message, m.data);
      assert.ok(route.ok);
      assert.ok(route.routes.some((r) => r.subject === m.subject && r.msgId === m.msgId));
      assert.match(m.subject, /^tickwire\.md\.[A-Z]+\.\d+\.[A-Za-z]+$/);
      assert.ok(Math.abs(Number(m.receivedAt) - Date.now()) < 60_000, "receive time header");
      const original = sent.get(message.ID);
      if (original) {
        assert.ok(Buffer.from(m.data).equals(original), `message ${message.ID}: the platform's bytes`);
        compared++;
      }
    }
    assert.ok(compared > 300, `compared ${compared} frames byte for byte`);
    // Every message ID the relays received is in the stream exactly once per subject.
    const perSubject = new Map<string, Set<bigint>>();
    for (const m of stored) {
      const ids = perSubject.get(m.subject) ?? new Set<bigint>();
      const id = decodeMessage(m.data).ID;
      assert.ok(!ids.has(id), `${m.subject} ${id} once`);
      ids.add(id);
      perSubject.set(m.subject, ids);
    }
  });

  test("the stream is created, then brought to new options on the next start, and two starts together agree", async () => {
    const jsm = await jetstreamManager(stack.nc);
    const options = { name: "CFG", maxAgeMs: 60_000, maxBytes: 8 * 1024 ** 2, storage: "memory" as const };
    const relays = await Promise.all(
      ["c1", "c2"].map((name) =>
        startRelay({ name, platform: stack.platform, servers: stack.nats.urls, stream: options, statusIntervalMs: 0 }),
      ),
    );
    await Promise.all(relays.map((r) => r.close()));
    let config = (await jsm.streams.info("CFG")).config;
    assert.equal(config.max_msgs_per_subject, 1000);
    assert.equal(config.max_bytes, 8 * 1024 ** 2);
    assert.equal(config.max_age, 60_000 * 1e6);
    assert.equal(config.storage, "memory");
    const again = await startRelay({
      name: "c3",
      platform: stack.platform,
      servers: stack.nats.urls,
      stream: { ...options, maxMsgsPerSubject: 5, maxAgeMs: 120_000 },
      statusIntervalMs: 0,
    });
    await again.close();
    config = (await jsm.streams.info("CFG")).config;
    assert.equal(config.max_msgs_per_subject, 5);
    assert.equal(config.max_age, 120_000 * 1e6);
  });
});

// A batch-storing relay (stream format "batches") on a sandbox and a nats-server: the stream stores batches and each
// subject's last value, not a message per frame; the stored batches hold every frame the relay published live, each
// subject's numbering once and without a hole; each subject's last value is its newest frame; the format is in the
// stream's description, and a relay of the other format refuses the stream.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { InvalidArgumentError } from "@tickwire/client";
import { defaultInstruments } from "@tickwire/sandbox";
import { BatchReader, routePatterns } from "../src/batch.js";
import { type Relay, RelayError, startRelay } from "../src/index.js";
import { readLiveHeaders } from "../src/live-headers.js";
import { storedFormat } from "../src/stream.js";
import { type Stack, startStack, storedMessages, until } from "./helpers.js";

const ALL = defaultInstruments.map((i) => i.id);

interface Seen {
  subject: string;
  position: string;
  data: string;
}

const bySubjectCount = (seen: readonly Seen[]) => new Set(seen.map((s) => s.subject)).size;

describe("stream format batches", () => {
  let startedAt = 0;
  let stack: Stack;
  let relay: Relay;
  const live: Seen[] = [];
  before(async () => {
    stack = await startStack({ sandbox: { rate: 2000 } });
    // Every live per-instrument publish, as a core subscriber sees it (subscribed before the relay starts).
    stack.nc.subscribe("tickwire.md.>", {
      callback: (_error, m) => {
        const h = readLiveHeaders(m);
        live.push({ subject: m.subject, position: h.position ?? "", data: Buffer.from(m.data).toString("hex") });
      },
    });
    await stack.nc.flush();
    startedAt = Date.now();
    relay = await startRelay({
      name: "store",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: ALL,
      stream: { format: "batches" },
      // This test's subscriber is a plain NATS one, which announces nothing.
      liveSubjects: "all",
    });
    await relay.active();
    await until(() => (relay.stats().store?.published ?? 0) > 20, "20 batches or last values stored");
  });
  after(async () => {
    await relay.close();
    await stack.close();
  });

  test("the stream holds batches and last values, every live frame once in its subject's numbering", async () => {
    await until(() => live.length > 3000, "3,000 live frames");
    const feedStopped = relay.stats().frames;
    await relay.close();
    const stats = relay.stats();
    assert.ok(feedStopped > 0);
    assert.ok(stats.store !== null);
    assert.equal(stats.store.backlogDrops, 0);
    assert.ok(stats.store.batches > 0 && stats.store.lastValues > 0);
    // The per-instrument subjects are live only: nothing stores them.
    const jsm = await jetstreamManager(stack.nc);
    const main = await jsm.streams.info("TICKWIRE_MD");
    assert.deepEqual(main.config.subjects, ["tickwire.last.>"]);
    assert.deepEqual(storedFormat(main.config.description, "TICKWIRE_MD"), {
      format: "batches",
      batches: "TICKWIRE_MD_BATCHES",
    });
    const batchStream = await jsm.streams.info("TICKWIRE_MD_BATCHES");
    assert.deepEqual(batchStream.config.subjects, ["tickwire.store.>"]);
    // A stored batch per many frames: the point of the format (at most 40 a second per segment, by its 25 ms bound).
    // The last values are at most 10 a second per subject, whatever its rate: few frames fewer at the sandbox's 2,000 a
    // second over its ~100 subjects, many at 50,000.
    const batches = batchStream.state.messages;
    assert.ok(batches * 10 < live.length, `${batches} stored batches for ${live.length} frames`);
    assert.ok(
      stats.store.lastValues <= bySubjectCount(live) * 10 * (1 + (Date.now() - startedAt) / 1000),
      `${stats.store.lastValues} last values: more than 10 a second per subject`,
    );

    const reader = new BatchReader(routePatterns(["tickwire.md.>"]) ?? []);
    const fromBatches: Seen[] = [];
    for (const m of await storedMessages(stack.nc, "TICKWIRE_MD_BATCHES", "tickwire.store.>")) {
      assert.match(m.msgId ?? "", /^[0-9a-f]+\.[A-Z]+\.[0-9]+$/, "a batch's Nats-Msg-Id: epoch, segment, number");
      reader.read(
        m.data,
        (f) =>
          fromBatches.push({ subject: f.subject, position: f.position, data: Buffer.from(f.data).toString("hex") }),
        () => {},
      );
    }
    // What was published live is what the batches hold, subject by subject, position by position, byte for byte.
    const key = (s: Seen) => `${s.subject}|${s.position}|${s.data}`;
    const stored = new Set(fromBatches.map(key));
    assert.equal(stored.size, fromBatches.length, "a frame stored twice");
    for (const s of live) assert.ok(stored.has(key(s)), `${s.subject} ${s.position} published live, not stored`);
    // And each subject's numbering in the batches runs 1..n without a hole.
    const bySubject = new Map<string, number[]>();
    for (const f of fromBatches) {
      const list = bySubject.get(f.subject) ?? [];
      list.push(Number(f.position.split(".")[1]));
      bySubject.set(f.subject, list);
    }
    for (const [subject, ns] of bySubject) {
      ns.sort((a, b) => a - b);
      assert.deepEqual(
        ns,
        Array.from({ length: ns.length }, (_, i) => i + 1),
        `${subject}: a hole`,
      );
    }
    // Each subject's last value is its newest frame, with that frame's position.
    const lastValues = await storedMessages(stack.nc, "TICKWIRE_MD", "tickwire.last.>");
    assert.equal(lastValues.length, bySubject.size, "one last value per subject");
    const newest = new Map<string, Seen>();
    for (const f of fromBatches) {
      const seen = newest.get(f.subject);
      if (!seen || Number(f.position.split(".")[1]) > Number(seen.position.split(".")[1])) newest.set(f.subject, f);
    }
    for (const m of lastValues) {
      const subject = `tickwire.md.${m.subject.slice("tickwire.last.".length)}`;
      const want = newest.get(subject);
      assert.ok(want, `${m.subject}: no frame of it`);
      assert.equal(m.position, want.position, `${m.subject}: not the newest frame`);
      assert.equal(Buffer.from(m.data).toString("hex"), want.data);
    }
  });

  test("a relay pair runs one format: a frames relay refuses the batches stream; a bad format is refused up front", async () => {
    await assert.rejects(
      startRelay({ name: "other", platform: stack.platform, servers: stack.nats.urls, stream: { format: "frames" } }),
      (error: unknown) => error instanceof RelayError && error.code === "STREAM_FORMAT",
    );
    await assert.rejects(
      startRelay({
        platform: stack.platform,
        servers: stack.nats.urls,
        stream: { format: "batch" as never },
      }),
      InvalidArgumentError,
    );
    await assert.rejects(
      startRelay({ platform: stack.platform, servers: stack.nats.urls, stream: { batches: { maxDelayMs: 5 } } }),
      InvalidArgumentError,
    );
  });
});

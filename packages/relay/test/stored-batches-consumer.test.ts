// subscribeRelay against a batch-storing relay (stream format "batches") on a sandbox and a nats-server, checked
// against the stored batches: a late joiner gets each subject's last value, then live, with no hole and no repeat
// (by position) although the last values lag the live frames; a Date start begins at the first frame received at or
// after the date; a gap is replayed from the stored batches when the relay's recent window is not asked, and from the
// window first when it is.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { BatchReader, routePatterns } from "../src/batch.js";
import { CoreLive } from "../src/core-live.js";
import { type Relay, RelayError, startRelay, subjectFilters, subscribeRelay } from "../src/index.js";
import { announceLive, lossy, type Stack, startStack, storedMessages, until, zeroStats } from "./helpers.js";

const ALL = defaultInstruments.map((i) => i.id);
const PLAIN = defaultInstruments.filter((i) => i.kind !== "index").map((i) => i.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LAST_VALUE_INTERVAL_MS = 2000;

/** Resolves when the relay stores its next round of last values (they are stored all at once, every interval). */
function nextLastValues(nc: NatsConnection): Promise<void> {
  return new Promise((resolve) => {
    const sub = nc.subscribe("tickwire.last.>", {
      callback: () => {
        sub.unsubscribe();
        resolve();
      },
    });
  });
}

interface StoredFrame {
  n: number;
  receivedMicros: number;
}

/** Every frame the stored batches hold, by subject and message ID. */
async function storedFrames(nc: NatsConnection): Promise<Map<string, StoredFrame>> {
  const reader = new BatchReader(routePatterns(["tickwire.md.>"]) ?? []);
  const out = new Map<string, StoredFrame>();
  for (const m of await storedMessages(nc, "TICKWIRE_MD_BATCHES", "tickwire.store.>")) {
    reader.read(
      m.data,
      (f) => out.set(`${f.subject}|${decodeMessage(f.data).ID}`, { n: f.seq, receivedMicros: f.receivedMicros }),
      () => {},
    );
  }
  return out;
}

interface Delivered {
  subject: string;
  id: bigint;
}

/**
 * A frame filed under several subjects (an index list, an incremental update) is delivered once, under the first of
 * them the feed meets (RelayFeed's rule): those subjects' runs are not each complete, and are left out.
 */
const fannedOut = (subject: string) =>
  subject.endsWith(".IndexDataListMessage") || subject.endsWith(".IncrementalUpdateMessage");

/** Each subject's delivered frames, as positions in its numbering: one run with no hole and no repeat. */
function assertRuns(stored: Map<string, StoredFrame>, delivered: readonly Delivered[]): Map<string, number[]> {
  const bySubject = new Map<string, number[]>();
  for (const d of delivered) {
    if (fannedOut(d.subject)) continue;
    const frame = stored.get(`${d.subject}|${d.id}`);
    assert.ok(frame, `${d.subject} ${d.id} delivered, not in the stored batches`);
    const list = bySubject.get(d.subject) ?? [];
    list.push(frame.n);
    bySubject.set(d.subject, list);
  }
  assert.ok(bySubject.size >= 4, `${bySubject.size} subjects delivered`);
  for (const [subject, ns] of bySubject) {
    const run = Array.from({ length: ns.length }, (_, i) => ns[0] + i);
    assert.deepEqual(ns, run, `${subject}: a hole or a repeat`);
  }
  return bySubject;
}

describe("subscribeRelay on a stream of batches", () => {
  let stack: Stack;
  let relay: Relay;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 2000 } });
    relay = await startRelay({
      name: "batches",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: ALL,
      // Last values every 2 s: a late joiner's seam then has a hole in nearly every subject, which the stored batches
      // (or the relay's recent window) must fill.
      stream: { format: "batches", batches: { lastValueIntervalMs: LAST_VALUE_INTERVAL_MS } },
    });
    await relay.active();
    // The relay's recent window reaches back to its activation: a replay asks from 2 s before a consumer's last frame.
    await sleep(3000);
  });
  after(async () => {
    await relay.close();
    await stack.close();
  });

  for (const catchUpFromRelay of [false, true]) {
    test(`a late joiner (catchUpFromRelay ${catchUpFromRelay}): last values, then live, no hole and no repeat at the seam`, async () => {
      // The whole feed: its last values' read takes long enough for live frames to be held meanwhile, whose seam with
      // the (lagging) last values the start must fill before releasing them.
      const feed = await subscribeRelay({ servers: stack.nats.urls, subjects: ["tickwire.md.>"], catchUpFromRelay });
      const delivered: Delivered[] = [];
      const fromStream = new Set<string>();
      feed.on("message", (message, info) => {
        delivered.push({ subject: info.subject, id: message.ID });
        if (
          info.streamSequence > 0 &&
          !delivered.some((d, i) => i < delivered.length - 1 && d.subject === info.subject)
        ) {
          fromStream.add(info.subject);
        }
      });
      await until(() => delivered.length > 1000 && !feed.stats().catchingUp, "1,000 frames, caught up");
      const stats = feed.stats();
      await feed.close();
      await relay.drained();
      const runs = assertRuns(await storedFrames(stack.nc), delivered);
      // The first frame of every subject was its last value (read from the stream), not a live one.
      for (const subject of runs.keys()) assert.ok(fromStream.has(subject), `${subject}: started live`);
      assert.equal(stats.gapsPassedOver, 0);
      // The last values lag the live frames by up to a second here: the seam had holes, and they were filled.
      assert.ok(stats.gapsDetected >= 1, `gaps at the seam: ${stats.gapsDetected}`);
      if (!catchUpFromRelay) assert.equal(stats.relayCatchUps, 0);
    });
  }

  test("a start whose last values' read is slow: the live frames held meanwhile follow the last values with no hole", async () => {
    const link = lossy(stack.nc);
    // Half a second after a round of last values, the start subscribes; its read of them is slowed by 300 ms, held
    // live frames arriving meanwhile, and ends well before the next round (2 s): the frames between each subject's
    // last value and its first held frame are the seam's hole, every time.
    await nextLastValues(stack.nc);
    await sleep(500);
    link.slowReadsMs = 300;
    const stats = zeroStats();
    const delivered: Delivered[] = [];
    const filters = subjectFilters(PLAIN.slice(0, 6));
    const core = new CoreLive({
      nc: link.nc,
      js: jetstream(link.nc),
      jsm: await jetstreamManager(link.nc),
      stream: "TICKWIRE_MD",
      filters,
      stats,
      gapWaitMs: 5000,
      recentFromRelay: false,
      storedBatches: { batchStream: "TICKWIRE_MD_BATCHES", patterns: routePatterns(filters) ?? [] },
      deliver: (bytes, subject) => delivered.push({ subject, id: decodeMessage(bytes).ID }),
      report: () => {},
    });
    await announceLive(stack.nc, filters);
    try {
      await core.start("last");
      link.slowReadsMs = 0;
      await until(() => delivered.length > 200 && !core.catchingUp, "200 frames, caught up");
    } finally {
      core.close();
    }
    await relay.drained();
    assertRuns(await storedFrames(stack.nc), delivered);
    // Live frames held behind last values half a second old: the start found holes and filled them.
    assert.ok(stats.gapsDetected >= 1 && stats.replays >= 1, JSON.stringify(stats));
    assert.equal(stats.gapsPassedOver, 0);
  });

  test("a Date start: from the first frame received at or after the date, then live, no hole and no repeat", async () => {
    const from = new Date(Date.now() - 1500);
    const feed = await subscribeRelay({
      servers: stack.nats.urls,
      subjects: ["tickwire.md.>"],
      start: from,
      catchUpFromRelay: false,
    });
    const delivered: Delivered[] = [];
    feed.on("message", (message, info) => delivered.push({ subject: info.subject, id: message.ID }));
    await until(() => delivered.length > 3000 && !feed.stats().catchingUp, "3,000 frames, caught up");
    await feed.close();
    await relay.drained();
    const stored = await storedFrames(stack.nc);
    const runs = assertRuns(stored, delivered);
    // Each subject starts at its first frame received at or after the date: nothing earlier, nothing skipped.
    const firstAfter = new Map<string, number>();
    for (const [key, frame] of stored) {
      const subject = key.slice(0, key.indexOf("|"));
      if (frame.receivedMicros < from.getTime() * 1000) continue;
      if (frame.n < (firstAfter.get(subject) ?? Number.POSITIVE_INFINITY)) firstAfter.set(subject, frame.n);
    }
    for (const [subject, ns] of runs) assert.equal(ns[0], firstAfter.get(subject), `${subject}: its first frame`);
  });

  for (const recentFromRelay of [false, true]) {
    test(`a gap replayed ${recentFromRelay ? "from the relay's recent window first" : "from the stored batches"}: every frame once, in order`, async () => {
      const link = lossy(stack.nc);
      const stats = zeroStats();
      const delivered: Delivered[] = [];
      const errors: string[] = [];
      const filters = subjectFilters(PLAIN.slice(0, 4));
      const patterns = routePatterns(filters) ?? [];
      const core = new CoreLive({
        nc: link.nc,
        js: jetstream(link.nc),
        jsm: await jetstreamManager(link.nc),
        stream: "TICKWIRE_MD",
        filters,
        stats,
        gapWaitMs: 3000,
        recentFromRelay,
        storedBatches: { batchStream: "TICKWIRE_MD_BATCHES", patterns },
        deliver: (bytes, subject) => delivered.push({ subject, id: decodeMessage(bytes).ID }),
        report: (error) => errors.push(`${(error as RelayError).code}: ${error.message}`),
      });
      await announceLive(stack.nc, filters);
      try {
        await core.start("new");
        await until(() => delivered.length >= 20, "20 frames live");
        // With the relay asked, the stored batches' read is slowed by a second: the relay's answer comes first.
        if (recentFromRelay) link.slowReadsMs = 1000;
        link.dropping = true;
        await sleep(400);
        link.dropping = false;
        await until(() => stats.gapsDetected >= 1, "the gap seen");
        await until(() => !core.catchingUp, "the catch-up done", 20_000);
        const after = delivered.length;
        await until(() => delivered.length > after + 20, "20 more frames live");
      } finally {
        core.close();
      }
      await relay.drained();
      assertRuns(await storedFrames(stack.nc), delivered);
      assert.equal(stats.gapsPassedOver, 0, errors.join("; "));
      assert.ok(stats.replays >= 1);
      if (recentFromRelay) assert.ok(stats.relayCatchUps >= 1, `catch-ups from the relay: ${stats.relayCatchUps}`);
      else assert.equal(stats.relayCatchUps, 0);
    });
  }

  test('live "jetstream" refuses a stream of batches with a typed error', async () => {
    await assert.rejects(
      subscribeRelay({ servers: stack.nats.urls, instruments: [PLAIN[0]], live: "jetstream" }),
      (error: unknown) => error instanceof RelayError && error.code === "STREAM_FORMAT",
    );
  });
});

// The batch format on its own: what the relay's batcher writes, a consumer's reader gives back frame by frame and
// subject by subject, with the numbering of the per-instrument subjects; unwanted frames are skipped by instrument id
// and subtype; a missing batch is reported as a gap; batches flush at a count, a size and a time bound.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type BatchedMessage,
  Batcher,
  BatchReader,
  type BatchRoute,
  batchSubjects,
  routePatterns,
} from "../src/batch.js";
import { routeFrame } from "../src/subjects.js";

const EPOCH = "abcdef012345";
const BIG = 31010010000234230n; // above 2^53: must stay exact

function route(n: number, instrumentId: bigint, over: Partial<BatchRoute> = {}): BatchRoute {
  return {
    bytes: new Uint8Array([n, n + 1, n + 2]),
    receivedAt: (1_700_000_000_000 + n / 10).toFixed(3),
    segment: 1, // NSECM
    instrumentId,
    subtype: "TickData",
    frameKey: `${n}.0000abcd`,
    fanned: false,
    position: `${EPOCH}.${n}`,
    ...over,
  };
}

function collect(filters: string[], batches: { subject: string; data: Uint8Array }[]) {
  const patterns = routePatterns(filters);
  assert.ok(patterns, `patterns for ${filters}`);
  const reader = new BatchReader(patterns);
  const out: BatchedMessage[] = [];
  let gaps = 0;
  for (const b of batches)
    reader.read(
      b.data,
      (m) => out.push(m),
      () => gaps++,
    );
  return { out, gaps, stats: reader.stats };
}

describe("batches", () => {
  test("round trip: frames, subjects, positions, receive times and message ids come back as published", () => {
    const sent: { subject: string; data: Uint8Array }[] = [];
    const batcher = new Batcher((subject, data) => sent.push({ subject, data }), { maxFrames: 1000 });
    batcher.add(route(1, 110010000002885n));
    batcher.add(route(2, BIG, { subtype: "TouchLineDataMessage" }));
    batcher.flush();
    assert.equal(sent.length, 1);
    assert.equal(sent[0].subject, "tickwire.batch.NSECM");
    const { out, gaps } = collect(["tickwire.md.>"], sent);
    assert.equal(gaps, 0);
    assert.deepEqual(
      out.map((m) => [m.subject, [...m.data], m.position, m.headers.received, m.headers.msgId]),
      [
        [
          "tickwire.md.NSECM.110010000002885.TickData",
          [1, 2, 3],
          `${EPOCH}.1`,
          "1700000000000.100",
          "NSECM.110010000002885.TickData.1.0000abcd",
        ],
        [
          `tickwire.md.NSECM.${BIG}.TouchLineDataMessage`,
          [2, 3, 4],
          `${EPOCH}.2`,
          "1700000000000.200",
          `NSECM.${BIG}.TouchLineDataMessage.2.0000abcd`,
        ],
      ],
    );
    // The numbers the live path reads instead of the text: the same values.
    assert.deepEqual(
      out.map((m) => [m.epoch, m.seq, m.receivedAt, m.msgId, m.frameId]),
      out.map((m) => [EPOCH, Number(m.position.split(".")[1]), Number(m.headers.received), m.headers.msgId, undefined]),
    );
    assert.deepEqual(
      out.map((m) => m.receivedAt),
      [1_700_000_000_000.1, 1_700_000_000_000.2],
    );
  });

  test("a frame filed under several instruments is one entry with several routes, marked to be delivered once", () => {
    const sent: { subject: string; data: Uint8Array }[] = [];
    const batcher = new Batcher((subject, data) => sent.push({ subject, data }));
    const shared = route(5, 1n, { fanned: true });
    batcher.add(shared);
    batcher.add({ ...shared, instrumentId: 2n, position: `${EPOCH}.9` });
    batcher.flush();
    const { out, stats } = collect(["tickwire.md.>"], sent);
    assert.equal(stats.batchFrames, 1);
    assert.deepEqual(
      out.map((m) => [m.subject, m.position, m.headers.frameId]),
      [
        ["tickwire.md.NSECM.1.TickData", `${EPOCH}.5`, "5.0000abcd"],
        ["tickwire.md.NSECM.2.TickData", `${EPOCH}.9`, "5.0000abcd"],
      ],
    );
    assert.equal(out[0].data, out[1].data);
  });

  test("a consumer of a few instruments and subtypes skips the other frames without decoding them", () => {
    const sent: { subject: string; data: Uint8Array }[] = [];
    const batcher = new Batcher((subject, data) => sent.push({ subject, data }));
    for (let n = 1; n <= 30; n++) {
      batcher.add(route(n, BigInt(n % 3) + BIG, { subtype: n % 2 ? "TickData" : "MarketDepthMessage" }));
    }
    batcher.flush();
    const { out, stats } = collect([`tickwire.md.*.${BIG + 1n}.TickData`], sent);
    assert.deepEqual(
      out.map((m) => m.position),
      [1, 7, 13, 19, 25].map((n) => `${EPOCH}.${n}`),
    );
    assert.equal(stats.batchFramesSkipped, 25);
    const bySegment = collect(["tickwire.md.MCXFO.>"], sent);
    assert.equal(bySegment.out.length, 0);
  });

  test("a missing batch is a gap; a new epoch starts the numbering again", () => {
    const sent: { subject: string; data: Uint8Array }[] = [];
    const batcher = new Batcher((subject, data) => sent.push({ subject, data }), { maxFrames: 2 });
    for (let n = 1; n <= 6; n++) batcher.add(route(n, 7n));
    assert.equal(sent.length, 3, "flushed at maxFrames");
    assert.equal(collect(["tickwire.md.>"], sent).gaps, 0);
    const lost = collect(["tickwire.md.>"], [sent[0], sent[2]]);
    assert.equal(lost.gaps, 1);
    assert.equal(lost.stats.batchGaps, 1);
    batcher.add(route(1, 7n, { position: "fedcba987654.1" }));
    batcher.flush();
    assert.equal(collect(["tickwire.md.>"], [sent[0], sent[3]]).gaps, 0);
  });

  test("the relay's routes (id halves and subtype index made once per subject, receive time in µs) write the same batch", () => {
    const ids = [7n, 110010000002885n, BIG, 2n ** 63n - 1n, -5n];
    const subtypes = ["TickData", "TouchLineDataMessage", "MarketDepthMessage", "IndexDataMessage"] as const;
    const derived: Uint8Array[] = [];
    const carried: Uint8Array[] = [];
    const plain = new Batcher((_, data) => derived.push(data), { maxFrames: 1000 });
    const fast = new Batcher((_, data) => carried.push(data), { maxFrames: 1000 });
    const subjects: string[] = [];
    let n = 0;
    for (const instrumentId of ids) {
      for (const subtype of subtypes) {
        n++;
        const value =
          subtype === "IndexDataMessage"
            ? { IndexData: { InstrumentID: instrumentId, ExchangeSegment: 1 } }
            : { InstrumentID: instrumentId, ExchangeSegment: 1 };
        const bytes = new Uint8Array([n, n + 1]);
        const routed = routeFrame({ ID: BigInt(n), subtype: { case: subtype, value } } as never, bytes);
        assert.ok(routed.ok);
        const [r] = routed.routes;
        subjects.push(r.subject);
        const receivedAt = (1_700_000_000_000 + n / 7).toFixed(3);
        plain.addNumbered(
          { segment: r.segment, instrumentId: r.instrumentId, subtype: r.subtype, frameKey: r.frameKey, fanned: false },
          bytes,
          receivedAt,
          EPOCH,
          n,
        );
        fast.addNumbered(r, bytes, receivedAt, EPOCH, n, Math.round(Number(receivedAt) * 1000));
      }
    }
    plain.flush();
    fast.flush();
    assert.equal(carried.length, 1);
    assert.deepEqual([...carried[0]], [...derived[0]]);
    const { out } = collect(["tickwire.md.>"], [{ subject: "tickwire.batch.NSECM", data: carried[0] }]);
    assert.equal(out.length, ids.length * subtypes.length);
    assert.deepEqual(
      out.map((m) => m.subject),
      subjects,
      "each frame read back on the subject the relay routed it to",
    );
  });

  test("flushes at the byte bound and after the time bound", async () => {
    const sent: { subject: string; data: Uint8Array }[] = [];
    const batcher = new Batcher((subject, data) => sent.push({ subject, data }), { maxBytes: 300, maxDelayMs: 5 });
    batcher.add(route(1, 1n, { bytes: new Uint8Array(400) }));
    assert.equal(sent.length, 1, "a frame past the byte bound goes at once");
    batcher.add(route(2, 1n));
    assert.equal(sent.length, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(sent.length, 2, "the time bound flushed it");
    batcher.stop();
  });

  test("filters: which shapes the batches serve, and on which subjects", () => {
    assert.deepEqual(batchSubjects(routePatterns(["tickwire.md.NSECM.>"]) ?? []), ["tickwire.batch.NSECM"]);
    assert.deepEqual(batchSubjects(routePatterns(["tickwire.md.*.5.>", "tickwire.md.*.6.>"]) ?? []), [
      "tickwire.batch.*",
    ]);
    assert.equal(routePatterns(["tickwire.other.>"]), undefined);
    assert.equal(routePatterns(["tickwire.md.NOPE.>"]), undefined);
  });

  test("a malformed batch throws instead of handing on part of it", () => {
    const sent: { subject: string; data: Uint8Array }[] = [];
    const batcher = new Batcher((subject, data) => sent.push({ subject, data }));
    batcher.add(route(1, 1n));
    batcher.flush();
    const reader = new BatchReader(routePatterns(["tickwire.md.>"]) ?? []);
    const taken: unknown[] = [];
    assert.throws(() =>
      reader.read(
        sent[0].data.subarray(0, sent[0].data.length - 2),
        (m) => taken.push(m),
        () => {},
      ),
    );
    assert.throws(() =>
      reader.read(
        new Uint8Array([9, 1]),
        (m) => taken.push(m),
        () => {},
      ),
    );
    assert.equal(taken.length, 0);
  });
});

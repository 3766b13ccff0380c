// A takeover under stream format "batches": two relays batch the same frames differently, so the batches' stream can
// hold both copies of the frames both published (the ids of their batches differ, and the stream drops neither). A
// reader drops the second copy by the frame's message id, as the live path does across a relay's epochs: a frame of
// a new epoch whose id is among its subject's last 8 delivered is a repeat.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Batcher, BatchReader, type BatchRoute, routePatterns } from "../src/batch.js";
import { SubjectPositions } from "../src/positions.js";

/** Frame k of the feed as relay `epoch` numbers it (`n`), with the batch identity its stored batch gets. */
function frame(k: number, epoch: string, n: number): BatchRoute {
  return {
    bytes: new Uint8Array([k, k >> 8, 7]),
    receivedAt: (1_700_000_000_000 + k).toFixed(3),
    segment: 1,
    instrumentId: 2885n,
    subtype: "TickData",
    frameKey: `${k}.0000abcd`,
    fanned: false,
    position: `${epoch}.${n}`,
  };
}

/** What a consumer delivers reading the stored batches in stream order: each frame key once, or more. */
function deliver(stored: Uint8Array[]): string[] {
  const reader = new BatchReader(routePatterns(["tickwire.md.>"]) ?? []);
  const positions = new SubjectPositions();
  const delivered: string[] = [];
  for (const data of stored) {
    reader.read(
      data,
      (m) => {
        const verdict = positions.classifyAt(m.subject, m.epoch, m.seq, m.msgId);
        if (verdict === "repeat") return;
        positions.acceptAt(m.subject, m.epoch, m.seq, m.msgId, m.receivedAt);
        delivered.push(m.msgId.slice("NSECM.2885.TickData.".length));
      },
      () => {},
    );
  }
  return delivered;
}

function stored(overlap: number): { data: Uint8Array[]; ids: Set<string> } {
  const data: Uint8Array[] = [];
  const ids = new Set<string>();
  const store = (_subject: string, batch: Uint8Array, id: { epoch: string; segment: string; seq: number }) => {
    ids.add(`${id.epoch}.${id.segment}.${id.seq}`);
    data.push(batch);
  };
  // Relay A stores frames 1..20 in batches of 6; relay B, taking over, stores from frame 21 - overlap on, in batches of
  // 4: its batches cut the same frames elsewhere and carry its own epoch and numbering.
  const a = new Batcher(store, { maxFrames: 6 }, "tickwire.store");
  for (let k = 1; k <= 20; k++) a.add(frame(k, "aaaa", k));
  a.flush();
  const b = new Batcher(store, { maxFrames: 4 }, "tickwire.store");
  for (let k = 21 - overlap, n = 1; k <= 30; k++, n++) b.add(frame(k, "bbbb", n));
  b.flush();
  return { data, ids };
}

test("the frames two relays both stored are delivered once; the batches' ids differ, so the stream kept both", () => {
  const { data, ids } = stored(5);
  assert.equal(ids.size, data.length, "every stored batch has its own Nats-Msg-Id: the stream drops none");
  const delivered = deliver(data);
  assert.deepEqual(
    delivered,
    Array.from({ length: 30 }, (_, i) => `${i + 1}.0000abcd`),
  );
});

test("an overlap longer than the 8 message ids remembered per subject is delivered twice (the documented bound)", () => {
  const delivered = deliver(stored(12).data);
  assert.ok(delivered.length > 30, `${delivered.length} delivered`);
});

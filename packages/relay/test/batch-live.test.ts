// The batched live path end to end: a relay on a sandbox and a nats-server, consumers that read the batches (a whole
// segment; many instruments) against the stream: the last value of each subject first, then live, each subject's
// numbering without a gap or a repeat, every delivered frame one the stream holds; a few instruments stay on the
// per-instrument subjects.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { type Relay, type RelayFeed, startRelay, subscribeRelay } from "../src/index.js";
import { assertSameRun, type Stack, startStack, storedMessages, until } from "./helpers.js";

const ALL = defaultInstruments.map((i) => i.id);

function record(feed: RelayFeed): { subject: string }[] {
  const seen: { subject: string }[] = [];
  feed.on("message", (_message, info) => seen.push({ subject: info.subject }));
  return seen;
}

describe("batched live path", () => {
  let stack: Stack;
  let relay: Relay;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 2000 } });
    relay = await startRelay({
      name: "batch",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: ALL,
      stream: { maxMsgsPerSubject: 100_000 },
    });
    await relay.active();
    await until(() => relay.stats().published > 300, "300 messages stored");
  });
  after(async () => {
    await relay.close();
    await stack.close();
  });

  test("a whole-feed consumer reads batches: last values, then live, every subject without a gap or a repeat", async () => {
    const feed = await subscribeRelay({ servers: stack.nats.urls, subjects: ["tickwire.md.>"] });
    const ids: { subject: string; id: bigint }[] = [];
    feed.on("message", (message, info) => ids.push({ subject: info.subject, id: message.ID }));
    await until(() => feed.stats().batches.batches > 20 && ids.length > 600, "20 batches read");
    const stats = feed.stats();
    await feed.close();
    await relay.drained();
    assert.equal(stats.livePath, "batch");
    assert.equal(relay.stats().batches.failed, 0);
    assert.ok(relay.stats().batches.frames > 0);
    const stored = await storedMessages(stack.nc, "TICKWIRE_MD");
    // Each subject: the delivered IDs are a run of consecutive stored messages of that subject (no gap, no repeat).
    const storedBySubject = new Map<string, bigint[]>();
    for (const m of stored) {
      const list = storedBySubject.get(m.subject) ?? [];
      list.push(decodeMessage(m.data).ID);
      storedBySubject.set(m.subject, list);
    }
    const deliveredBySubject = new Map<string, bigint[]>();
    for (const d of ids) {
      const list = deliveredBySubject.get(d.subject) ?? [];
      list.push(d.id);
      deliveredBySubject.set(d.subject, list);
    }
    assert.ok(deliveredBySubject.size > 1);
    for (const [subject, got] of deliveredBySubject) {
      const all = storedBySubject.get(subject) ?? [];
      const start = all.indexOf(got[0]);
      assert.ok(start >= 0, `${subject}: first delivered not in the stream`);
      assertSameRun(got, all.slice(start, start + got.length), `${subject}: a gap or a repeat`);
    }
    assert.equal(stats.gapsPassedOver, 0);
  });

  test("many instruments read batches and skip the others unread; a few read the per-instrument subjects", async () => {
    const some = ALL.slice(0, 2);
    const batched = await subscribeRelay({ servers: stack.nats.urls, instruments: some, batchFromInstruments: 2 });
    const direct = await subscribeRelay({ servers: stack.nats.urls, instruments: some });
    const a = record(batched);
    const b = record(direct);
    await until(() => batched.stats().batches.batchFramesSkipped > 0 && a.length > 50 && b.length > 50, "both read");
    const stats = batched.stats();
    assert.equal(stats.livePath, "batch");
    assert.equal(direct.stats().livePath, "subjects");
    const wanted = new Set(some.map(String));
    for (const s of a) assert.ok(wanted.has(s.subject.split(".")[3]), `${s.subject} not asked for`);
    await batched.close();
    await direct.close();
  });
});

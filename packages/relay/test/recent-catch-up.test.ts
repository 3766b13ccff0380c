// A consumer's catch-up from the active relay's recent frames, with a real relay and nats-server: the relay answers
// what it published on a consumer's filters, refuses a malformed request, and a consumer whose catch-up cannot get
// anything from JetStream (every API request lost, as while the metadata leader is elected) still fills its gap from
// the relay within a round trip. Timing tier: the bound is a wall-clock one.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { startNatsServers } from "@tickwire/testkit/nats-server";
import { CoreLive } from "../src/core-live.js";
import { type Relay, startRelay, subjectFilters } from "../src/index.js";
import { askRecent } from "../src/recent-ask.js";
import { decodeRecentChunk, encodeRecentReply, RECENT_SUBJECT } from "../src/recent-frames.js";
import { assertSameRun, lossy, type Stack, startStack, storedMessages, until, zeroStats } from "./helpers.js";

const PLAIN = defaultInstruments.filter((i) => i.kind !== "index").map((i) => i.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("core live path: a catch-up from the relay's recent frames", () => {
  let stack: Stack;
  let relay: Relay;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 1000 } });
    relay = await startRelay({
      name: "recent",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: defaultInstruments.map((i) => i.id),
      stream: { maxMsgsPerSubject: 100_000 },
    });
    await relay.active();
    await until(() => relay.stats().published > 200, "200 messages stored");
    // A catch-up asks from 2 s before the consumer's last message: the relay's window reaches back to its activation.
    await sleep(3000);
  });
  after(async () => {
    await relay.close();
    await stack.close();
  });

  test("the relay answers with what it published on the filters since a time, as the stream stored it", async (t) => {
    const filters = subjectFilters(PLAIN.slice(0, 3));
    const fromMs = Date.now() - 1500;
    const answer = await askRecent(stack.nc, filters, fromMs, { everyMs: 250, stopped: () => false });
    assert.ok(answer, "an answer");
    assert.ok(answer.coversAfterMs < fromMs, "the window reaches back to the time asked");
    assert.ok(answer.frames.length > 20, `${answer.frames.length} frames`);
    // What a frame costs the window (recent-window.ts charges its bytes, its header texts and 64 bytes).
    const charged = answer.frames.map(
      (f) => f.data.length + f.subject.length + f.position.length + f.msgId.length + f.received.length + 64,
    );
    t.diagnostic(`${(charged.reduce((a, b) => a + b, 0) / charged.length).toFixed(0)} bytes kept per frame on average`);
    await relay.drained();
    const stored = new Map(
      (await storedMessages(stack.nc, "TICKWIRE_MD")).map((m) => [`${m.subject} ${m.position}`, m]),
    );
    for (const f of answer.frames) {
      assert.ok(Number(f.received) >= fromMs);
      assert.ok(filters.some((filter) => f.subject.startsWith(filter.slice(0, filter.indexOf("*")))));
      const m = stored.get(`${f.subject} ${f.position}`);
      assert.ok(m, `${f.subject} ${f.position} is stored`);
      assert.deepEqual(Uint8Array.from(f.data), Uint8Array.from(m.data));
      assert.equal(f.msgId, m.msgId);
      assert.equal(f.received, m.receivedAt);
    }
  });

  test("a malformed request is refused with its reason, and counted", async () => {
    const reply = await stack.nc.request(RECENT_SUBJECT, new TextEncoder().encode('{"filters":[]}'), { timeout: 2000 });
    assert.match(decodeRecentChunk(reply.data).error ?? "", /request\.filters must be/);
    assert.ok(relay.stats().recent.refused >= 1);
  });

  test("a gap while JetStream answers nothing is filled from the relay: every frame once, in order, within a round trip", async (t) => {
    const filters = subjectFilters(PLAIN.slice(0, 4));
    const link = lossy(stack.nc);
    const { nc } = link;
    const stats = zeroStats();
    const delivered: { subject: string; id: bigint; at: number }[] = [];
    const errors: string[] = [];
    const core = new CoreLive({
      nc,
      js: jetstream(nc),
      jsm: await jetstreamManager(nc),
      stream: "TICKWIRE_MD",
      filters,
      stats,
      gapWaitMs: 5000,
      deliver: (bytes, subject) => delivered.push({ subject, id: decodeMessage(bytes).ID, at: Date.now() }),
      report: (error) => errors.push(error.message),
    });
    try {
      await core.start("new");
      await until(() => delivered.length >= 20, "20 messages live");
      link.electing = true;
      link.dropping = true;
      await sleep(300);
      const gapEnded = Date.now();
      link.dropping = false;
      await until(() => stats.gapsDetected >= 1, "the gap seen");
      await until(() => !core.catchingUp, "the catch-up done", 10_000);
      const caughtUp = Date.now() - gapEnded;
      await sleep(500);
      link.electing = false;
      stack.sandbox.feed.pause();
      await relay.drained();
      await sleep(300);
      t.diagnostic(
        `caught up ${caughtUp} ms after the gap ended; ${link.lost} JetStream requests lost; ${JSON.stringify(stats)}`,
      );
      for (const e of errors.slice(0, 5)) t.diagnostic(e);

      await assertEveryStoredFrame(stack.nc, delivered);
      assert.equal(stats.gapsPassedOver, 0);
      assert.ok(stats.relayCatchUps >= 1, `catch-ups from the relay: ${stats.relayCatchUps}`);
      // JetStream answered nothing during the catch-up; the relay answers within a round trip. Before, the catch-up
      // waited for the stream until gapWaitMs (5 s here), then passed over the gap.
      assert.ok(caughtUp <= 1000, `caught up ${caughtUp} ms after the gap ended`);
    } finally {
      core.close();
      stack.sandbox.feed.resume();
    }
  });
  test("a gap while JetStream answers nothing for longer than gapWaitMs waits for it, and passes nothing over", async (t) => {
    const link = lossy(stack.nc);
    const { nc } = link;
    const stats = zeroStats();
    const delivered: { subject: string; id: bigint; at: number }[] = [];
    const core = new CoreLive({
      nc,
      js: jetstream(nc),
      jsm: await jetstreamManager(nc),
      stream: "TICKWIRE_MD",
      filters: subjectFilters(PLAIN.slice(0, 4)),
      stats,
      gapWaitMs: 1500,
      recentFromRelay: false,
      deliver: (bytes, subject) => delivered.push({ subject, id: decodeMessage(bytes).ID, at: Date.now() }),
      report: (error) => t.diagnostic(error.message),
    });
    try {
      await core.start("new");
      await until(() => delivered.length >= 20, "20 messages live");
      link.electing = true;
      link.dropping = true;
      await sleep(300);
      link.dropping = false;
      await until(() => stats.gapsDetected >= 1, "the gap seen");
      // JetStream silent for twice gapWaitMs: before, the catch-up gave up at gapWaitMs and delivered the held live
      // messages over the gap.
      await sleep(3000);
      assert.ok(core.catchingUp, "still waiting for the stream");
      link.electing = false;
      await until(() => !core.catchingUp, "the catch-up done", 10_000);
      stack.sandbox.feed.pause();
      await relay.drained();
      await sleep(300);
      await assertEveryStoredFrame(stack.nc, delivered);
      assert.equal(stats.gapsPassedOver, 0);
    } finally {
      core.close();
      stack.sandbox.feed.resume();
    }
  });
});

/** Every subject delivered, from its first delivered frame on, exactly as the stream holds it: no gap, no repeat. */
async function assertEveryStoredFrame(nc: NatsConnection, delivered: { subject: string; id: bigint }[]): Promise<void> {
  const stored = await storedMessages(nc, "TICKWIRE_MD");
  const bySubject = new Map<string, bigint[]>();
  for (const m of stored) bySubject.set(m.subject, [...(bySubject.get(m.subject) ?? []), decodeMessage(m.data).ID]);
  const got = new Map<string, bigint[]>();
  for (const d of delivered) got.set(d.subject, [...(got.get(d.subject) ?? []), d.id]);
  assert.ok(got.size >= 4, `${got.size} subjects`);
  for (const [subject, ids] of got) {
    const inStream = bySubject.get(subject) ?? [];
    const from = inStream.indexOf(ids[0]);
    assert.ok(from >= 0, `${subject} ${ids[0]} is stored`);
    assertSameRun(ids, inStream.slice(from), subject);
  }
}

describe("asking for recent frames while no relay answers", () => {
  test("a request nothing answers ('no responders') is sent again until a relay answers", async () => {
    const nats = await startNatsServers(1);
    const nc = await connect({ servers: nats.urls });
    try {
      const frame = {
        subject: "tickwire.md.NSECM.101.TickData",
        position: "e.1",
        msgId: "m.1",
        received: "1700000000000.000",
        frameId: undefined,
        data: new Uint8Array([8, 1]),
      };
      let asked = 0;
      const asking = askRecent(nc, ["tickwire.md.>"], 0, { everyMs: 100, stopped: () => false });
      await sleep(350);
      // A relay becomes active: it answers the next request.
      const relay = nc.subscribe(RECENT_SUBJECT, {
        callback: (_error, msg) => {
          asked++;
          for (const chunk of encodeRecentReply([frame], -1, 1000)) msg.respond(chunk);
        },
      });
      const answer = await asking;
      assert.ok(answer);
      assert.equal(answer.coversAfterMs, -1);
      assert.deepEqual(
        answer.frames.map((f) => ({ ...f, data: Uint8Array.from(f.data) })),
        [frame],
      );
      assert.ok(asked >= 1);
      // Nothing answering at all: asking ends when the caller stops, without an answer.
      relay.unsubscribe();
      let stop = false;
      setTimeout(() => {
        stop = true;
      }, 300);
      assert.equal(await askRecent(nc, ["tickwire.md.>"], 0, { everyMs: 100, stopped: () => stop }), undefined);
    } finally {
      await nc.close();
      await nats.close();
    }
  });
});

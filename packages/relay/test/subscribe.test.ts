// subscribeRelay against a relay on a real sandbox and nats-server: the client feed's shape (typed events, iterator,
// stats, idempotent close), a late joiner's last values then live with no gap and no duplicate at the seam, "new"
// and a start time, and a frame published to several subjects delivered once.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { type Relay, startRelay, subscribeRelay } from "../src/index.js";
import { type Stack, startStack, storedMessages, until } from "./helpers.js";

const ALL = defaultInstruments.map((i) => i.id);
const SOME = ALL.slice(0, 4);

describe("subscribeRelay", () => {
  let stack: Stack;
  let relay: Relay;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 1000 } });
    // Every message kept, so the test can read the whole stream and check the consumer against it.
    relay = await startRelay({
      name: "sub",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: ALL,
      stream: { maxMsgsPerSubject: 100_000 },
    });
    await relay.active();
    await until(() => relay.stats().published > 500, "500 messages stored");
  });
  after(async () => {
    await relay.close();
    await stack.close();
  });

  for (const live of ["core", "jetstream"] as const) {
    test(`${live}: a late joiner gets every subject's last value, then the live stream: no gap, no duplicate at the seam`, async () => {
      const filter = `tickwire.md.*.${SOME[0]}.>`;
      const lastBefore = new Map<string, number>();
      for (const m of await storedMessages(stack.nc, "TICKWIRE_MD", filter)) lastBefore.set(m.subject, m.seq);
      const jsm = await jetstreamManager(stack.nc);
      const joinedAt = (await jsm.streams.info("TICKWIRE_MD")).state.last_seq;
      const feed = await subscribeRelay({ servers: stack.nats.urls, instruments: [SOME[0]], live });
      const delivered: { key: string; subject: string }[] = [];
      feed.on("message", (message, info) => {
        delivered.push({ key: `${info.subject}|${message.ID}`, subject: info.subject });
      });
      // Read once the listener is on: every last value the feed started from was stored by now.
      const subscribedAt = (await jsm.streams.info("TICKWIRE_MD")).state.last_seq;
      await until(() => delivered.length >= lastBefore.size + 30, "30 live messages");
      await feed.close();
      // A message arriving live over core NATS carries no stream sequence: find it in the stream by subject and ID.
      const stored = await storedMessages(stack.nc, "TICKWIRE_MD", filter);
      const seqOf = new Map(stored.map((m) => [`${m.subject}|${decodeMessage(m.data).ID}`, m.seq]));
      const seqs = delivered.map((d) => {
        const seq = seqOf.get(d.key);
        assert.ok(seq !== undefined, `${d.key} delivered but not in the stream`);
        return { subject: d.subject, seq };
      });
      // The first message of each subject is the last one stored when it joined (or a newer one): no old history.
      const firstBySubject = new Map<string, number>();
      for (const d of seqs) if (!firstBySubject.has(d.subject)) firstBySubject.set(d.subject, d.seq);
      for (const [subject, seq] of lastBefore) {
        assert.ok((firstBySubject.get(subject) ?? 0) >= seq, `${subject}: starts at its last value`);
      }
      // Of what was stored before it joined, at most one message per subject: the last value, not the history.
      const old = seqs.filter((d) => d.seq <= joinedAt).map((d) => d.subject);
      assert.equal(new Set(old).size, old.length);
      // And the stored last values did come (not only live messages). Counted up to the stream's end
      // once subscribed, not up to joinedAt: under load every subject may store a newer message
      // between reading joinedAt and the consumers' creation, and that newer one is then the last value.
      assert.ok(
        seqs.some((d) => d.seq <= subscribedAt),
        "no stored last value was delivered",
      );
      // From each subject's first delivered message on, exactly what the stream holds: no gap, no duplicate.
      const lastDelivered = Math.max(...seqs.map((d) => d.seq));
      const expected = stored
        .filter((m) => m.seq >= (firstBySubject.get(m.subject) ?? Number.POSITIVE_INFINITY) && m.seq <= lastDelivered)
        .map((m) => m.seq);
      assert.deepEqual(
        seqs.map((d) => d.seq).sort((a, b) => a - b),
        expected,
      );
      assert.equal(new Set(seqs.map((d) => d.seq)).size, seqs.length, "no duplicate");
    });
  }

  test("the client feed's shape: typed per-subtype events, an iterator, stats, idempotent close", async () => {
    const feed = await subscribeRelay({ servers: stack.nats.urls, instruments: SOME, subtypes: ["TickData"] });
    let ltp = 0;
    feed.on("TickData", (value) => {
      ltp = value.LTP;
    });
    let other = 0;
    feed.on("TouchLineDataMessage", () => other++);
    const ids = new Set<bigint>();
    for await (const message of feed) {
      assert.equal(message.subtype.case, "TickData");
      if (message.subtype.case === "TickData") ids.add(message.subtype.value.InstrumentID);
      if (feed.stats().messagesTotal >= 40) break;
    }
    assert.ok(ltp > 0);
    assert.equal(other, 0, "subtypes filter");
    assert.ok([...ids].every((id) => SOME.includes(id)));
    const stats = feed.stats();
    assert.equal(stats.state, "open");
    assert.equal(stats.messages.TickData, stats.messagesTotal);
    assert.equal(stats.decodeErrors, 0);
    await Promise.all([feed.close(), feed.close()]);
    await feed.close();
    assert.equal(feed.state, "closed");
    const iterator = feed.messages();
    assert.deepEqual(await iterator.next(), { value: undefined, done: true });
  });

  for (const live of ["core", "jetstream"] as const) {
    test(`${live}: "new" starts after the last stored message, a Date starts at that time`, async () => {
      const before = Date.now();
      const fresh = await subscribeRelay({ servers: stack.nats.urls, instruments: SOME, start: "new", live });
      const receivedNew: number[] = [];
      fresh.on("message", (_m, info) => receivedNew.push(info.receivedAt));
      await until(() => receivedNew.length >= 10, "10 new messages");
      await fresh.close();
      // Received by the relay after the consumer started (less the publish path's few ms): nothing from before.
      assert.ok(Math.min(...receivedNew) >= before - 50, `earliest ${Math.min(...receivedNew) - before} ms`);

      // The start time is a stored message's own store time, so what must come first is known from the stream, not
      // from wall-clock bounds (a loaded machine stretched those): the first message stored at or after that time.
      const instrumentOf = (subject: string) => subject.split(".")[3];
      const subjectsOfSome = new Set(SOME.map(String));
      const history = (await storedMessages(stack.nc, "TICKWIRE_MD")).filter((m) =>
        subjectsOfSome.has(instrumentOf(m.subject)),
      );
      assert.ok(history.length >= 20, `${history.length} stored for the instruments`);
      // Near the end: the stream keeps a bounded number of messages per subject, so an older pick can be discarded
      // between this read and the subscription.
      const pick = history[history.length - Math.min(50, Math.floor(history.length / 2))];
      const since = new Date(Math.floor(pick.timestampNanos / 1e6));
      const sinceNanos = since.getTime() * 1e6;
      const expectedFirst = history.find((m) => m.timestampNanos >= sinceNanos);
      assert.ok(expectedFirst !== undefined);
      // Each instrument's first message stored at or after the start time.
      const firstByInstrument = new Map<string, bigint>();
      for (const m of history) {
        const instrument = instrumentOf(m.subject);
        if (m.timestampNanos >= sinceNanos && !firstByInstrument.has(instrument)) {
          firstByInstrument.set(instrument, decodeMessage(m.data).ID);
        }
      }
      const timed = await subscribeRelay({ servers: stack.nats.urls, instruments: SOME, start: since, live });
      // Listening once subscribeRelay has resolved, as a caller does. The JetStream path used to read its first
      // consumers while it was still creating the next ones, so their first messages went out before this listener
      // existed, and this check failed (in 2 of 3 loaded CI runs).
      const delivered: { seq: number; subject: string; id: bigint }[] = [];
      timed.on("message", (m, info) => delivered.push({ seq: info.streamSequence, subject: info.subject, id: m.ID }));
      // Each instrument is read in stream order (one consumer per instrument on either path), so once an instrument
      // has delivered a message of its own, its first one from the start time must have been delivered: by it, or
      // under another instrument's subject for a frame stored on both (an incremental update), delivered once.
      const instrumentsDelivered = () => new Set(delivered.map((d) => instrumentOf(d.subject)));
      let handedOut: number;
      try {
        await until(
          () => delivered.length >= 10 && [...firstByInstrument.keys()].every((i) => instrumentsDelivered().has(i)),
          "10 messages since the start time, and one of each instrument",
        );
        handedOut = timed.stats().messagesTotal;
      } finally {
        await timed.close();
      }
      assert.equal(handedOut, delivered.length, "every message the feed handed out reached the listener");
      // History first (a stream sequence; a live message on the core path has 0), nothing stored before the start
      // time, and every instrument's first message stored at or after it.
      assert.ok(delivered[0].seq > 0, "the first message comes from the stream");
      for (const d of delivered)
        if (d.seq > 0) assert.ok(d.seq >= expectedFirst.seq, `seq ${d.seq} is before the start time`);
      const deliveredIds = new Set(delivered.map((d) => d.id));
      for (const [instrument, id] of firstByInstrument) {
        assert.ok(deliveredIds.has(id), `${instrument}: its first message from the start time (ID ${id}) delivered`);
      }
    });
  }

  test("jetstream: a feed started from a Date recreates a lost consumer from where it was", async () => {
    const jsm = await jetstreamManager(stack.nc);
    const consumerNames = async () => {
      const names: string[] = [];
      for await (const c of jsm.consumers.list("TICKWIRE_MD")) names.push(c.name);
      return names;
    };
    const before = new Set(await consumerNames());
    const since = new Date(Date.now() - 1000);
    const feed = await subscribeRelay({
      servers: stack.nats.urls,
      instruments: [SOME[0]],
      start: since,
      live: "jetstream",
    });
    const seqs: number[] = [];
    feed.on("message", (_m, info) => seqs.push(info.streamSequence));
    try {
      await until(() => seqs.length >= 10, "10 messages");
      const ours = (await consumerNames()).filter((name) => !before.has(name));
      assert.equal(ours.length, 1, `one consumer for one instrument: ${ours.join(", ")}`);
      // What a lost server (or a memory consumer's node restarted) does to it. Created from a start time, it was
      // recreated with that time and a sequence together, which nats-server refuses: the feed stalled for good.
      await jsm.consumers.delete("TICKWIRE_MD", ours[0]);
      const lostAt = seqs.length;
      await until(() => seqs.length >= lostAt + 10, "10 messages after the consumer was lost");
    } finally {
      await feed.close();
    }
    assert.ok(feed.stats().consumerResets >= 1, `resets: ${feed.stats().consumerResets}`);
    // From where it was: exactly what the stream holds for the instrument from the first delivered to the last, no
    // gap, no replay.
    const stored = await storedMessages(stack.nc, "TICKWIRE_MD", `tickwire.md.*.${SOME[0]}.>`);
    const last = seqs[seqs.length - 1];
    assert.deepEqual(
      seqs,
      stored.filter((m) => m.seq >= seqs[0] && m.seq <= last).map((m) => m.seq),
    );
  });

  test("a frame published to several subjects (an index list) reaches a wildcard consumer once", async () => {
    const feed = await subscribeRelay({ servers: stack.nats.urls, subjects: ["tickwire.md.>"], start: "new" });
    const ids: bigint[] = [];
    feed.on("IndexDataListMessage", (value, message) => {
      assert.ok(value.IndexDataList.length > 1);
      ids.push(message.ID);
    });
    await until(() => ids.length >= 5, "5 index lists");
    await feed.close();
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(feed.stats().duplicatesSkipped >= ids.length, `copies skipped: ${feed.stats().duplicatesSkipped}`);
  });

  test("bad options are typed errors naming the option", async () => {
    await assert.rejects(subscribeRelay({ servers: stack.nats.urls }), /options\.instruments/);
    await assert.rejects(
      subscribeRelay({ servers: stack.nats.urls, instruments: [1n], subtypes: ["Nope" as "TickData"] }),
      /options\.subtypes\[0\]/,
    );
    await assert.rejects(
      subscribeRelay({ servers: stack.nats.urls, instruments: [1n], start: new Date(Number.NaN) }),
      /options\.start/,
    );
    await assert.rejects(
      subscribeRelay({ servers: stack.nats.urls, instruments: [1n], live: "push" as "core" }),
      /options\.live/,
    );
  });
});

// The live feed against a real sandbox (real WebSocket): decoding, events, the iterator's buffer, heartbeats, and
// reconnection after a server restart, a rotated signing key, token expiry and a stall.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments, MAX_SAFE_ID, startSandbox } from "@tickwire/sandbox";
import WebSocket from "ws";
import { InvalidArgumentError, SUBTYPES, type WebSocketConstructor } from "../src/index.js";
import { SECRET, startHarness, suiteHarness, USER, until } from "./helpers.js";

const ALL_IDS = defaultInstruments.map((i) => i.id);
const BIG_ID = ALL_IDS.find((id) => id > MAX_SAFE_ID) as bigint;
const FAST_RECONNECT = { initialDelayMs: 20, maxDelayMs: 200 };

describe("feed decoding", () => {
  const h = suiteHarness({ rate: 3000 });

  for (const format of ["base64", "binary"] as const) {
    test(`all seven subtypes decoded from ${format} frames, as typed events`, async () => {
      const client = h.client();
      const feed = client.marketData({ instrumentIds: ALL_IDS, format });
      const seen = new Set<string>();
      // Each subtype's own event (the cast only picks one signature: every subtype listener gets (value, message)).
      const offs = SUBTYPES.map((name) =>
        feed.on(name as "TickData", (_value, message) => seen.add(message.subtype.case as string)),
      );
      let tickLtp = 0;
      feed.on("TickData", (value) => {
        tickLtp = value.LTP; // typed: TickData's LTP is a number
      });
      await until(() => seen.size === SUBTYPES.length, "all seven subtypes", 15_000);
      const stats = feed.stats();
      for (const name of SUBTYPES) assert.ok(stats.messages[name] > 0, `${name} counted`);
      assert.ok(stats.bytes > 0 && stats.frames >= stats.messagesTotal);
      assert.equal(stats.decodeErrors, 0);
      assert.equal(stats.connections, 1);
      assert.ok(tickLtp > 0);
      for (const off of offs) off();
      await feed.close();
      assert.equal(feed.state, "closed");
    });
  }

  for (const format of ["base64", "binary"] as const) {
    test(`"frame" hands over each message's original bytes (${format} frames), which decode to the same message`, async () => {
      const feed = h.client().marketData({ instrumentIds: ALL_IDS, format });
      const pairs: { bytes: Uint8Array; message: unknown }[] = [];
      feed.on("frame", (bytes, message) => {
        if (pairs.length < 200) pairs.push({ bytes: bytes.slice(), message });
      });
      await until(() => pairs.length === 200, "200 frames");
      await feed.close();
      for (const { bytes, message } of pairs) {
        assert.deepEqual(decodeMessage(bytes), message);
        // The sandbox's MessageSize is the encoded message's own length: the bytes are the frame, not a re-encoding.
        assert.equal((message as { MessageSize: number }).MessageSize, bytes.length);
      }
    });
  }

  test("an id above 2^53 subscribes and comes back exact", async () => {
    const feed = h.client().marketData({ instrumentIds: [BIG_ID.toString()] });
    const ids = new Set<bigint>();
    for await (const message of feed) {
      const { subtype } = message;
      if (subtype.case === "TickData" || subtype.case === "TouchLineDataMessage") ids.add(subtype.value.InstrumentID);
      if (ids.size > 0 && feed.stats().messagesTotal >= 5) break;
    }
    assert.deepEqual([...ids], [BIG_ID]);
    assert.deepEqual(feed.subscriptions(), [BIG_ID]);
    await feed.close();
  });

  test("the iterator's buffer is bounded: drop-oldest, counted, and the newest survive", async () => {
    const feed = h.client().marketData({ instrumentIds: ALL_IDS, bufferSize: 8 });
    const iterator = feed.messages();
    await until(() => feed.stats().messagesTotal >= 100, "100 messages");
    const drops = feed.stats().drops;
    assert.ok(drops >= 90, `dropped ${drops}`);
    const first = await iterator.next();
    assert.equal(first.done, false);
    // The oldest were dropped: the first message handed out is one of the last few received.
    assert.ok((first.value?.ID ?? 0n) > BigInt(feed.stats().messagesTotal - 20));
    await iterator.return?.();
    await feed.close();
    assert.deepEqual(await iterator.next(), { value: undefined, done: true });
  });

  test("reuse: true delivers recycled messages to listeners, and has no iterator", async () => {
    const feed = h.client().marketData({ instrumentIds: ALL_IDS, reuse: true, int64: "string" });
    const objects = new Set<object>();
    let last = "";
    feed.on("message", (message) => {
      objects.add(message);
      last = message.ID; // int64 "string": typed as a string
    });
    await until(() => feed.stats().messagesTotal >= 50, "50 messages");
    assert.equal(objects.size, 1, "one message object, recycled");
    assert.match(last, /^\d+$/);
    assert.throws(() => feed.messages(), InvalidArgumentError);
    await feed.close();
  });

  test("server error notices are events, not decode errors; unknown event names are refused", async () => {
    const feed = h.client().marketData();
    const notices: string[] = [];
    feed.on("serverError", (message) => notices.push(message));
    await feed.ready();
    feed.subscribe([424242n]);
    await until(() => notices.length > 0, "the error notice");
    assert.match(notices[0], /unknown instrument ids: 424242/);
    assert.equal(feed.stats().serverErrors, 1);
    assert.equal(feed.stats().decodeErrors, 0);
    assert.throws(() => feed.on("Tick" as "TickData", () => {}), InvalidArgumentError);
    await feed.close();
  });

  test("unsubscribe stops an instrument's messages", async () => {
    const [a, b] = [ALL_IDS[0], ALL_IDS[1]];
    const feed = h.client().marketData({ instrumentIds: [a, b] });
    const seen: bigint[] = [];
    feed.on("TickData", (value) => seen.push(value.InstrumentID));
    await until(() => seen.includes(a) && seen.includes(b), "ticks of both");
    feed.unsubscribe([a]);
    // The sandbox answers requests in order: once a later request's notice arrives, the unsubscribe has applied.
    const notices: string[] = [];
    feed.on("serverError", (m) => notices.push(m));
    feed.subscribe([5n]);
    await until(() => notices.length > 0, "the marker notice");
    seen.length = 0;
    await until(() => seen.length >= 5, "five more ticks");
    assert.ok(!seen.includes(a), "no tick of the unsubscribed instrument");
    assert.deepEqual(feed.subscriptions(), [b, 5n]);
    await feed.close();
  });
});

describe("heartbeats", () => {
  test("a server 'ping' is answered, and an echoing server cannot start a ping storm", async () => {
    const h = await startHarness({ heartbeatMs: 40, pingReply: "ping", paused: true });
    try {
      const feed = h.client().marketData({ pingIntervalMs: 0 });
      await until(() => feed.stats().pingsReceived >= 12, "a dozen pings");
      const { pingsSent, pingsReceived, decodeErrors, messagesTotal } = feed.stats();
      assert.ok(pingsSent >= 1, "answered");
      // Every reply is echoed back; without the reply limit each echo would be answered again, without end.
      assert.ok(pingsSent <= 3, `sent ${pingsSent} pings for ${pingsReceived} received`);
      assert.equal(decodeErrors, 0, "'ping' is never decoded as base64");
      assert.equal(messagesTotal, 0);
      await feed.close();
    } finally {
      await h.close();
    }
  });
});

describe("reconnection", () => {
  test("server killed and restarted on the same port: reconnects, resubscribes, stream resumes", async () => {
    const h = await startHarness();
    const port = h.sandbox.port;
    const client = h.client();
    const feed = client.marketData({ instrumentIds: [ALL_IDS[0], BIG_ID], reconnect: FAST_RECONNECT });
    await until(() => feed.stats().messagesTotal >= 5, "messages before the restart");
    await h.sandbox.close();
    await until(() => feed.state !== "open", "the disconnect");
    const before = feed.stats().messagesTotal;
    let logins = 0;
    const again = await startSandbox({
      port,
      logger: false,
      jwtSecret: SECRET,
      users: (id) => {
        logins++;
        return id === USER.userId ? USER : undefined;
      },
    });
    try {
      const ids = new Set<bigint>();
      feed.on("TickData", (v) => ids.add(v.InstrumentID));
      feed.on("TouchLineDataMessage", (v) => ids.add(v.InstrumentID));
      await until(() => ids.has(BIG_ID) && ids.has(ALL_IDS[0]), "both subscriptions resumed", 15_000);
      const stats = feed.stats();
      assert.ok(stats.messagesTotal > before);
      assert.equal(stats.reconnects, 1);
      assert.ok(stats.reconnectAttempts >= 1);
      assert.equal(logins, 0, "the token is still valid on the restarted server (same key): no login needed");
      await client.close();
    } finally {
      await again.close();
    }
  });

  for (const [name, impl] of [
    ["the default WebSocket", undefined],
    ["the ws package (it reports the 401)", WebSocket as unknown as WebSocketConstructor],
  ] as const) {
    test(`restart with a rotated signing key (${name}): the old token is refused, one new login, resubscribed`, async () => {
      const h = await startHarness();
      const port = h.sandbox.port;
      const client = h.client(impl ? { WebSocket: impl } : {});
      const feed = client.marketData({ instrumentIds: [ALL_IDS[2]], reconnect: FAST_RECONNECT });
      const statuses: number[] = [];
      feed.on("disconnect", (info) => {
        if (info.status !== undefined) statuses.push(info.status);
      });
      feed.on("error", () => {});
      await until(() => feed.stats().messagesTotal >= 3, "messages before the restart");
      await h.sandbox.close();
      let logins = 0;
      const again = await startSandbox({
        port,
        logger: false,
        jwtSecret: `${SECRET}-rotated`,
        users: (id) => {
          logins++;
          return id === USER.userId ? USER : undefined;
        },
      });
      try {
        const before = feed.stats().messagesTotal;
        await until(() => feed.stats().messagesTotal > before + 3, "the stream resumed", 15_000);
        assert.equal(logins, 1);
        assert.equal(client.stats().logins, 2);
        if (impl) assert.ok(statuses.includes(401), "ws reports the refused handshake's status");
        await client.close();
      } finally {
        await again.close();
      }
    });
  }

  test("token expiry on the socket (close 4001): a new login, a new URL, the stream resumes", async () => {
    const h = await startHarness({ tokenLifetimeSeconds: 1 });
    try {
      const client = h.client();
      const feed = client.marketData({ instrumentIds: ALL_IDS.slice(0, 5), reconnect: FAST_RECONNECT });
      const codes: number[] = [];
      feed.on("disconnect", (info) => codes.push(info.code));
      await until(() => codes.includes(4001), "the expiry close", 5000);
      const at = feed.stats().messagesTotal;
      await until(() => feed.stats().connections >= 2 && feed.stats().messagesTotal > at, "the stream resumed");
      assert.ok(h.logins() >= 2);
      // The client counts a login when it sends it, the server when it answers, and with a 1 s token the client
      // keeps logging in: a starved process (CI) can hold one in flight here. They agree once it has landed.
      await until(() => client.stats().logins === h.logins(), "the client's logins all reached the server");
      await client.close();
    } finally {
      await h.close();
    }
  });

  test("stall watchdog: a silent connection is dropped and reopened", async () => {
    const h = await startHarness({ paused: true });
    try {
      const feed = h
        .client()
        .marketData({ instrumentIds: [ALL_IDS[0]], stallTimeoutMs: 150, reconnect: FAST_RECONNECT });
      await until(() => feed.stats().stalls >= 1 && feed.stats().connections >= 2, "a stall and a new connection");
      assert.ok(feed.stats().reconnects >= 1);
      h.sandbox.feed.resume();
      await until(() => feed.stats().messagesTotal > 0, "data after the stall");
      await feed.close();
    } finally {
      await h.close();
    }
  });
});

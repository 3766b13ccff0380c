// The relay's and the consumer's runtime failures are RelayErrors with a code, a message that says what and where, and
// the underlying error as `cause`; each code checked at the site that raises it, without NATS (a stand-in connection
// where a site needs one).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { NatsConnection } from "@nats-io/transport-node";
import { brandErrorClass } from "@tickwire/runtime/internal";
import { Batcher, BatchReader, routePatterns } from "../src/batch.js";
import { CoreLive } from "../src/core-live.js";
import { RecentFormatError, RelayError, type RelayErrorCode } from "../src/errors.js";
import * as relayIndex from "../src/index.js";
import { persistently } from "../src/persistent-request.js";
import { Publisher } from "../src/publisher.js";
import { askRecent } from "../src/recent-ask.js";
import { encodeRecentError, encodeRecentReply } from "../src/recent-frames.js";
import { ensureStream, type StreamAdmin, storedFormat } from "../src/stream.js";
import { RelayFeed } from "../src/subscribe.js";
import { zeroStats } from "./helpers.js";

type Callback = (error: Error | null, msg: { subject: string; data: Uint8Array }) => void;

/** Just enough of a NATS connection: subscriptions' callbacks and publishes are recorded for the test to drive. */
function standInNats(publish: (subject: string, data: Uint8Array, reply: string | undefined) => void = () => {}) {
  const callbacks = new Map<string, Callback>();
  const nc = {
    subscribe(subject: string, options: { callback: Callback }) {
      callbacks.set(subject, options.callback);
      return { unsubscribe: () => callbacks.delete(subject) };
    },
    publish(subject: string, data: Uint8Array, options?: { reply?: string }) {
      publish(subject, typeof data === "string" ? new TextEncoder().encode(data) : data, options?.reply);
    },
    flush: async () => {},
    // Never reports a status: the feed's watcher waits for good (a pending promise keeps no process alive).
    status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => {}) }) }),
  };
  return { nc: nc as unknown as NatsConnection, callbacks };
}

function assertRelayError(error: unknown, code: RelayErrorCode, message: RegExp): RelayError {
  assert.ok(error instanceof RelayError, `a RelayError: ${String(error)}`);
  assert.equal(error.code, code);
  assert.match(error.message, message);
  return error;
}

function aBatch(): Uint8Array {
  const sent: Uint8Array[] = [];
  const batcher = new Batcher((_, data) => sent.push(data));
  batcher.add({
    bytes: new Uint8Array([1, 2, 3]),
    receivedAt: "1700000000000.000",
    segment: 1,
    instrumentId: 7n,
    subtype: "TickData",
    frameKey: "1.0000abcd",
    fanned: false,
    position: "abc.1",
  });
  batcher.flush();
  batcher.stop();
  return sent[0] as Uint8Array;
}

describe("relay errors: the class", () => {
  test("exported with its codes; instanceof holds for another installed copy's error (the Symbol.for brand)", () => {
    assert.equal(relayIndex.RelayError, RelayError);
    assert.equal(relayIndex.RecentFormatError, RecentFormatError);
    // What a second copy of the package defines: its own class, branded under the same registry symbol.
    class OtherCopy extends Error {
      static {
        brandErrorClass(OtherCopy, "RelayError");
      }
    }
    assert.ok(new OtherCopy("from another copy") instanceof RelayError);
    assert.ok(!(new Error("plain") instanceof RelayError));
    // Each class its own brand: a RelayError is not taken for its subclass, the subclass is a RelayError.
    assert.ok(!(new RelayError("x", "CLOSED") instanceof RecentFormatError));
    assert.ok(new RecentFormatError("reply", "is truncated") instanceof RelayError);
  });

  test("the cause is kept as it is, out of the message; toJSON summarises it", () => {
    const cause = Object.assign(new Error("503 no responders"), { code: "503" });
    const error = new RelayError("reading the stream tickwire failed, retrying", "STREAM_READ_RETRYING", { cause });
    assert.equal(error.cause, cause);
    assert.doesNotMatch(error.message, /503/);
    assert.deepEqual(JSON.parse(JSON.stringify(error)), {
      name: "RelayError",
      code: "STREAM_READ_RETRYING",
      message: "reading the stream tickwire failed, retrying",
      cause: { name: "Error", message: "503 no responders", code: "503" },
    });
    const format = new RecentFormatError("reply at byte 20", "is truncated");
    assert.deepEqual(format.toJSON(), {
      name: "RecentFormatError",
      code: "RECENT_FORMAT",
      message: "recent frames: reply at byte 20 is truncated",
      where: "reply at byte 20",
    });
  });
});

describe("relay errors: where each code is raised", () => {
  test("BAD_BATCH: a truncated batch, a foreign version, says where", () => {
    const reader = new BatchReader(routePatterns(["tickwire.md.>"]) ?? []);
    const batch = aBatch();
    const take = () => assert.fail("nothing of a malformed batch is handed on");
    assert.throws(
      () => reader.read(batch.subarray(0, batch.length - 2), take, () => {}),
      (e: unknown) => !!assertRelayError(e, "BAD_BATCH", /^batch: truncated at byte \d+$/),
    );
    assert.throws(
      () => reader.read(new Uint8Array([9, 1]), take, () => {}),
      (e: unknown) => !!assertRelayError(e, "BAD_BATCH", /^batch: version 9 is not 1$/),
    );
  });

  test("BAD_BATCH and SUBSCRIPTION_FAILED from the core live path, the reader's or NATS's error as cause", async () => {
    const { nc, callbacks } = standInNats();
    const reported: Error[] = [];
    const reader = new BatchReader(routePatterns(["tickwire.md.>"]) ?? []);
    const stats = zeroStats();
    const core = new CoreLive({
      nc,
      js: {} as never,
      jsm: { streams: { info: async () => ({}) } } as never,
      stream: "tickwire",
      filters: ["tickwire.md.>"],
      stats,
      gapWaitMs: 1000,
      deliver: () => assert.fail("nothing delivered"),
      report: (error) => reported.push(error),
      batches: { subjects: ["tickwire.batch.*"], reader },
    });
    await core.start("new");
    const onBatch = callbacks.get("tickwire.batch.*");
    assert.ok(onBatch, "the batch subject subscribed");
    onBatch(null, { subject: "tickwire.batch.NSECM", data: new Uint8Array([9, 1]) });
    const natsError = new Error("permissions violation");
    onBatch(natsError, undefined as never);
    core.close();
    assert.equal(reported.length, 2);
    const bad = assertRelayError(reported[0], "BAD_BATCH", /^a malformed batch on tickwire\.batch\.NSECM$/);
    assertRelayError(bad.cause, "BAD_BATCH", /version 9/);
    assert.equal(reader.stats.badBatches, 1);
    const failed = assertRelayError(reported[1], "SUBSCRIPTION_FAILED", /tickwire\.batch\.\*/);
    assert.equal(failed.cause, natsError);
  });

  test("TIMEOUT and ABORTED: a catch-up's JetStream requests past their deadline, or stopped", async () => {
    await assert.rejects(
      persistently(
        Date.now() - 1,
        () => false,
        () => {},
        async () => 1,
      ),
      (e: unknown) => !!assertRelayError(e, "TIMEOUT", /before the deadline/),
    );
    await assert.rejects(
      persistently(
        Date.now() + 60_000,
        () => true,
        () => {},
        async () => 1,
      ),
      (e: unknown) => !!assertRelayError(e, "ABORTED", /stopped/),
    );
  });

  test("CATCH_UP_REFUSED and RECENT_FORMAT: the relay's refusal, and a reply that cannot be read (its error as cause)", async () => {
    const ask = async (reply: Uint8Array) => {
      let answer: ((data: Uint8Array) => void) | undefined;
      const { nc, callbacks } = standInNats((_, __, replyTo) => {
        answer = (data) =>
          callbacks.get(`${replyTo?.split(".").slice(0, -1).join(".")}.*`)?.(null, {
            subject: replyTo as string,
            data,
          });
      });
      const asked = askRecent(nc, ["tickwire.md.>"], 0, { everyMs: 60_000, stopped: () => false });
      await new Promise((resolve) => setTimeout(resolve, 5));
      answer?.(reply);
      return asked;
    };
    await assert.rejects(
      ask(encodeRecentError("request.fromMs must be a finite number")),
      (e: unknown) => !!assertRelayError(e, "CATCH_UP_REFUSED", /refused a catch-up: request\.fromMs must be/),
    );
    const [chunk] = encodeRecentReply(
      [{ subject: "s", position: "p.1", msgId: "m", received: "1", frameId: undefined, data: new Uint8Array(9) }],
      0,
      1000,
    );
    await assert.rejects(ask((chunk as Uint8Array).subarray(0, 20)), (e: unknown) => {
      assertRelayError(e, "RECENT_FORMAT", /^a catch-up reply from the relay on \S+ could not be read$/);
      assert.ok((e as RelayError).cause instanceof RecentFormatError);
      assert.match(((e as RelayError).cause as Error).message, /is truncated/);
      return true;
    });
  });

  test("PUBLISH_FAILED, PUBLISH_REFUSED, PUBLISH_UNACKNOWLEDGED: the publisher's reports", async () => {
    const entry = (n: number) => ({
      subject: `tickwire.md.NSECM.${n}.TickData`,
      msgId: `m${n}`,
      bytes: new Uint8Array([n]),
      receivedAt: "0",
      frameId: undefined,
      seq: n,
    });
    const publisherWith = (publish: (subject: string, data: Uint8Array, reply: string | undefined) => void) => {
      const { nc, callbacks } = standInNats(publish);
      const reports: RelayError[] = [];
      const publisher = new Publisher(nc, {
        maxBufferBytes: 1024,
        maxInFlight: 16,
        publishTimeoutMs: 1,
        onError: (error) => reports.push(error),
      });
      return { publisher, reports, callbacks };
    };

    const refusedByNats = new Error("connection draining");
    const thrown = publisherWith(() => {
      throw refusedByNats;
    });
    thrown.publisher.enqueue(entry(1));
    thrown.publisher.stop();
    const failed = assertRelayError(
      thrown.reports[0],
      "PUBLISH_FAILED",
      /^publishing to tickwire\.md\.NSECM\.1\.TickData/,
    );
    assert.equal(failed.cause, refusedByNats);

    let reply: string | undefined;
    const refused = publisherWith((_, __, r) => {
      reply = r;
    });
    refused.publisher.enqueue(entry(2));
    const [acks] = [...refused.callbacks.values()];
    acks?.(null, { subject: reply as string, data: new TextEncoder().encode('{"error":{"code":503}}') });
    refused.publisher.stop();
    assertRelayError(refused.reports[0], "PUBLISH_REFUSED", /JetStream refused a publish to tickwire\.md\.NSECM\.2/);

    const unanswered = publisherWith(() => {});
    unanswered.publisher.enqueue(entry(3));
    await new Promise((resolve) => setTimeout(resolve, 30));
    unanswered.publisher.stop();
    assertRelayError(unanswered.reports[0], "PUBLISH_UNACKNOWLEDGED", /^1 publishes got no ack within 1 ms$/);
  });

  test("CLOSED: a feed's ready() once it is closed", async () => {
    const feed = new RelayFeed({ servers: "nats://127.0.0.1:1", subjects: ["tickwire.md.>"] });
    await feed.close();
    await assert.rejects(feed.ready(), (e: unknown) => !!assertRelayError(e, "CLOSED", /the feed is closed/));
  });

  test("STREAM_FORMAT: a stream of the other format, or one this version cannot read", async () => {
    const framesStream: StreamAdmin = {
      streams: {
        info: async () => ({ config: { description: "tickwire-relay format=frames" } }),
        add: async () => assert.fail("not created: it exists"),
        update: async () => assert.fail("not updated: it holds the other format"),
      },
    };
    await assert.rejects(
      ensureStream(framesStream, { format: "batches" }),
      (e: unknown) =>
        !!assertRelayError(
          e,
          "STREAM_FORMAT",
          /the stream TICKWIRE_MD holds format "frames" and this relay stores "batches"/,
        ),
    );
    // A stream made before formats existed has no description: frames.
    assert.deepEqual(storedFormat(undefined, "S"), { format: "frames", batches: undefined });
    assert.throws(
      () => storedFormat("tickwire-relay format=zstd-batches batches=S_B", "S"),
      (e: unknown) => !!assertRelayError(e, "STREAM_FORMAT", /the stream S holds a format this version does not read/),
    );
  });
});

// The publish path. Every frame is published at once, whatever the stream does: a core publish whose reply subject is
// one of ours, which core subscribers receive as soon as it reaches their server and which the stream stores when
// it has a leader. The stream's acks come back on one subscription. A publish the stream did not acknowledge (no
// answer within publishTimeoutMs, an error, an ack of a later publish while it has none, a lost connection) goes to
// the backlog and is published again, with the same Nats-Msg-Id and position, as soon as the stream answers: what the
// stream had after all it drops as a duplicate, core subscribers skip it as a repeat. Live delivery never waits for
// JetStream; the backlog is bounded in bytes. While NATS is unreachable nothing can be sent: frames wait in a buffer
// (the same byte bound), oldest dropped first, never numbered, so consumers see no gap for them.

import { randomBytes } from "node:crypto";
import { createInbox, type Msg, type NatsConnection, type Subscription } from "@nats-io/transport-node";
import type { BatchRoute } from "./batch.js";
import { type HeaderedPublish, headeredPublish } from "./direct-publish.js";
import { RelayError } from "./errors.js";
import { ackKind } from "./pub-ack.js";
import type { PublisherStats } from "./public-types.js";
import { encodeRelayHeaders } from "./publish-headers.js";

export interface PendingPublish {
  subject: string;
  msgId: string;
  /** A copy of the frame's bytes: the feed's view of them is reused for the next frame. */
  bytes: Uint8Array;
  receivedAt: string;
  /** The same receive time as µs since the Unix epoch, when the relay has it (the batches take the number). */
  receivedMicros?: number;
  /** Set when the frame went to several subjects. */
  frameId: string | undefined;
  /** Receive order, to publish the backlog again in order. */
  seq: number;
  /** The POSITION_HEADER value, given at the first send and kept by a retry (which is then a repeat, not news). */
  position?: string;
  /** What the batched live path needs of the frame (batch.ts); given to `onNumbered` at its first send. */
  batch?: Omit<BatchRoute, "position" | "bytes" | "receivedAt">;
  /** The encoded header block, made at the first send and sent again as it is by a retry. */
  headers?: Uint8Array;
}

export interface PublisherOptions {
  /** The byte bound of the buffer (while NATS is unreachable) and, separately, of the backlog. */
  maxBufferBytes: number;
  /** How many backlog entries are published again at once. */
  maxInFlight: number;
  publishTimeoutMs: number;
  onError: (error: RelayError) => void;
  /** Called once per entry when it is numbered (its first send): the batched live path carries it from there. */
  onNumbered?: (entry: PendingPublish & { position: string }, epoch: string, n: number) => void;
  /**
   * false: no stream stores these subjects (a batch-storing relay's live per-instrument publishes): each is a core
   * publish without a reply, counted as published once NATS took it, never acknowledged nor sent again. Default true.
   */
  stored?: boolean;
  /**
   * With `stored: false`: whether anyone reads the subject live (live-interest.ts). A frame whose subject nobody reads
   * is numbered (its batches carry the position) but not published on it. Default: every subject is published.
   */
  publishLive?: (subject: string) => boolean;
}

/** Bytes an entry is charged for beyond its payload: subject, id and headers. */
const ENTRY_OVERHEAD = 128;
/**
 * The stream's leader acknowledges publishes in the order it stores them: one sent this long before a publish now
 * acknowledged and still without an ack was not stored (or its ack was lost; its retry is then dropped as a duplicate).
 */
const OVERTAKEN_MS = 200;

interface InFlight {
  entry: PendingPublish;
  sentAt: number;
}

const decoder = new TextDecoder();

const sizeOf = (entry: PendingPublish) => entry.bytes.length + ENTRY_OVERHEAD;

/** What a publisher counts, before it has published anything (and a relay's while it has no publisher). */
export const NO_PUBLISHES: Readonly<
  Omit<PublisherStats, "bufferedMessages" | "bufferedBytes" | "inFlight" | "backlogMessages">
> = Object.freeze({
  enqueued: 0,
  published: 0,
  notPublished: 0,
  duplicates: 0,
  publishErrors: 0,
  retried: 0,
  bufferDrops: 0,
  backlogDrops: 0,
});

export class Publisher {
  readonly #publish: HeaderedPublish;
  readonly #inbox: string;
  readonly #acks: Subscription;
  readonly #sweeper: ReturnType<typeof setInterval>;
  /** Sent and awaiting an ack, by send id (ascending: a Map iterates in insertion order). */
  readonly #pending = new Map<number, InFlight>();
  /**
   * No send id below this awaits an ack. An ack looks for earlier publishes still without one from here, not by
   * iterating #pending: a Map iterates over the slots of deleted entries too, up to its next rehash (thousands at
   * 20,000 publishes a second), which was 7% of the relay's CPU.
   */
  #oldestPending = 1;
  #pendingBytes = 0;
  #nextId = 0;
  readonly #options: PublisherOptions;
  /** Not sent yet: NATS is unreachable. */
  #queue: PendingPublish[] = [];
  #head = 0;
  #queuedBytes = 0;
  /** Sent but not acknowledged: to publish again once the stream answers. */
  #backlog: PendingPublish[] = [];
  #backlogBytes = 0;
  /** A fresh epoch per publisher: counts restart with a relay, and a consumer must not compare them across relays. */
  readonly #epoch = randomBytes(6).toString("hex");
  readonly #sentPerSubject = new Map<string, number>();
  #connected = true;
  #failedRounds = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set by an ack that stored something: the stream answers, so the backlog goes at once. */
  #streamAnswered = false;
  #stopped = false;
  #lastReport = 0;
  #idleWaiters: (() => void)[] = [];
  readonly stats: Omit<PublisherStats, "bufferedMessages" | "bufferedBytes" | "inFlight" | "backlogMessages"> = {
    ...NO_PUBLISHES,
  };

  constructor(nc: NatsConnection, options: PublisherOptions) {
    this.#publish = headeredPublish(nc);
    this.#options = options;
    this.#inbox = createInbox();
    this.#acks = nc.subscribe(`${this.#inbox}.*`, {
      callback: (error, msg) => {
        if (!error) this.#onAck(msg);
      },
    });
    this.#sweeper = setInterval(() => this.#sweep(), Math.min(250, options.publishTimeoutMs));
    this.#sweeper.unref?.();
  }

  snapshot(): PublisherStats {
    return {
      ...this.stats,
      bufferedMessages: this.#queue.length - this.#head,
      bufferedBytes: this.#queuedBytes,
      inFlight: this.#pending.size + this.#backlog.length,
      backlogMessages: this.#backlog.length,
    };
  }

  enqueue(entry: PendingPublish): void {
    if (this.#stopped) return;
    this.stats.enqueued++;
    if (this.#connected && this.#head === this.#queue.length) {
      this.#send(entry);
      return;
    }
    const size = sizeOf(entry);
    while (this.#queuedBytes + size > this.#options.maxBufferBytes && this.#head < this.#queue.length) {
      const dropped = this.#queue[this.#head];
      this.#queue[this.#head++] = undefined as unknown as PendingPublish;
      this.#queuedBytes -= sizeOf(dropped);
      this.stats.bufferDrops++;
    }
    if (this.#queuedBytes + size > this.#options.maxBufferBytes) {
      this.stats.bufferDrops++;
      return;
    }
    this.#queue.push(entry);
    this.#queuedBytes += size;
    this.#pump();
  }

  /**
   * NATS connection state. Publishes awaiting an ack when the connection went will get none (it would go to the old
   * connection): they join the backlog. While disconnected nothing is sent (the buffer holds it).
   */
  setConnected(connected: boolean): void {
    this.#connected = connected;
    if (!connected) {
      this.#toBacklog(this.#pending.keys());
      return;
    }
    this.#retryNow();
    this.#pump();
  }

  /** Resolves when everything buffered has been stored (or dropped, or the publisher stopped). */
  drained(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Stops sending; buffered entries are dropped (a standby taking over publishes the same frames). */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#sweeper);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#acks.unsubscribe();
    this.#pending.clear();
    this.#pendingBytes = 0;
    this.#queue = [];
    this.#head = 0;
    this.#backlog = [];
    this.#backlogBytes = 0;
    this.#queuedBytes = 0;
    this.#settleIdle(true);
  }

  #isIdle(): boolean {
    return this.#pending.size === 0 && this.#backlog.length === 0 && this.#head === this.#queue.length;
  }

  #settleIdle(force = false): void {
    if (!force && !this.#isIdle()) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const w of waiters) w();
  }

  /** Sends what the buffer holds, in order, once connected (after the backlog, which is older). */
  #pump(): void {
    if (this.#stopped || !this.#connected) return;
    while (this.#head < this.#queue.length && this.#connected) {
      const entry = this.#queue[this.#head];
      this.#queue[this.#head++] = undefined as unknown as PendingPublish;
      this.#queuedBytes -= sizeOf(entry);
      this.#send(entry);
    }
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (this.#head > 4096 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    this.#settleIdle();
  }

  #send(entry: PendingPublish): void {
    const id = ++this.#nextId;
    // Numbered when first sent, not when enqueued: a frame the buffer drops was never seen, so it leaves no gap.
    if (entry.position === undefined) {
      const n = (this.#sentPerSubject.get(entry.subject) ?? 0) + 1;
      this.#sentPerSubject.set(entry.subject, n);
      entry.position = `${this.#epoch}.${n}`;
      this.#options.onNumbered?.(entry as PendingPublish & { position: string }, this.#epoch, n);
    }
    if (this.#options.stored === false) {
      // Nobody reads it on its subject: the batches carry it, numbered, and a consumer announcing it later replays it.
      if (this.#options.publishLive?.(entry.subject) === false) {
        this.stats.notPublished++;
        return;
      }
      entry.headers ??= encodeRelayHeaders(entry.msgId, entry.receivedAt, entry.position, entry.frameId);
      try {
        this.#publish(entry.subject, "", entry.headers, entry.bytes);
        this.stats.published++;
      } catch (error) {
        // Numbered and not sent: a consumer sees the gap and fills it from the stored batches.
        this.stats.publishErrors++;
        this.#reportError(new RelayError(`publishing to ${entry.subject} failed`, "PUBLISH_FAILED", { cause: error }));
      }
      return;
    }
    entry.headers ??= encodeRelayHeaders(entry.msgId, entry.receivedAt, entry.position, entry.frameId);
    try {
      this.#publish(entry.subject, `${this.#inbox}.${id}`, entry.headers, entry.bytes);
    } catch (error) {
      this.stats.publishErrors++;
      this.#addToBacklog([entry]);
      this.#reportError(new RelayError(`publishing to ${entry.subject} failed`, "PUBLISH_FAILED", { cause: error }));
      this.#scheduleRetry();
      return;
    }
    this.#pending.set(id, { entry, sentAt: Date.now() });
    this.#pendingBytes += sizeOf(entry);
    // The backlog's bound counts what awaits an ack too: a stream that never answers must not hold memory forever.
    if (this.#pendingBytes + this.#backlogBytes > this.#options.maxBufferBytes) this.#trimBacklog();
  }

  #onAck(msg: Msg): void {
    const id = Number(msg.subject.slice(this.#inbox.length + 1));
    const flight = this.#pending.get(id);
    if (flight === undefined) return; // already in the backlog: the retry's ack counts
    this.#pending.delete(id);
    this.#pendingBytes -= sizeOf(flight.entry);
    const kind = ackKind(msg.data);
    if (kind === "refused") {
      const text = decoder.decode(msg.data);
      this.stats.publishErrors++;
      this.#addToBacklog([flight.entry]);
      this.#reportError(
        new RelayError(
          `JetStream refused a publish to ${flight.entry.subject}: ${text.slice(0, 200) || "no answer"}`,
          "PUBLISH_REFUSED",
        ),
      );
      this.#scheduleRetry();
      this.#settleIdle();
      return;
    }
    if (kind === "duplicate") this.stats.duplicates++;
    else this.stats.published++;
    // Earlier publishes still without an ack were overtaken: the stream has a leader again and did not store them.
    const cutoff = flight.sentAt - OVERTAKEN_MS;
    while (this.#oldestPending < id && !this.#pending.has(this.#oldestPending)) this.#oldestPending++;
    const overtaken: number[] = [];
    for (let earlier = this.#oldestPending; earlier < id; earlier++) {
      const f = this.#pending.get(earlier);
      if (f === undefined) continue;
      if (f.sentAt > cutoff) break;
      overtaken.push(earlier);
    }
    if (overtaken.length > 0) this.#toBacklog(overtaken);
    this.#failedRounds = 0;
    this.#streamAnswered = true;
    if (this.#backlog.length > 0) this.#retryNow();
    this.#settleIdle();
  }

  /** Publishes without an ack after publishTimeoutMs join the backlog. */
  #sweep(): void {
    const cutoff = Date.now() - this.#options.publishTimeoutMs;
    const late: number[] = [];
    for (const [id, flight] of this.#pending) {
      if (flight.sentAt > cutoff) break; // sent in order: the rest are younger
      late.push(id);
    }
    if (late.length > 0) {
      this.#toBacklog(late);
      this.#reportError(
        new RelayError(
          `${late.length} publishes got no ack within ${this.#options.publishTimeoutMs} ms`,
          "PUBLISH_UNACKNOWLEDGED",
        ),
      );
      this.#scheduleRetry();
    }
  }

  #toBacklog(ids: Iterable<number>): void {
    const entries: PendingPublish[] = [];
    for (const id of [...ids]) {
      const flight = this.#pending.get(id);
      if (flight === undefined) continue;
      this.#pending.delete(id);
      this.#pendingBytes -= sizeOf(flight.entry);
      entries.push(flight.entry);
    }
    this.stats.publishErrors += entries.length;
    this.#addToBacklog(entries);
  }

  #addToBacklog(entries: PendingPublish[]): void {
    if (this.#stopped || entries.length === 0) return;
    for (const entry of entries) {
      this.#backlog.push(entry);
      this.#backlogBytes += sizeOf(entry);
    }
    this.#trimBacklog();
  }

  /** Past the byte bound the oldest backlog entries (then the oldest awaiting an ack) are given up for the stream. */
  #trimBacklog(): void {
    const max = this.#options.maxBufferBytes;
    if (this.#pendingBytes + this.#backlogBytes <= max) return;
    this.#backlog.sort((a, b) => a.seq - b.seq);
    let drop = 0;
    while (drop < this.#backlog.length && this.#pendingBytes + this.#backlogBytes > max) {
      this.#backlogBytes -= sizeOf(this.#backlog[drop++]);
    }
    this.#backlog.splice(0, drop);
    this.stats.backlogDrops += drop;
    for (const [id, flight] of this.#pending) {
      if (this.#pendingBytes + this.#backlogBytes <= max) break;
      this.#pending.delete(id);
      this.#pendingBytes -= sizeOf(flight.entry);
      this.stats.backlogDrops++;
    }
  }

  /** At most one report every 5 s: a stream electing a leader fails thousands of publishes. */
  #reportError(error: RelayError): void {
    const now = Date.now();
    if (now - this.#lastReport < 5000) return;
    this.#lastReport = now;
    this.#options.onError(error);
  }

  /** The stream answered (or the connection is back): publish the whole backlog now, in order. */
  #retryNow(): void {
    if (this.#retryTimer !== undefined) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = undefined;
    }
    this.#republish(true);
  }

  /** While the stream does not answer, the backlog goes again after a pause that grows (100 ms to 2 s). */
  #scheduleRetry(): void {
    if (this.#stopped || this.#retryTimer !== undefined || this.#backlog.length === 0) return;
    if (this.#streamAnswered) {
      this.#retryNow();
      return;
    }
    const delay = Math.min(2000, 100 * 2 ** this.#failedRounds++);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#republish(false);
    }, delay);
    this.#retryTimer.unref?.();
  }

  /**
   * Publishes the backlog again in receive order: all of it once the stream answers, else a window of maxInFlight as a
   * probe (a stream still electing a leader would only drop the rest). What stays unanswered comes back to it.
   */
  #republish(all: boolean): void {
    if (this.#stopped || !this.#connected || this.#backlog.length === 0) return;
    this.#streamAnswered = false;
    this.#backlog.sort((a, b) => a.seq - b.seq);
    const batch = all ? this.#backlog.splice(0) : this.#backlog.splice(0, Math.max(1, this.#options.maxInFlight));
    for (const entry of batch) this.#backlogBytes -= sizeOf(entry);
    this.stats.retried += batch.length;
    for (const entry of batch) this.#send(entry);
    // The rest follows when this window is answered (an ack sets #streamAnswered) or after the pause.
    this.#scheduleRetry();
  }
}

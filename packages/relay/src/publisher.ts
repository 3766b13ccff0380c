// The publish path: JetStream publishes pipelined (a window of them in flight, acks collected as they come), in
// front of them a buffer bounded in bytes that absorbs a NATS outage and drops its oldest entries when full. Awaited
// one at a time, publishes reach about 14,000/s on the CI machine; the feed can carry 50,000/s. Each publish is a
// core publish whose reply subject is one of ours: one subscription takes every ack and one timer sweeps for the
// missing ones, where the client library's request-per-publish costs a promise, a timer and an inbox each.

import { randomBytes } from "node:crypto";
import {
  createInbox,
  type Msg,
  type NatsConnection,
  headers as natsHeaders,
  type Subscription,
} from "@nats-io/transport-node";
import { FRAME_HEADER, POSITION_HEADER, RECEIVED_HEADER } from "./subjects.js";

export interface PendingPublish {
  subject: string;
  msgId: string;
  /** A copy of the frame's bytes: the feed's view of them is reused for the next frame. */
  bytes: Uint8Array;
  receivedAt: string;
  /** Set when the frame went to several subjects. */
  frameId: string | undefined;
  /** Receive order, to put failed publishes back in order and to spot ones overtaken by a newer value. */
  seq: number;
  /** The POSITION_HEADER value, given at the first send and kept by a retry (which is then a repeat, not news). */
  position?: string;
}

export interface PublisherStats {
  /** Publishes asked for: one per subject a frame goes to. Each ends published, duplicate, dropped or superseded. */
  enqueued: number;
  published: number;
  duplicates: number;
  publishErrors: number;
  retried: number;
  /** Failed publishes not retried because a newer value for the same subject was already stored. */
  superseded: number;
  bufferDrops: number;
  bufferedMessages: number;
  bufferedBytes: number;
  inFlight: number;
}

export interface PublisherOptions {
  maxBufferBytes: number;
  maxInFlight: number;
  publishTimeoutMs: number;
  onError: (error: unknown) => void;
}

/** Bytes an entry is charged for beyond its payload: subject, id and headers. */
const ENTRY_OVERHEAD = 128;

interface InFlight {
  entry: PendingPublish;
  sentAt: number;
}

const decoder = new TextDecoder();
/** nats-server 2.9 writes `"duplicate": true`; allow either spacing. */
const DUPLICATE = /"duplicate":\s*true/;

export class Publisher {
  readonly #nc: NatsConnection;
  readonly #inbox: string;
  readonly #acks: Subscription;
  readonly #sweeper: ReturnType<typeof setInterval>;
  readonly #pending = new Map<number, InFlight>();
  #nextId = 0;
  readonly #options: PublisherOptions;
  #queue: PendingPublish[] = [];
  #head = 0;
  #queuedBytes = 0;
  #inFlight = 0;
  #failed: PendingPublish[] = [];
  readonly #lastStored = new Map<string, number>();
  /** A fresh epoch per publisher: counts restart with a relay, and a consumer must not compare them across relays. */
  readonly #epoch = randomBytes(6).toString("hex");
  readonly #sentPerSubject = new Map<string, number>();
  #connected = true;
  #failedRounds = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  #idleWaiters: (() => void)[] = [];
  readonly stats: Omit<PublisherStats, "bufferedMessages" | "bufferedBytes" | "inFlight"> = {
    enqueued: 0,
    published: 0,
    duplicates: 0,
    publishErrors: 0,
    retried: 0,
    superseded: 0,
    bufferDrops: 0,
  };

  constructor(nc: NatsConnection, options: PublisherOptions) {
    this.#nc = nc;
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
      bufferedMessages: this.#queue.length - this.#head + this.#failed.length,
      bufferedBytes: this.#queuedBytes,
      inFlight: this.#inFlight,
    };
  }

  enqueue(entry: PendingPublish): void {
    if (this.#stopped) return;
    this.stats.enqueued++;
    const size = entry.bytes.length + ENTRY_OVERHEAD;
    while (this.#queuedBytes + size > this.#options.maxBufferBytes && this.#head < this.#queue.length) {
      const dropped = this.#queue[this.#head];
      this.#queue[this.#head++] = undefined as unknown as PendingPublish;
      this.#queuedBytes -= dropped.bytes.length + ENTRY_OVERHEAD;
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

  /** NATS connection state: while disconnected nothing is sent (the buffer holds it), so the bound is ours. */
  setConnected(connected: boolean): void {
    this.#connected = connected;
    if (connected) this.#pump();
  }

  /** Resolves when everything buffered has been stored (or the publisher stopped). */
  drained(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Stops sending; buffered entries are dropped (a standby taking over publishes the same frames). */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#sweeper);
    clearTimeout(this.#retryTimer);
    this.#acks.unsubscribe();
    this.#pending.clear();
    this.#inFlight = 0;
    this.#queue = [];
    this.#head = 0;
    this.#failed = [];
    this.#queuedBytes = 0;
    this.#settleIdle(true);
  }

  #isIdle(): boolean {
    return this.#inFlight === 0 && this.#failed.length === 0 && this.#head === this.#queue.length;
  }

  #settleIdle(force = false): void {
    if (!force && !this.#isIdle()) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const w of waiters) w();
  }

  #pump(): void {
    if (this.#stopped || !this.#connected || this.#failed.length > 0 || this.#retryTimer !== undefined) return;
    const max = this.#options.maxInFlight;
    while (this.#inFlight < max && this.#head < this.#queue.length) {
      const entry = this.#queue[this.#head];
      this.#queue[this.#head++] = undefined as unknown as PendingPublish;
      this.#queuedBytes -= entry.bytes.length + ENTRY_OVERHEAD;
      this.#send(entry);
    }
    if (this.#head > 4096 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    this.#settleIdle();
  }

  #send(entry: PendingPublish): void {
    const id = ++this.#nextId;
    const h = natsHeaders();
    h.set("Nats-Msg-Id", entry.msgId);
    h.set(RECEIVED_HEADER, entry.receivedAt);
    // Numbered when first sent, not when enqueued: a frame the buffer drops was never seen, so it leaves no gap.
    if (entry.position === undefined) {
      const n = (this.#sentPerSubject.get(entry.subject) ?? 0) + 1;
      this.#sentPerSubject.set(entry.subject, n);
      entry.position = `${this.#epoch}.${n}`;
    }
    h.set(POSITION_HEADER, entry.position);
    if (entry.frameId !== undefined) h.set(FRAME_HEADER, entry.frameId);
    try {
      this.#nc.publish(entry.subject, entry.bytes, { headers: h, reply: `${this.#inbox}.${id}` });
    } catch (error) {
      this.#fail(entry, error);
      return;
    }
    this.#inFlight++;
    this.#pending.set(id, { entry, sentAt: Date.now() });
  }

  #onAck(msg: Msg): void {
    const id = Number(msg.subject.slice(this.#inbox.length + 1));
    const flight = this.#pending.get(id);
    if (flight === undefined) return; // already timed out and queued again: the retry's ack counts
    this.#pending.delete(id);
    this.#inFlight--;
    const text = decoder.decode(msg.data);
    // A PubAck is {"stream":..,"seq":..[,"duplicate":true]}; anything with "error" was refused.
    if (text.includes('"error"') || !text.includes('"seq"')) {
      this.#fail(flight.entry, new Error(`JetStream refused a publish: ${text.slice(0, 200)}`));
      return;
    }
    this.#failedRounds = 0;
    if (DUPLICATE.test(text)) this.stats.duplicates++;
    else this.stats.published++;
    const subject = flight.entry.subject;
    const last = this.#lastStored.get(subject);
    if (last === undefined || last < flight.entry.seq) this.#lastStored.set(subject, flight.entry.seq);
    this.#afterSettle();
  }

  /** Publishes without an ack after publishTimeoutMs failed (the message may be stored: the retry's id dedupes it). */
  #sweep(): void {
    const cutoff = Date.now() - this.#options.publishTimeoutMs;
    let timedOut = 0;
    for (const [id, flight] of this.#pending) {
      if (flight.sentAt > cutoff) break; // sent in order: the rest are younger
      this.#pending.delete(id);
      this.#inFlight--;
      timedOut++;
      this.#failed.push(flight.entry);
    }
    if (timedOut > 0) {
      this.stats.publishErrors += timedOut;
      this.#options.onError(new Error(`${timedOut} publishes got no ack within ${this.#options.publishTimeoutMs} ms`));
      this.#afterSettle();
    }
  }

  #fail(entry: PendingPublish, error: unknown): void {
    this.stats.publishErrors++;
    if (!this.#stopped) this.#failed.push(entry);
    if (this.stats.publishErrors === 1 || this.stats.publishErrors % 1000 === 0) this.#options.onError(error);
    this.#afterSettle();
  }

  /**
   * Failed publishes go back to the front of the buffer in receive order once nothing is in flight, except those a
   * newer stored value of the same subject has overtaken: republishing them would make a stale price the last value.
   */
  #afterSettle(): void {
    if (this.#failed.length > 0 && this.#inFlight === 0 && !this.#stopped) {
      const retry = this.#failed
        .sort((a, b) => a.seq - b.seq)
        .filter((entry) => {
          const stored = this.#lastStored.get(entry.subject);
          if (stored !== undefined && stored > entry.seq) {
            this.stats.superseded++;
            return false;
          }
          return true;
        });
      this.#failed = [];
      this.stats.retried += retry.length;
      for (const entry of retry) this.#queuedBytes += entry.bytes.length + ENTRY_OVERHEAD;
      this.#queue = [...retry, ...this.#queue.slice(this.#head)];
      this.#head = 0;
      // A pause that grows while whole rounds keep failing (a stream electing a new leader refuses for a while), so
      // the same frames are not sent again and again; any stored publish resets it.
      const delay = Math.min(2000, 100 * 2 ** this.#failedRounds++);
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = undefined;
        this.#pump();
      }, delay);
      this.#retryTimer.unref?.();
      return;
    }
    this.#pump();
  }
}

// A batch-storing relay's stored publishes (stream format "batches", stream.ts). Every numbered frame goes into a
// second batcher with longer bounds (25 ms, 64 KiB by default) whose batches are stored on `tickwire.store.<segment>`,
// each with the Nats-Msg-Id `<epoch>.<segment>.<batch number>`, so a retry's copy is dropped by the stream; and each
// subject's newest frame is kept and stored as its last value on `tickwire.last.<segment>.<instrumentId>.<subtype>`
// at most once per interval (250 ms), with the frame's own position, message id and receive time. The stream then
// stores tens of messages a second per segment instead of one per frame: what costs the NATS nodes is per message.
// Each goes through an acknowledging Publisher of its own: unacknowledged batches and last values wait in its backlog
// and are published again with the same id, as frames are in the "frames" format. One per stream because a publisher
// takes any ack as its stream answering and then publishes its whole backlog again at once: with one for both, every
// ack of the batches' stream sent the last values again while their stream had no leader (refused at once), which
// in a node kill retried 109,427 publishes of 22,758 and blocked the relay's event loop for 27 s.
import type { NatsConnection } from "@nats-io/transport-node";
import { Batcher, type BatchIdentity, type BatchRoute } from "./batch.js";
import type { RelayError } from "./errors.js";
import type { PublisherStats, StoreStats } from "./public-types.js";
import { type PendingPublish, Publisher } from "./publisher.js";
import { LAST_ROOT, STORE_ROOT, type StoredBatchOptions } from "./stream.js";
import { SUBJECT_ROOT } from "./subjects.js";

export interface BatchStoreOptions {
  maxBufferBytes: number;
  maxInFlight: number;
  publishTimeoutMs: number;
  onError: (error: RelayError) => void;
}

/** The relay's numbered entry itself (no copy of its fields per frame): kept at most one interval. */
type LastValue = PendingPublish & { position: string };

const LAST_TAIL_FROM = SUBJECT_ROOT.length + 1;
const LAST_VALUE_INTERVAL_MS = 250;

export class BatchStore {
  /** The stored batches' publishes, and the last values' (another stream). */
  readonly #batchPublisher: Publisher;
  readonly #lastPublisher: Publisher;
  readonly #batcher: Batcher;
  /** Each subject's newest frame not stored yet as its last value (a view of the relay's copy, kept ≤ one interval). */
  #last = new Map<string, LastValue>();
  readonly #timer: ReturnType<typeof setInterval>;
  #order = 0;
  readonly #counts = { batches: 0, frames: 0, lastValues: 0 };

  constructor(nc: NatsConnection, options: BatchStoreOptions, batches: StoredBatchOptions = {}) {
    this.#batchPublisher = new Publisher(nc, options);
    this.#lastPublisher = new Publisher(nc, options);
    this.#batcher = new Batcher(
      (subject, data, batch) => this.#storeBatch(subject, data, batch),
      {
        maxFrames: batches.maxFrames ?? 8192,
        maxBytes: batches.maxBytes ?? 64 * 1024,
        maxDelayMs: batches.maxDelayMs ?? 25,
      },
      STORE_ROOT,
    );
    // 250 ms, not 100: the last values are the stream's most numerous messages (a subject each, about 100 µs of the
    // three nodes' CPU each at R3); at 100 ms they cost the nodes a third to half of what the stored batches do. A late
    // joiner replays the longer hole after them from the relay's recent window (docs/reliability/relay.md, "The
    // night's round").
    this.#timer = setInterval(() => this.#storeLastValues(), batches.lastValueIntervalMs ?? LAST_VALUE_INTERVAL_MS);
    this.#timer.unref?.();
  }

  /** A frame numbered for its subject (the relay's frame publisher's `onNumbered`). */
  add(
    entry: PendingPublish & { position: string },
    route: Omit<BatchRoute, "position" | "bytes" | "receivedAt">,
    epoch: string,
    n: number,
  ): void {
    this.#batcher.addNumbered(route, entry.bytes, entry.receivedAt, epoch, n, entry.receivedMicros);
    this.#last.set(entry.subject, entry);
  }

  #storeBatch(subject: string, data: Uint8Array, batch: BatchIdentity): void {
    this.#counts.batches++;
    this.#batchPublisher.enqueue({
      subject,
      msgId: `${batch.epoch}.${batch.segment}.${batch.seq}`,
      bytes: data,
      receivedAt: (batch.firstAtMicros / 1000).toFixed(3),
      frameId: undefined,
      seq: ++this.#order,
      position: `${batch.epoch}.${batch.seq}`,
    });
  }

  #storeLastValues(): void {
    if (this.#last.size === 0) return;
    const last = this.#last;
    this.#last = new Map();
    for (const [subject, value] of last) {
      this.#counts.lastValues++;
      this.#lastPublisher.enqueue({
        subject: `${LAST_ROOT}.${subject.slice(LAST_TAIL_FROM)}`,
        msgId: value.msgId,
        // Its own copy: the relay's frame copies are views of shared blocks, which a kept view would keep alive.
        bytes: value.bytes.slice(),
        receivedAt: value.receivedAt,
        frameId: value.frameId,
        seq: ++this.#order,
        position: value.position,
      });
    }
  }

  /** Stores the open batches and the pending last values now. */
  flush(): void {
    this.#batcher.flush();
    this.#storeLastValues();
  }

  setConnected(connected: boolean): void {
    this.#batchPublisher.setConnected(connected);
    this.#lastPublisher.setConnected(connected);
  }

  /** Resolves when everything flushed so far has been stored (or dropped). */
  drained(): Promise<void> {
    this.flush();
    return Promise.all([this.#batchPublisher.drained(), this.#lastPublisher.drained()]).then(() => {});
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#batcher.stop();
    this.#batchPublisher.stop();
    this.#lastPublisher.stop();
  }

  snapshot(): StoreStats {
    const batches = this.#batchPublisher.snapshot();
    const last = this.#lastPublisher.snapshot();
    const both = { ...batches };
    for (const key of Object.keys(both) as (keyof PublisherStats)[]) both[key] += last[key];
    return {
      format: "batches",
      ...both,
      batches: this.#counts.batches,
      frames: this.#batcher.stats.frames,
      lastValues: this.#counts.lastValues,
    };
  }
}

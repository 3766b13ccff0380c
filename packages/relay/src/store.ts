// A batch-storing relay's stored publishes (stream format "batches", stream.ts). Every numbered frame goes into a
// second batcher with longer bounds (25 ms, 64 KiB by default) whose batches are stored on `tickwire.store.<segment>`,
// each with the Nats-Msg-Id `<epoch>.<segment>.<batch number>`, so a retry's copy is dropped by the stream; and each
// subject's newest frame is kept and stored as its last value on `tickwire.last.<segment>.<instrumentId>.<subtype>`
// at most once per interval (100 ms), with the frame's own position, message id and receive time. The stream then
// stores tens of messages a second per segment instead of one per frame: what costs the NATS nodes is per message.
// Both go through an acknowledging Publisher: unacknowledged batches and last values wait in its backlog and are
// published again with the same id, as frames are in the "frames" format.
import type { NatsConnection } from "@nats-io/transport-node";
import { Batcher, type BatchIdentity, type BatchRoute } from "./batch.js";
import type { RelayError } from "./errors.js";
import type { StoreStats } from "./public-types.js";
import { type PendingPublish, Publisher } from "./publisher.js";
import { LAST_ROOT, STORE_ROOT, type StoredBatchOptions } from "./stream.js";
import { SUBJECT_ROOT } from "./subjects.js";

export interface BatchStoreOptions {
  maxBufferBytes: number;
  maxInFlight: number;
  publishTimeoutMs: number;
  onError: (error: RelayError) => void;
}

interface LastValue {
  bytes: Uint8Array;
  receivedAt: string;
  msgId: string;
  frameId: string | undefined;
  position: string;
}

const LAST_TAIL_FROM = SUBJECT_ROOT.length + 1;

export class BatchStore {
  readonly #publisher: Publisher;
  readonly #batcher: Batcher;
  /** Each subject's newest frame not stored yet as its last value (a view of the relay's copy, kept ≤ one interval). */
  #last = new Map<string, LastValue>();
  readonly #timer: ReturnType<typeof setInterval>;
  #order = 0;
  readonly #counts = { batches: 0, frames: 0, lastValues: 0 };

  constructor(nc: NatsConnection, options: BatchStoreOptions, batches: StoredBatchOptions = {}) {
    this.#publisher = new Publisher(nc, options);
    this.#batcher = new Batcher(
      (subject, data, batch) => this.#storeBatch(subject, data, batch),
      {
        maxFrames: batches.maxFrames ?? 8192,
        maxBytes: batches.maxBytes ?? 64 * 1024,
        maxDelayMs: batches.maxDelayMs ?? 25,
      },
      STORE_ROOT,
    );
    this.#timer = setInterval(() => this.#storeLastValues(), batches.lastValueIntervalMs ?? 100);
    this.#timer.unref?.();
  }

  /** A frame numbered for its subject (the relay's frame publisher's `onNumbered`). */
  add(
    entry: PendingPublish & { position: string },
    route: Omit<BatchRoute, "position" | "bytes" | "receivedAt">,
    epoch: string,
    n: number,
  ): void {
    this.#batcher.addNumbered(route, entry.bytes, entry.receivedAt, epoch, n);
    this.#last.set(entry.subject, {
      bytes: entry.bytes,
      receivedAt: entry.receivedAt,
      msgId: entry.msgId,
      frameId: entry.frameId,
      position: entry.position,
    });
  }

  #storeBatch(subject: string, data: Uint8Array, batch: BatchIdentity): void {
    this.#counts.batches++;
    this.#publisher.enqueue({
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
      this.#publisher.enqueue({
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
    this.#publisher.setConnected(connected);
  }

  /** Resolves when everything flushed so far has been stored (or dropped). */
  drained(): Promise<void> {
    this.flush();
    return this.#publisher.drained();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#batcher.stop();
    this.#publisher.stop();
  }

  snapshot(): StoreStats {
    return {
      format: "batches",
      ...this.#publisher.snapshot(),
      batches: this.#counts.batches,
      frames: this.#batcher.stats.frames,
      lastValues: this.#counts.lastValues,
    };
  }
}

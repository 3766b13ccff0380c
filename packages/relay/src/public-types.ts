// Types of the relay's public surface that its nats.js-facing modules also use, kept here so that the declarations a
// consumer compiles import no nats.js declarations (which fail exactOptionalPropertyTypes in nats.js itself).

export interface LockOptions {
  /** KV bucket (default "tickwire_relay_lock"). */
  bucket?: string;
  /** The lock's key: one per platform account (default "active"). */
  key?: string;
  /**
   * How long a silent holder keeps the lock (default 2,000 ms): its heartbeat and its KV entry must both have been
   * silent this long before a standby takes over. The takeover time after a relay's death is about this.
   */
  ttlMs?: number;
  /** How often a standby tries to take it (default 200 ms). */
  pollMs?: number;
  /** The bucket's replicas (default: the stream's). An existing bucket is brought to this. */
  replicas?: number;
}

export interface PublisherStats {
  /** Publishes asked for: one per subject a frame goes to. Each ends published, duplicate or dropped. */
  enqueued: number;
  /** Stored by the stream (its ack said so). */
  published: number;
  /**
   * Stream format "batches", live subjects "announced": numbered but not published on their per-instrument subject,
   * which no consumer had announced (they went out in the batches). 0 otherwise.
   */
  notPublished: number;
  /** Acknowledged as already stored (another relay's copy, or a retry of one whose ack was lost). */
  duplicates: number;
  /** Publishes the stream did not acknowledge (each goes to the backlog). */
  publishErrors: number;
  /** Publishes sent again from the backlog. */
  retried: number;
  /** Never sent: the buffer (NATS unreachable) was full; dropped before numbering, so no consumer sees a gap. */
  bufferDrops: number;
  /** Sent live but given up for the stream: the backlog reached its byte bound (oldest first). */
  backlogDrops: number;
  bufferedMessages: number;
  bufferedBytes: number;
  /** Publishes awaiting their ack, and those waiting to be published again. */
  inFlight: number;
  backlogMessages: number;
}

export interface BatchOptions {
  /** Frames per batch at most (default 512). */
  maxFrames?: number;
  /** Bytes per batch at most (default 64 KiB; a single larger frame goes alone). */
  maxBytes?: number;
  /** How long the first frame of a batch waits at most (default 1 ms). */
  maxDelayMs?: number;
}

export interface BatchStats {
  /** Batches published, frames in them, and batches NATS refused (a lost connection: consumers see the gap). */
  published: number;
  frames: number;
  failed: number;
}

export interface BatchReaderStats {
  batches: number;
  /** Frames in the batches read, and those no pattern matched (skipped without decoding them). */
  batchFrames: number;
  batchFramesSkipped: number;
  /** Batches missing from a segment's numbering (each starts a replay of the stream). */
  batchGaps: number;
  badBatches: number;
}

export interface RecentWindowOptions {
  /**
   * How long a frame is kept, by its receive time (default 10,000 ms). A consumer asks from 2 s before the last frame
   * it delivered (the relay's clock and the servers' may differ) and was reconnected within 0.1 s of a node's kill in
   * the measured runs: 10 s covers that gap with room for a slow reconnect and a relay that buffered meanwhile.
   */
  ms?: number;
  /**
   * Bytes kept at most, frames and header texts (default 16 MiB): the sandbox's messages cost the window 308 bytes
   * each on average, so about 27 s at the campaign's 2,000 messages/s and the time bound governs there; past about
   * 5,400 messages/s of such frames the oldest go first, and the answer says how far back it reaches.
   */
  maxBytes?: number;
}

export interface RecentStats {
  /** Catch-up requests answered, refused as malformed, and the frames sent in answers. */
  requests: number;
  refused: number;
  framesSent: number;
}

/** A batch-storing relay's stored publishes (stream format "batches"): batches and last values, as acknowledged. */
export interface StoreStats extends PublisherStats {
  format: "batches";
  /** Stored batches made, and the frames in them. */
  batches: number;
  frames: number;
  /** Last values stored (each subject at most once per interval). */
  lastValues: number;
}

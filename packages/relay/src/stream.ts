// The JetStream stream the relay publishes into, created or brought to the wanted configuration on every start.
import { nanos } from "@nats-io/transport-node";
import { SUBJECT_ROOT } from "./subjects.js";

export interface StreamOptions {
  /** Default "TICKWIRE_MD". */
  name?: string;
  /**
   * Messages kept per subject (instrument and subtype), default 1,000. A late joiner gets only the last of them either
   * way; the rest is a live consumer's slack: one that falls further behind skips to newer values of that subject.
   */
  maxMsgsPerSubject?: number;
  /** Nothing older than this is kept (default 1 hour). */
  maxAgeMs?: number;
  /** The stream's byte bound; the oldest messages go first (default 1 GiB). */
  maxBytes?: number;
  /** "file" (default) or "memory". */
  storage?: "file" | "memory";
  /** Copies in a cluster (default 1; 3 on a three-node cluster survives a node). */
  replicas?: number;
  /** How long JetStream remembers a Nats-Msg-Id to drop a duplicate (default 2 minutes). */
  duplicateWindowMs?: number;
}

export const DEFAULT_STREAM = "TICKWIRE_MD";

/**
 * The stream's configuration in JetStream's field names, as the relay sets it. Our own type rather than nats.js's
 * `StreamConfig`, so the relay's declarations import none of nats.js's (README of consumer-check).
 */
export interface RelayStreamConfig {
  name: string;
  subjects: string[];
  max_msgs_per_subject: number;
  /** Nanoseconds. */
  max_age: number;
  max_bytes: number;
  storage: "file" | "memory";
  num_replicas: number;
  /** Nanoseconds. */
  duplicate_window: number;
  discard: "old";
  allow_direct: boolean;
}

/** What `ensureStream` needs of nats.js's `JetStreamManager` (`await jetstreamManager(nc)` is one). */
export interface StreamAdmin {
  streams: {
    info(name: string): Promise<unknown>;
    add(config: RelayStreamConfig): Promise<unknown>;
    update(name: string, config: RelayStreamConfig): Promise<unknown>;
  };
}

export function streamConfig(options: StreamOptions = {}): RelayStreamConfig {
  const maxAgeMs = options.maxAgeMs ?? 3_600_000;
  // JetStream refuses a duplicate window longer than max_age.
  const duplicateWindowMs = Math.min(options.duplicateWindowMs ?? 120_000, maxAgeMs);
  return {
    name: options.name ?? DEFAULT_STREAM,
    subjects: [`${SUBJECT_ROOT}.>`],
    max_msgs_per_subject: options.maxMsgsPerSubject ?? 1000,
    max_age: nanos(maxAgeMs),
    max_bytes: options.maxBytes ?? 1024 ** 3,
    storage: options.storage === "memory" ? "memory" : "file",
    num_replicas: options.replicas ?? 1,
    duplicate_window: nanos(duplicateWindowMs),
    discard: "old",
    allow_direct: true,
  };
}

/** Creates the stream, or updates it to this configuration; safe for two relays starting together. */
export async function ensureStream(jsm: StreamAdmin, options: StreamOptions = {}): Promise<RelayStreamConfig> {
  const config = streamConfig(options);
  for (let attempt = 0; attempt < 3; attempt++) {
    const exists = await jsm.streams.info(config.name).then(
      () => true,
      () => false,
    );
    try {
      if (exists) await jsm.streams.update(config.name, config);
      else await jsm.streams.add(config);
      return config;
    } catch (error) {
      // The other relay created it between our look and our add: look again.
      if (attempt === 2) throw error;
    }
  }
  return config;
}

// The JetStream streams the relay publishes into, created or brought to the wanted configuration on every start.
// Two formats. "frames" (the default): one stream, a stored message per frame on its instrument's subject. "batches":
// the stream keeps each instrument subject's last value (`tickwire.last.<segment>.<instrumentId>.<subtype>`, one
// message per subject, conflated by the relay) and a second stream, `<name>_BATCHES`, keeps the relay's stored batches
// (`tickwire.store.<segment>`, batch.ts's format), bounded by age and bytes. The format is written in the stream's
// description (nats-server 2.9 has no stream metadata; the description is the one free-text field it keeps and
// returns in the stream's info), so a consumer reads it there, and a relay refuses a stream of the other format.
import { nanos } from "@nats-io/transport-node";
import { RelayError } from "./errors.js";
import { SUBJECT_ROOT } from "./subjects.js";

export type StreamFormat = "frames" | "batches";

export interface StoredBatchOptions {
  /** Frames per stored batch at most (default 8,192: the bytes and the time bound govern). */
  maxFrames?: number;
  /** Bytes per stored batch at most (default 64 KiB; a larger frame goes alone). */
  maxBytes?: number;
  /** How long a stored batch's first frame waits at most (default 25 ms). */
  maxDelayMs?: number;
  /** How often each subject's newest frame is stored as its last value, at most (default every 250 ms). */
  lastValueIntervalMs?: number;
}

export interface StreamOptions {
  /** Default "TICKWIRE_MD". With format "batches", the stored batches are in `<name>_BATCHES`. */
  name?: string;
  /**
   * What the stream stores: "frames" (default), a message per frame on its instrument's subject; or "batches", the
   * relay's batches (a message per batch, in `<name>_BATCHES`) and each subject's last value (in `<name>`). Two relays
   * sharing a stream must run the same format: a relay refuses a stream of the other one.
   */
  format?: StreamFormat;
  /** Format "batches": the stored batches' bounds and the last values' pace. */
  batches?: StoredBatchOptions;
  /**
   * Messages kept per subject (instrument and subtype), default 1,000. A late joiner gets only the last of them either
   * way; the rest is a live consumer's slack: one that falls further behind skips to newer values of that subject.
   * Format "batches" keeps one last value per subject, and its batches by age and bytes.
   */
  maxMsgsPerSubject?: number;
  /** Nothing older than this is kept (default 1 hour). */
  maxAgeMs?: number;
  /** The stream's byte bound; the oldest messages go first (default 1 GiB; with "batches", the batches' stream's). */
  maxBytes?: number;
  /** "file" (default) or "memory". */
  storage?: "file" | "memory";
  /** Copies in a cluster (default 1; 3 on a three-node cluster survives a node). */
  replicas?: number;
  /** How long JetStream remembers a Nats-Msg-Id to drop a duplicate (default 2 minutes). */
  duplicateWindowMs?: number;
}

export const DEFAULT_STREAM = "TICKWIRE_MD";
/** Format "batches": where each subject's last value is stored, `tickwire.last.<segment>.<instrumentId>.<subtype>`. */
export const LAST_ROOT = "tickwire.last";
/** Format "batches": where the relay stores its batches, `tickwire.store.<segment>`. */
export const STORE_ROOT = "tickwire.store";
const FORMAT_MARK = "tickwire-relay format=";

/**
 * The stream's configuration in JetStream's field names, as the relay sets it. Our own type rather than nats.js's
 * `StreamConfig`, so the relay's declarations import none of nats.js's (README of consumer-check).
 */
export interface RelayStreamConfig {
  name: string;
  /** Says the format (`tickwire-relay format=frames` or `...=batches batches=<stream>`): consumers read it. */
  description: string;
  subjects: string[];
  /** -1: no bound. */
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

/** What a stream holds, read from its description: undefined when the description is not the relay's. */
export interface StoredFormat {
  format: StreamFormat;
  /** Format "batches": the stream of the stored batches. */
  batches: string | undefined;
}

/**
 * The format a stream's description records. A stream without one (made by a relay before formats existed) holds
 * frames; a description that names another format (a newer relay's) is an error: a consumer cannot read it.
 */
export function storedFormat(description: string | undefined, stream: string): StoredFormat {
  if (description === undefined || description === "" || !description.startsWith(FORMAT_MARK)) {
    return { format: "frames", batches: undefined };
  }
  const fields = new Map(
    description
      .slice("tickwire-relay ".length)
      .split(" ")
      .map((f) => f.split("=", 2) as [string, string]),
  );
  const format = fields.get("format");
  if (format === "frames") return { format, batches: undefined };
  const batches = fields.get("batches");
  if (format === "batches" && batches !== undefined && /^[A-Za-z0-9_-]+$/.test(batches)) return { format, batches };
  throw new RelayError(
    `the stream ${stream} holds a format this version does not read (its description: ${JSON.stringify(description.slice(0, 100))})`,
    "STREAM_FORMAT",
  );
}

export function batchStreamName(name: string): string {
  return `${name}_BATCHES`;
}

function common(options: StreamOptions) {
  const maxAgeMs = options.maxAgeMs ?? 3_600_000;
  // JetStream refuses a duplicate window longer than max_age.
  const duplicateWindowMs = Math.min(options.duplicateWindowMs ?? 120_000, maxAgeMs);
  return {
    max_age: nanos(maxAgeMs),
    storage: options.storage === "memory" ? ("memory" as const) : ("file" as const),
    num_replicas: options.replicas ?? 1,
    duplicate_window: nanos(duplicateWindowMs),
    discard: "old" as const,
    allow_direct: true,
  };
}

/** The stream (format "frames"), or the last values' stream (format "batches"). */
export function streamConfig(options: StreamOptions = {}): RelayStreamConfig {
  const name = options.name ?? DEFAULT_STREAM;
  if (options.format === "batches") {
    return {
      name,
      description: `${FORMAT_MARK}batches batches=${batchStreamName(name)}`,
      subjects: [`${LAST_ROOT}.>`],
      max_msgs_per_subject: 1,
      max_bytes: options.maxBytes ?? 1024 ** 3,
      ...common(options),
    };
  }
  return {
    name,
    description: `${FORMAT_MARK}frames`,
    subjects: [`${SUBJECT_ROOT}.>`],
    max_msgs_per_subject: options.maxMsgsPerSubject ?? 1000,
    max_bytes: options.maxBytes ?? 1024 ** 3,
    ...common(options),
  };
}

/**
 * Format "batches": the stored batches' stream. Bounded by age and bytes for the whole stream: JetStream 2.9 bounds
 * bytes per stream, not per subject, and a count per segment subject would count batches, not bytes or time.
 */
export function batchStreamConfig(options: StreamOptions = {}): RelayStreamConfig {
  const name = batchStreamName(options.name ?? DEFAULT_STREAM);
  return {
    name,
    description: `${FORMAT_MARK}batches batches=${name}`,
    subjects: [`${STORE_ROOT}.>`],
    max_msgs_per_subject: -1,
    max_bytes: options.maxBytes ?? 1024 ** 3,
    ...common(options),
  };
}

type StreamInfoLike = { config?: { description?: string } };

/** The stream's info, or undefined when it does not exist; refuses a stream that holds the other format. */
async function existing(jsm: StreamAdmin, name: string, format: StreamFormat): Promise<StreamInfoLike | undefined> {
  const info = (await jsm.streams.info(name).then(
    (i) => i as StreamInfoLike,
    () => undefined,
  )) as StreamInfoLike | undefined;
  if (info === undefined) return undefined;
  const held = storedFormat(info.config?.description, name).format;
  if (held !== format) {
    throw new RelayError(
      `the stream ${name} holds format "${held}" and this relay stores "${format}": a relay pair must run one format (delete the stream to change it)`,
      "STREAM_FORMAT",
    );
  }
  return info;
}

async function ensureOne(jsm: StreamAdmin, config: RelayStreamConfig, format: StreamFormat): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const exists = (await existing(jsm, config.name, format)) !== undefined;
    try {
      if (exists) await jsm.streams.update(config.name, config);
      else await jsm.streams.add(config);
      return;
    } catch (error) {
      // The other relay created it between our look and our add: look again.
      if (attempt === 2) throw error;
    }
  }
}

/**
 * Creates the stream (and, with format "batches", the batches' stream), or updates it to this configuration; safe
 * for two relays starting together. Refuses (`STREAM_FORMAT`) a stream that holds the other format.
 */
export async function ensureStream(jsm: StreamAdmin, options: StreamOptions = {}): Promise<RelayStreamConfig> {
  const format = options.format ?? "frames";
  const config = streamConfig(options);
  // The stream consumers look at first says the format: checked before anything is created or changed. With
  // "batches", the batches' stream is made first, so a consumer that reads the format finds the stream it names.
  await existing(jsm, config.name, format);
  if (format === "batches") await ensureOne(jsm, batchStreamConfig(options), format);
  await ensureOne(jsm, config, format);
  return config;
}

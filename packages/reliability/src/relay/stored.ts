// What a scenario's stream holds, frame by frame, in either stream format, and a consumer's deliveries checked against
// it. Storing frames, the stream is read message by message; storing batches, a consumer reads the stored batches from
// the start (subscribeRelay with a Date), which drops a frame both relays of a pair stored (counted as copies
// skipped). Each subject's frames are then put in the feed's order, by message ID.
import { DeliverPolicy, jetstream, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { decodeMessage } from "@tickwire/codec";
import { subscribeRelay } from "@tickwire/relay";
import type { Delivered } from "./children.js";
import { until } from "./common.js";
import { withRetries } from "./retries.js";
import type { Store } from "./size.js";

export interface StoredFrame {
  subject: string;
  id: bigint;
  /** The relay's receive time (epoch ms). */
  receivedAt: number;
}

export interface StoredContents {
  frames: StoredFrame[];
  /** A frame on a subject twice. */
  storedTwice: number;
  /** Storing batches: frames both relays stored, dropped by the reader (null storing frames). */
  copiesSkipped: number | null;
}

/** The stream's frames; `servers` for the batches reader (a connection of its own). */
export function readStored(
  nc: NatsConnection,
  servers: string[],
  stream: string,
  store: Store,
): Promise<StoredContents> {
  return withRetries(`reading what ${stream} stored`, () =>
    store === "frames" ? readFrames(nc, stream) : readBatches(servers, stream),
  );
}

/** Deletes the scenario's streams: the frames or last values, and the stored batches. */
export function streamsOf(stream: string, store: Store): string[] {
  return store === "frames" ? [stream] : [stream, `${stream}_BATCHES`];
}

async function readFrames(nc: NatsConnection, stream: string): Promise<StoredContents> {
  const jsm = await jetstreamManager(nc);
  const last = (await jsm.streams.info(stream)).state.last_seq;
  const consumer = await jetstream(nc).consumers.get(stream, { deliver_policy: DeliverPolicy.All });
  const frames: StoredFrame[] = [];
  const keys = new Set<string>();
  let storedTwice = 0;
  const messages = await consumer.consume({ max_messages: 1000 });
  const timer = setTimeout(() => messages.stop(), 60_000);
  for await (const m of messages) {
    const id = decodeMessage(m.data).ID;
    const key = `${m.subject} ${id}`;
    if (keys.has(key)) storedTwice++;
    keys.add(key);
    frames.push({ subject: m.subject, id, receivedAt: Number(m.headers?.get("Tickwire-Received-At") ?? Number.NaN) });
    if (m.seq >= last) break;
  }
  clearTimeout(timer);
  messages.stop();
  return { frames, storedTwice, copiesSkipped: null };
}

async function readBatches(servers: string[], stream: string): Promise<StoredContents> {
  const feed = await subscribeRelay({ servers, stream, subjects: ["tickwire.md.>"], start: new Date(0) });
  feed.on("error", () => {});
  const frames: StoredFrame[] = [];
  const keys = new Set<string>();
  let storedTwice = 0;
  feed.on("message", (message, info) => {
    const key = `${info.subject} ${message.ID}`;
    if (keys.has(key)) storedTwice++;
    keys.add(key);
    frames.push({ subject: info.subject, id: message.ID, receivedAt: info.receivedAt });
  });
  // Read to the end: caught up, and nothing more for 2 s.
  let count = -1;
  let movedAt = Date.now();
  await until(() => {
    if (frames.length !== count) {
      count = frames.length;
      movedAt = Date.now();
    }
    return !feed.stats().catchingUp && Date.now() - movedAt > 2000;
  }, 60_000);
  const stats = feed.stats();
  await feed.close();
  return { frames, storedTwice, copiesSkipped: stats.repeatsSkipped };
}

/**
 * The stored frames by subject, each in the feed's order (the simulator numbers its messages consecutively, the relay
 * numbers a subject's frames in the order it received them), a frame both relays of a pair stored once. Not by the
 * relay's number: two relays (a takeover) number apart, and the stream holds a frame published again after newer ones.
 */
export function bySubject(frames: StoredFrame[]): Map<string, StoredFrame[]> {
  const out = new Map<string, StoredFrame[]>();
  const seen = new Set<string>();
  for (const frame of frames) {
    const key = `${frame.subject} ${frame.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = out.get(frame.subject) ?? [];
    list.push(frame);
    out.set(frame.subject, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return out;
}

/** Every frame ID from the first stored to the last, and how many of them are missing (the feed numbers consecutively). */
export function span(frames: StoredFrame[]): { unique: number; span: number } {
  const ids = [...new Set(frames.map((f) => f.id))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { unique: ids.length, span: ids.length === 0 ? 0 : Number(ids[ids.length - 1] - ids[0]) + 1 };
}

export interface DeliveryCheck {
  subjects: number;
  delivered: number;
  /** Stored frames after a subject's first delivered one that the consumer did not get. */
  missing: number;
  /** Delivered twice, or not stored on that subject at all (the sum of the next two). */
  extra: number;
  twice: number;
  /** Delivered but not in the stream (a relay's backlog bound gave it up for the stream after it went out live). */
  notStored: number;
  subjectsOutOfOrder: number;
  /** Up to 5 frames missed: subject, ID, and where in the subject's run from the first delivered (index of length). */
  missedSample: string[];
  /**
   * Subjects whose first delivered frame was read from the stream (a last value, a replay), not live: a figure, not a
   * verdict (at a late joiner's seam a held live frame older than the stream's last value comes first, in order).
   */
  firstFromStream: number;
}

/**
 * A consumer's deliveries against the stream, per subject from its first delivered frame on: exactly the stored frames
 * in the feed's order.
 */
export function checkDelivered(list: Delivered[], stored: Map<string, StoredFrame[]>): DeliveryCheck {
  const got = new Map<string, string[]>();
  const firstFromStreamBySubject = new Map<string, boolean>();
  for (const [subject, id, , streamSequence] of list) {
    const ids = got.get(subject);
    if (ids) ids.push(id);
    else {
      got.set(subject, [id]);
      firstFromStreamBySubject.set(subject, streamSequence > 0);
    }
  }
  let missing = 0;
  let twice = 0;
  let notStored = 0;
  const missedSample: string[] = [];
  let outOfOrder = 0;
  let firstFromStream = 0;
  for (const [subject, gotIds] of got) {
    const expectedFrames = stored.get(subject) ?? [];
    const expected = expectedFrames.map((f) => String(f.id));
    const from = expected.indexOf(gotIds[0]);
    if (firstFromStreamBySubject.get(subject)) firstFromStream++;
    const want = from < 0 ? [] : expected.slice(from);
    const wantSet = new Set(want);
    const gotSet = new Set(gotIds);
    want.forEach((id, index) => {
      if (gotSet.has(id)) return;
      missing++;
      if (missedSample.length < 5) missedSample.push(`${subject} ${id} (${index} of ${want.length})`);
    });
    twice += gotIds.length - gotSet.size;
    notStored += gotIds.filter((id) => !wantSet.has(id)).length;
    const inOrder = want.filter((id) => gotSet.has(id));
    if (inOrder.join() !== [...gotSet].filter((id) => wantSet.has(id)).join()) outOfOrder++;
  }
  return {
    subjects: got.size,
    delivered: list.length,
    missing,
    extra: twice + notStored,
    twice,
    notStored,
    subjectsOutOfOrder: outOfOrder,
    missedSample,
    firstFromStream,
  };
}

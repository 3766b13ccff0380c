// What a scenario's stream holds, frame by frame, in either stream format, and a consumer's deliveries checked against
// it. Storing frames, the stream is read message by message; storing batches, the stored batches' stream is read
// message by message and each batch taken apart here (a frame both relays of a pair stored, or a batch stored twice,
// counted as copies). Each subject's frames are then put in the feed's order, by message ID.
import { DeliverPolicy, jetstream, jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { decodeMessage } from "@tickwire/codec";
import { routeFrame } from "@tickwire/relay";
import type { Delivered } from "./children.js";
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
  /** A frame on a subject twice (storing batches: in two relays' batches, which readers drop as copies). */
  storedTwice: number;
}

/** The stream's frames. */
export function readStored(nc: NatsConnection, stream: string, store: Store): Promise<StoredContents> {
  return withRetries(`reading what ${stream} stored`, () =>
    store === "frames" ? readFrames(nc, stream) : readBatches(nc, stream),
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
  return { frames, storedTwice };
}

/**
 * The stored batches' stream read message by message and each batch taken apart here, by the format the relay package
 * documents (batch.ts), not through subscribeRelay: a reader of the product's own would hide what it drops (its Date
 * start skips a frame stored after newer ones of its subject as a repeat). Each frame is decoded and routed as the
 * relay routes it (`routeFrame`) to name its subjects.
 */
async function readBatches(nc: NatsConnection, stream: string): Promise<StoredContents> {
  const batches = `${stream}_BATCHES`;
  const jsm = await jetstreamManager(nc);
  const last = (await jsm.streams.info(batches)).state.last_seq;
  const frames: StoredFrame[] = [];
  const keys = new Set<string>();
  let copies = 0;
  if (last === 0) return { frames, storedTwice: 0 };
  const consumer = await jetstream(nc).consumers.get(batches, { deliver_policy: DeliverPolicy.All });
  const messages = await consumer.consume({ max_messages: 200 });
  const timer = setTimeout(() => messages.stop(), 60_000);
  for await (const m of messages) {
    const batch = framesOfBatch(m.data);
    for (const frame of batch.frames) {
      const message = decodeMessage(frame.bytes);
      const routed = routeFrame(message, frame.bytes);
      if (!routed.ok) continue;
      // A frame on instruments of several segments is in each segment's batch, with that segment's routes.
      for (const route of routed.routes) {
        if (route.segment !== batch.segment) continue;
        const key = `${route.subject} ${message.ID}`;
        if (keys.has(key)) copies++;
        keys.add(key);
        frames.push({ subject: route.subject, id: message.ID, receivedAt: frame.receivedAtMicros / 1000 });
      }
    }
    if (m.seq >= last) break;
  }
  clearTimeout(timer);
  messages.stop();
  // The stream drops a batch published again by its id: a frame twice is in two relays' batches (a takeover's overlap).
  return { frames, storedTwice: copies };
}

/** One stored batch (version 1): its segment number, and each frame's original bytes and receive time. */
function framesOfBatch(data: Uint8Array): {
  segment: number;
  frames: { bytes: Uint8Array; receivedAtMicros: number }[];
} {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = data[at++];
      if (b === undefined) throw new Error(`a stored batch ends inside a varint at byte ${at}`);
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 128;
    }
  };
  const skip = (n: number) => {
    at += n;
  };
  if (data[at++] !== 1) throw new Error(`a stored batch of version ${data[0]}, not 1`);
  const segment = varint();
  skip(varint()); // epoch
  varint(); // batch number
  const firstAt = varint();
  const count = varint();
  const out: { bytes: Uint8Array; receivedAtMicros: number }[] = [];
  for (let i = 0; i < count; i++) {
    const receivedAt = firstAt + varint(); // from the batch's first frame
    const length = varint();
    out.push({ bytes: data.subarray(at, at + length), receivedAtMicros: receivedAt });
    skip(length);
    skip(varint()); // key
    skip(1); // fanned
    const routes = varint();
    for (let r = 0; r < routes; r++) {
      varint(); // subtype index
      varint(); // instrument id (64 bits)
      varint(); // position
    }
  }
  return { segment, frames: out };
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

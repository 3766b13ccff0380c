// The batched live path. Every frame also goes, with the per-instrument numbering the publisher gave it, into a batch:
// one core NATS message on `tickwire.batch.<segment>` holding many frames, size-delimited, flushed at a frame count, a
// byte size or a short time bound. The cost of NATS is per message (protocol parsing, routing, headers, bookkeeping),
// so a consumer reading many instruments pays it once per batch instead of once per frame. Batches are not stored:
// the stream keeps the per-instrument subjects, from which a consumer reads the last values and replays a gap.
//
// A batch (version 1) is: u8 version; varint segment number; varint epoch length, epoch (ASCII); varint batch number
// (per segment, from 1 in each epoch); varint receive time of the first frame (µs since the Unix epoch); varint count;
// then per frame: varint receive-time delta (µs); varint length, the frame's original bytes; varint length, its key
// (`<ID>.<fnv1a>`, the tail of its Nats-Msg-Id); u8 1 when it went to several subjects; varint route count; per route:
// varint subtype index (in subtypeCases), varint (64 bits) instrument id, varint position in its subject's numbering.
// A consumer filters on the routes (instrument id and subtype) without decoding the frames it does not want.
import { Buffer } from "node:buffer";
import { exchangeSegmentByName, exchangeSegmentByNumber, type SubtypeCase, subtypeCases } from "@tickwire/proto";
import { RelayError } from "./errors.js";
import type { LiveHeaders } from "./live-headers.js";
import type { BatchOptions, BatchReaderStats, BatchStats } from "./public-types.js";
import { SUBJECT_ROOT } from "./subjects.js";

export const BATCH_ROOT = "tickwire.batch";
const VERSION = 1;
const SUBTYPE_INDEX = new Map<string, number>(subtypeCases.map((s, i) => [s, i]));

export function batchSubject(segmentName: string): string {
  return `${BATCH_ROOT}.${segmentName}`;
}

/** What the batcher takes per route of a frame, once the publisher has numbered it. */
export interface BatchRoute {
  bytes: Uint8Array;
  receivedAt: string;
  segment: number;
  instrumentId: bigint;
  subtype: SubtypeCase;
  /** `<ID>.<fnv1a>`. */
  frameKey: string;
  fanned: boolean;
  /** `<epoch>.<n>`. */
  position: string;
  /**
   * The instrument id's low and high 32 bits and the subtype's index, when the caller has them at hand (the relay's
   * routes carry them from the subject's place): without them the batcher derives them per frame (BigInt operations).
   */
  idLo?: number;
  idHi?: number;
  subtypeIndex?: number;
}

class Writer {
  buf = new Uint8Array(4096);
  pos = 0;

  reset(): void {
    this.pos = 0;
  }

  #room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  byte(b: number): void {
    this.#room(1);
    this.buf[this.pos++] = b;
  }

  /** A non-negative integer up to 2^53. */
  varint(value: number): void {
    this.#room(10);
    while (value >= 0x80) {
      this.buf[this.pos++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.buf[this.pos++] = value;
  }

  /** An unsigned 64-bit integer given as its low and high 32 bits. */
  varint64(lo: number, hi: number): void {
    this.#room(10);
    while (hi !== 0 || lo >= 0x80) {
      this.buf[this.pos++] = (lo & 0x7f) | 0x80;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    this.buf[this.pos++] = lo;
  }

  /** The first n bytes of b, as they are. */
  raw(b: Uint8Array, n: number): void {
    this.#room(n);
    this.buf.set(n === b.length ? b : b.subarray(0, n), this.pos);
    this.pos += n;
  }

  bytes(b: Uint8Array): void {
    this.varint(b.length);
    this.#room(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  ascii(s: string): void {
    this.varint(s.length);
    this.#room(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.pos++] = s.charCodeAt(i);
  }
}

const micros = (receivedAt: string) => Math.round(Number(receivedAt) * 1000);

/** A subtype's index in a batch's routes (subtypeCases' order). */
export function subtypeIndexOf(subtype: SubtypeCase): number {
  return SUBTYPE_INDEX.get(subtype) ?? 0;
}

/** An instrument id's low and high 32 bits, as a batch's routes carry it (unsigned 64 bits). */
export function idHalves(instrumentId: bigint): [lo: number, hi: number] {
  const id = BigInt.asUintN(64, instrumentId);
  return [Number(id & 0xffffffffn), Number(id >> 32n)];
}

/** One segment's open batch. */
class OpenBatch {
  readonly writer = new Writer();
  count = 0;
  firstAt = 0;
  seq = 0;
  /** The last frame added, to add another route of it (a frame filed under several instruments) to the same entry. */
  lastBytes: Uint8Array | undefined;
  /** Where the last entry's route count is, and that count. */
  routeCountAt = 0;
  routes = 0;
  routesScratch = new Writer();
}

/** What a published batch is, besides its bytes: a batch-storing relay's Nats-Msg-Id and receive time come from it. */
export interface BatchIdentity {
  segment: string;
  epoch: string;
  seq: number;
  /** The first frame's receive time, µs since the Unix epoch. */
  firstAtMicros: number;
}

/**
 * Collects numbered frames into one batch per segment and publishes each when it holds maxFrames frames or maxBytes
 * bytes, or maxDelayMs after its first frame. The live path's batches go to `tickwire.batch.<segment>`; a
 * batch-storing relay's second batcher (longer bounds) to `tickwire.store.<segment>`.
 */
export class Batcher {
  readonly #publish: (subject: string, data: Uint8Array, batch: BatchIdentity) => void;
  readonly #root: string;
  readonly #maxFrames: number;
  readonly #maxBytes: number;
  readonly #maxDelayMs: number;
  readonly #open = new Map<number, OpenBatch>();
  /** A batch's head, written again for each batch sent (one per batch was 4 KiB of garbage each). */
  readonly #head = new Writer();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #epoch: string | undefined;
  readonly stats: BatchStats = { published: 0, frames: 0, failed: 0 };

  constructor(
    publish: (subject: string, data: Uint8Array, batch: BatchIdentity) => void,
    options: BatchOptions = {},
    root = BATCH_ROOT,
  ) {
    this.#publish = publish;
    this.#root = root;
    this.#maxFrames = Math.max(1, options.maxFrames ?? 512);
    this.#maxBytes = Math.max(256, options.maxBytes ?? 64 * 1024);
    this.#maxDelayMs = Math.max(0, options.maxDelayMs ?? 1);
  }

  add(route: BatchRoute): void {
    const dot = route.position.lastIndexOf(".");
    this.addNumbered(
      route,
      route.bytes,
      route.receivedAt,
      route.position.slice(0, dot),
      Number(route.position.slice(dot + 1)),
    );
  }

  /**
   * `add` with the position as the publisher gave it (epoch, number): no object per frame, no position parsed; and
   * the receive time as µs when the caller has it (else parsed from the text).
   */
  addNumbered(
    route: Omit<BatchRoute, "position" | "bytes" | "receivedAt">,
    bytes: Uint8Array,
    receivedAt: string,
    epoch: string,
    n: number,
    receivedMicros?: number,
  ): void {
    if (this.#epoch !== epoch) {
      // Another publisher (a relay that became active again): the batches' numbering starts again with it.
      this.flush();
      this.#epoch = epoch;
      for (const batch of this.#open.values()) batch.seq = 0;
    }
    let batch = this.#open.get(route.segment);
    if (batch === undefined) {
      batch = new OpenBatch();
      this.#open.set(route.segment, batch);
    }
    const sameFrame = batch.count > 0 && batch.lastBytes === bytes;
    if (!sameFrame) {
      this.#closeEntry(batch);
      const at = receivedMicros ?? micros(receivedAt);
      if (batch.count === 0) {
        batch.firstAt = at;
        this.#arm();
      }
      const w = batch.writer;
      w.varint(Math.max(0, at - batch.firstAt));
      w.bytes(bytes);
      w.ascii(route.frameKey);
      w.byte(route.fanned ? 1 : 0);
      batch.count++;
      batch.lastBytes = bytes;
      batch.routes = 0;
      batch.routesScratch.reset();
    }
    const r = batch.routesScratch;
    if (route.idLo !== undefined && route.idHi !== undefined && route.subtypeIndex !== undefined) {
      r.varint(route.subtypeIndex);
      r.varint64(route.idLo, route.idHi);
    } else {
      r.varint(subtypeIndexOf(route.subtype));
      const [lo, hi] = idHalves(route.instrumentId);
      r.varint64(lo, hi);
    }
    r.varint(n);
    batch.routes++;
    if (batch.count >= this.#maxFrames || batch.writer.pos >= this.#maxBytes) this.#send(route.segment, batch);
  }

  #closeEntry(batch: OpenBatch): void {
    if (batch.count === 0 || batch.routes === 0) return;
    batch.writer.varint(batch.routes);
    const scratch = batch.routesScratch;
    batch.writer.raw(scratch.buf, scratch.pos);
    batch.routes = 0;
    scratch.reset();
  }

  #arm(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.flush();
    }, this.#maxDelayMs);
  }

  /** Publishes every open batch now. */
  flush(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    for (const [segment, batch] of this.#open) if (batch.count > 0) this.#send(segment, batch);
  }

  /**
   * Publishes every open batch, then an empty batch on each segment numbered so far. After the connection was lost,
   * what was written to it may never have reached the server: without a later batch of its segment (the feed paused,
   * a quiet segment) a consumer would never see that gap. The empty batch's number shows it.
   */
  mark(): void {
    this.flush();
    for (const [segment, batch] of this.#open) if (batch.seq > 0) this.#send(segment, batch);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#open.clear();
  }

  #send(segment: number, batch: OpenBatch): void {
    this.#closeEntry(batch);
    const head = this.#head;
    head.reset();
    head.byte(VERSION);
    head.varint(segment);
    head.ascii(this.#epoch ?? "");
    head.varint(++batch.seq);
    head.varint(batch.firstAt);
    head.varint(batch.count);
    const out = new Uint8Array(head.pos + batch.writer.pos);
    out.set(head.buf.subarray(0, head.pos));
    out.set(batch.writer.buf.subarray(0, batch.writer.pos), head.pos);
    const frames = batch.count;
    batch.count = 0;
    batch.lastBytes = undefined;
    batch.writer.reset();
    const name = exchangeSegmentByNumber(segment)?.name ?? String(segment);
    try {
      this.#publish(`${this.#root}.${name}`, out, {
        segment: name,
        epoch: this.#epoch ?? "",
        seq: batch.seq,
        firstAtMicros: batch.firstAt,
      });
      this.stats.published++;
      this.stats.frames += frames;
    } catch {
      // Disconnected: its number is used, so a consumer sees the gap and replays it from the stream.
      this.stats.failed++;
    }
  }
}

/**
 * One frame of a batch for one of its subjects, in the shape the core live path handles. Its position, headers and
 * receive time as text are built only when asked (a message held during a catch-up, a test): the live path reads the
 * numbers (`epoch`, `seq`, `receivedAt`), so a frame delivered straight away costs no strings but its message id.
 */
export class BatchedMessage {
  #position: string | undefined;
  #headers: LiveHeaders | undefined;

  constructor(
    readonly data: Uint8Array,
    readonly subject: string,
    readonly epoch: string,
    readonly seq: number,
    /** The relay's receive time, µs since the Unix epoch. */
    readonly receivedMicros: number,
    readonly msgId: string,
    /** The frame's key when it went to several subjects (delivered once). */
    readonly frameId: string | undefined,
    /** The stored batch's stream sequence when read from the stream; 0 live. */
    readonly streamSequence = 0,
  ) {}

  /** The relay's receive time, ms since the Unix epoch (as the header's text reads). */
  get receivedAt(): number {
    return this.receivedMicros / 1000;
  }

  get position(): string {
    this.#position ??= `${this.epoch}.${this.seq}`;
    return this.#position;
  }

  get headers(): LiveHeaders {
    this.#headers ??= {
      position: this.position,
      msgId: this.msgId,
      received: (this.receivedMicros / 1000).toFixed(3),
      frameId: this.frameId,
    };
    return this.#headers;
  }
}

/** A wanted route's subject and the head of its message ids (`<subject's tail>.`), made once per route. */
interface RouteNames {
  subject: string;
  msgIdHead: string;
}

/** Which routes a consumer wants: undefined in a field is any. */
export interface RoutePattern {
  segment: string | undefined;
  instrument: bigint | undefined;
  subtype: string | undefined;
}

const TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * The patterns of per-instrument subject filters (`tickwire.md.<segment>.<instrument>.<subtype>`, with `*` or a final
 * `>`), or undefined when one of them has another shape (the per-instrument path then serves it).
 */
export function routePatterns(filters: readonly string[]): RoutePattern[] | undefined {
  const out: RoutePattern[] = [];
  const root = SUBJECT_ROOT.split(".");
  for (const filter of filters) {
    const t = filter.split(".");
    if (t[0] === root[0] && t[1] === ">" && t.length === 2) {
      out.push({ segment: undefined, instrument: undefined, subtype: undefined });
      continue;
    }
    if (t[0] !== root[0] || t[1] !== root[1] || t.length < 3 || t.length > 5) return undefined;
    const [segment, instrument, subtype] = [t[2], t[3], t[4]];
    const last = t[t.length - 1];
    if (last !== ">" && t.length !== 5) return undefined;
    const any = (s: string | undefined) => s === undefined || s === "*" || s === ">";
    if (!any(segment) && (!TOKEN.test(segment) || !exchangeSegmentByName(segment))) return undefined;
    if (!any(instrument) && !/^[0-9]+$/.test(instrument)) return undefined;
    if (!any(subtype) && !SUBTYPE_INDEX.has(subtype)) return undefined;
    out.push({
      segment: any(segment) ? undefined : segment,
      instrument: any(instrument) ? undefined : BigInt(instrument),
      subtype: any(subtype) ? undefined : subtype,
    });
  }
  return out;
}

/** The batch subjects that carry what the patterns match: one per segment named, or all. */
export function batchSubjects(patterns: readonly RoutePattern[]): string[] {
  if (patterns.some((p) => p.segment === undefined)) return [`${BATCH_ROOT}.*`];
  return [...new Set(patterns.map((p) => batchSubject(p.segment as string)))];
}

interface Cursor {
  pos: number;
}

function truncated(at: number): RelayError {
  return new RelayError(`batch: truncated at byte ${at}`, "BAD_BATCH");
}

function readVarint(b: Uint8Array, c: Cursor): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    if (c.pos >= b.length) throw truncated(c.pos);
    const byte = b[c.pos++];
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return value;
    scale *= 0x80;
    if (scale > 2 ** 56) throw new RelayError(`batch: the varint at byte ${c.pos} is too long`, "BAD_BATCH");
  }
}

/** A 64-bit varint into lo/hi (unsigned 32-bit halves). */
function readVarint64(b: Uint8Array, c: Cursor, out: { lo: number; hi: number }): void {
  let lo = 0;
  let hi = 0;
  for (let shift = 0; shift < 70; shift += 7) {
    if (c.pos >= b.length) throw truncated(c.pos);
    const byte = b[c.pos++];
    const bits = byte & 0x7f;
    if (shift < 28) lo |= bits << shift;
    else if (shift === 28) {
      lo |= (bits & 0x0f) << 28;
      hi |= bits >>> 4;
    } else hi |= bits << (shift - 32);
    if (byte < 0x80) {
      out.lo = lo >>> 0;
      out.hi = hi >>> 0;
      return;
    }
  }
  throw new RelayError(`batch: the varint at byte ${c.pos} is too long`, "BAD_BATCH");
}

/** `text` is a Buffer over `b`: one native call per string instead of a string joined per character. */
function readAscii(b: Uint8Array, c: Cursor, text: Buffer): string {
  const n = readVarint(b, c);
  if (c.pos + n > b.length) throw truncated(c.pos);
  const s = text.toString("latin1", c.pos, c.pos + n);
  c.pos += n;
  return s;
}

/**
 * Reads batches for a consumer: checks each segment's batch numbering, picks the frames whose routes the patterns
 * match (instrument id and subtype only), and hands each wanted frame on per subject, with the headers its
 * per-instrument message would have had, so the seam and gap rules are the same on both paths.
 */
export class BatchReader {
  readonly #patterns: RoutePattern[];
  readonly #any: boolean;
  /** Wanted instruments by high then low 32 bits (no BigInt per frame); undefined when a pattern takes any. */
  readonly #instruments: Map<number, Set<number>> | undefined;
  readonly #subtypes: Set<number> | undefined;
  /** Every pattern names only a subtype: a frame of a wanted subtype needs no per-pattern check. */
  readonly #subtypeOnly: boolean;
  readonly #segments: Set<string> | undefined;
  readonly #last = new Map<string, { epoch: string; seq: number }>();
  /** Route names by segment number, subtype index, high then low 32 bits of the instrument id: no key built per frame. */
  readonly #names = new Map<number, Map<number, Map<number, RouteNames>>[]>();
  #namesCount = 0;
  readonly #id = { lo: 0, hi: 0 };
  readonly stats: BatchReaderStats = { batches: 0, batchFrames: 0, batchFramesSkipped: 0, batchGaps: 0, badBatches: 0 };

  constructor(patterns: RoutePattern[]) {
    this.#patterns = patterns;
    this.#subtypeOnly = patterns.every((p) => p.instrument === undefined && p.segment === undefined);
    this.#any = patterns.some((p) => p.instrument === undefined && p.subtype === undefined);
    // A single shape (instruments × subtypes, the filters subscribeRelay builds) is checked with sets; mixed
    // patterns go one by one.
    const ids = patterns.every((p) => p.instrument !== undefined);
    this.#instruments = ids ? new Map() : undefined;
    if (this.#instruments) {
      for (const p of patterns) {
        const id = BigInt.asUintN(64, p.instrument as bigint);
        const hi = Number(id >> 32n);
        const set = this.#instruments.get(hi) ?? new Set<number>();
        this.#instruments.set(hi, set);
        set.add(Number(id & 0xffffffffn));
      }
    }
    const subtypes = patterns.every((p) => p.subtype !== undefined);
    this.#subtypes = subtypes
      ? new Set(patterns.map((p) => SUBTYPE_INDEX.get(p.subtype as string) as number))
      : undefined;
    this.#segments = patterns.every((p) => p.segment !== undefined)
      ? new Set(patterns.map((p) => p.segment as string))
      : undefined;
  }

  #wants(segment: string, lo: number, hi: number, subtype: number): boolean {
    if (this.#segments && !this.#segments.has(segment)) return false;
    if (this.#any) return true;
    if (this.#instruments) {
      if (!this.#instruments.get(hi)?.has(lo)) return false;
      if (this.#subtypes && !this.#subtypes.has(subtype)) return false;
      if (this.#subtypes || this.#patterns.length === 1) return true;
    } else if (this.#subtypes) {
      if (!this.#subtypes.has(subtype)) return false;
      if (this.#subtypeOnly) return true;
    }
    const id = (BigInt(hi) << 32n) | BigInt(lo);
    const name = subtypeCases[subtype];
    return this.#patterns.some(
      (p) =>
        (p.segment === undefined || p.segment === segment) &&
        (p.instrument === undefined || BigInt.asUintN(64, p.instrument) === id) &&
        (p.subtype === undefined || p.subtype === name),
    );
  }

  #routeNames(segmentNumber: number, segment: string, lo: number, hi: number, subtype: number): RouteNames {
    let bySubtype = this.#names.get(segmentNumber);
    if (bySubtype === undefined) {
      bySubtype = [];
      this.#names.set(segmentNumber, bySubtype);
    }
    let byHi = bySubtype[subtype];
    if (byHi === undefined) {
      byHi = new Map();
      bySubtype[subtype] = byHi;
    }
    let byLo = byHi.get(hi);
    if (byLo === undefined) {
      byLo = new Map();
      byHi.set(hi, byLo);
    }
    let names = byLo.get(lo);
    if (names === undefined) {
      const id = BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo));
      const tail = `${segment}.${id}.${subtypeCases[subtype]}`;
      names = { subject: `${SUBJECT_ROOT}.${tail}`, msgIdHead: `${tail}.` };
      // Bounded: past this many routes (not a market's worth) a route's names are made again each time.
      if (this.#namesCount < 100_000) {
        byLo.set(lo, names);
        this.#namesCount++;
      }
    }
    return names;
  }

  /**
   * Reads one batch: `gap` is called first when batches of its segment were missed, then `take` for every wanted
   * frame and subject, in the batch's order. A malformed batch throws (nothing of it is handed on).
   */
  read(data: Uint8Array, take: (m: BatchedMessage) => void, gap: () => void, streamSequence = 0): void {
    const c: Cursor = { pos: 0 };
    if (data[0] !== VERSION) throw new RelayError(`batch: version ${data[0]} is not ${VERSION}`, "BAD_BATCH");
    c.pos = 1;
    const segmentNumber = readVarint(data, c);
    const segment = exchangeSegmentByNumber(segmentNumber)?.name ?? String(segmentNumber);
    const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const epoch = readAscii(data, c, text);
    const seq = readVarint(data, c);
    const firstAt = readVarint(data, c);
    const count = readVarint(data, c);
    const out: BatchedMessage[] = [];
    const id = this.#id;
    let skipped = 0;
    for (let i = 0; i < count; i++) {
      const at = firstAt + readVarint(data, c);
      const length = readVarint(data, c);
      const start = c.pos;
      c.pos += length;
      const key = readAscii(data, c, text);
      const fanned = data[c.pos++] === 1;
      const routes = readVarint(data, c);
      if (c.pos > data.length) throw truncated(data.length);
      let frame: Uint8Array | undefined;
      let wanted = false;
      for (let r = 0; r < routes; r++) {
        const subtype = readVarint(data, c);
        readVarint64(data, c, id);
        const n = readVarint(data, c);
        if (!this.#wants(segment, id.lo, id.hi, subtype)) continue;
        wanted = true;
        frame ??= data.subarray(start, start + length);
        const names = this.#routeNames(segmentNumber, segment, id.lo, id.hi, subtype);
        out.push(
          new BatchedMessage(
            frame,
            names.subject,
            epoch,
            n,
            at,
            names.msgIdHead + key,
            fanned ? key : undefined,
            streamSequence,
          ),
        );
      }
      if (!wanted) skipped++;
    }
    this.stats.batches++;
    this.stats.batchFrames += count;
    this.stats.batchFramesSkipped += skipped;
    const last = this.#last.get(segment);
    this.#last.set(segment, { epoch, seq });
    if (last !== undefined && last.epoch === epoch && seq > last.seq + 1) {
      this.stats.batchGaps += seq - last.seq - 1;
      gap();
    }
    for (const m of out) take(m);
  }
}

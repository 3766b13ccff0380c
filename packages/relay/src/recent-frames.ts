// The wire format of a catch-up from the relay's recent frames (recent-window.ts keeps them, recent-ask.ts asks).
// A consumer that lost some seconds of live messages (its server died, a gap in a subject's numbering) asks the active
// relay on RECENT_SUBJECT, over core NATS, for what it published on the consumer's filters since a time; the relay
// answers on the request's reply subject in chunks, the last one flagged. No JetStream is involved, so the answer does
// not wait for a stream or metadata leader to be elected. Web-standard APIs only: consumers run it too.
//
// The request is JSON: {"filters": ["tickwire.md.*.123.>", ...], "fromMs": <relay receive time, epoch ms>}.
// A reply chunk (version 1) is: u8 version; u8 flags (1: the last chunk, 2: an error, its UTF-8 text follows);
// f64 coversAfterMs (every frame the relay published with a receive time after this is in the window); u32 count; per
// frame: subject, position, message id, receive time, frame id (each u16 length and UTF-8; the frame id empty when
// the frame went to one subject), u32 length and the frame's original bytes. Integers are big-endian.

import { RecentFormatError } from "./errors.js";

export const RECENT_SUBJECT = "tickwire.control.recent";
const VERSION = 1;
const LAST = 1;
const ERROR = 2;
const HEAD = 1 + 1 + 8 + 4;
/** At most this many filters in one request: a consumer's filters are one per instrument and subtype. */
export const MAX_RECENT_FILTERS = 10_000;

/** A frame as the relay published it: the headers a consumer reads, and the original bytes. */
export interface RecentFrame {
  subject: string;
  position: string;
  msgId: string;
  received: string;
  frameId: string | undefined;
  data: Uint8Array;
}

export interface RecentRequest {
  filters: string[];
  fromMs: number;
}

export interface RecentChunk {
  last: boolean;
  coversAfterMs: number;
  frames: RecentFrame[];
  /** Set when the relay refused the request (the chunk is then the last). */
  error?: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeRecentRequest(request: RecentRequest): Uint8Array {
  return encoder.encode(JSON.stringify(request));
}

export function parseRecentRequest(data: Uint8Array): RecentRequest {
  let body: { filters?: unknown; fromMs?: unknown };
  try {
    body = JSON.parse(decoder.decode(data));
  } catch {
    throw new RecentFormatError("request", "is not JSON");
  }
  if (body === null || typeof body !== "object") throw new RecentFormatError("request", "is not an object");
  const { filters, fromMs } = body;
  if (!Array.isArray(filters) || filters.length === 0 || filters.length > MAX_RECENT_FILTERS) {
    throw new RecentFormatError("request.filters", `must be a list of 1 to ${MAX_RECENT_FILTERS} subject filters`);
  }
  for (const [i, f] of filters.entries()) {
    if (typeof f !== "string" || f.length === 0 || f.length > 1024) {
      throw new RecentFormatError(`request.filters[${i}]`, "must be a subject filter");
    }
  }
  if (typeof fromMs !== "number" || !Number.isFinite(fromMs)) {
    throw new RecentFormatError("request.fromMs", "must be a finite number (epoch ms)");
  }
  return { filters: filters as string[], fromMs };
}

/** Whether `subject` matches a NATS subject filter (`*` one token, `>` the rest). */
export function subjectMatches(filter: string, subject: string): boolean {
  if (filter === subject) return true;
  let f = 0;
  let s = 0;
  for (;;) {
    const fEnd = filter.indexOf(".", f);
    const sEnd = subject.indexOf(".", s);
    const fToken = filter.slice(f, fEnd < 0 ? undefined : fEnd);
    if (fToken === ">" && fEnd < 0) return s < subject.length;
    const sToken = subject.slice(s, sEnd < 0 ? undefined : sEnd);
    if (fToken !== "*" && fToken !== sToken) return false;
    if (fEnd < 0 || sEnd < 0) return fEnd < 0 && sEnd < 0;
    f = fEnd + 1;
    s = sEnd + 1;
  }
}

function frameSize(strings: Uint8Array[], data: Uint8Array): number {
  return strings.reduce((n, s) => n + 2 + s.length, 0) + 4 + data.length;
}

/**
 * The reply to a request: the frames in chunks of at most `maxChunkBytes` (a frame larger than that goes alone), the
 * last chunk flagged; at least one chunk, empty when nothing matched.
 */
export function encodeRecentReply(frames: Iterable<RecentFrame>, coversAfterMs: number, maxChunkBytes: number) {
  const chunks: Uint8Array[] = [];
  let parts: { strings: Uint8Array[]; data: Uint8Array }[] = [];
  let size = HEAD;
  const flush = (last: boolean) => {
    const out = new Uint8Array(size);
    const view = new DataView(out.buffer);
    out[0] = VERSION;
    out[1] = last ? LAST : 0;
    view.setFloat64(2, coversAfterMs);
    view.setUint32(10, parts.length);
    let at = HEAD;
    for (const { strings, data } of parts) {
      for (const s of strings) {
        view.setUint16(at, s.length);
        out.set(s, at + 2);
        at += 2 + s.length;
      }
      view.setUint32(at, data.length);
      out.set(data, at + 4);
      at += 4 + data.length;
    }
    chunks.push(out);
    parts = [];
    size = HEAD;
  };
  for (const f of frames) {
    const strings = [f.subject, f.position, f.msgId, f.received, f.frameId ?? ""].map((s) => encoder.encode(s));
    for (const s of strings) if (s.length > 0xffff) throw new RecentFormatError("frame", "has a header over 64 KiB");
    const n = frameSize(strings, f.data);
    if (parts.length > 0 && size + n > maxChunkBytes) flush(false);
    parts.push({ strings, data: f.data });
    size += n;
  }
  flush(true);
  return chunks;
}

export function encodeRecentError(message: string): Uint8Array {
  const text = encoder.encode(message);
  const out = new Uint8Array(HEAD + text.length);
  out[0] = VERSION;
  out[1] = LAST | ERROR;
  new DataView(out.buffer).setFloat64(2, Number.NaN);
  out.set(text, HEAD);
  return out;
}

export function decodeRecentChunk(bytes: Uint8Array): RecentChunk {
  if (bytes.length < HEAD) throw new RecentFormatError("reply", `is ${bytes.length} bytes, shorter than its header`);
  if (bytes[0] !== VERSION) throw new RecentFormatError("reply", `has version ${bytes[0]}, not ${VERSION}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flags = bytes[1];
  const coversAfterMs = view.getFloat64(2);
  if (flags & ERROR) {
    return { last: true, coversAfterMs, frames: [], error: decoder.decode(bytes.subarray(HEAD)) };
  }
  const count = view.getUint32(10);
  let at = HEAD;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new RecentFormatError(`reply at byte ${at}`, "is truncated");
  };
  const text = () => {
    need(2);
    const n = view.getUint16(at);
    need(2 + n);
    const s = decoder.decode(bytes.subarray(at + 2, at + 2 + n));
    at += 2 + n;
    return s;
  };
  const frames: RecentFrame[] = [];
  for (let i = 0; i < count; i++) {
    const subject = text();
    const position = text();
    const msgId = text();
    const received = text();
    const frameId = text() || undefined;
    need(4);
    const n = view.getUint32(at);
    need(4 + n);
    frames.push({ subject, position, msgId, received, frameId, data: bytes.slice(at + 4, at + 4 + n) });
    at += 4 + n;
  }
  if (at !== bytes.length) throw new RecentFormatError(`reply at byte ${at}`, `has ${bytes.length - at} extra bytes`);
  return { last: (flags & LAST) !== 0, coversAfterMs, frames };
}

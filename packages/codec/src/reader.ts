// The wire-level primitives, one small function per wire type, in the style of
// mapbox/pbf and protobuf.js's reader: the state lives on one monomorphic Reader
// object, the common case is handled inline, and every error leaves through a
// separate `fail*` function so the hot functions stay small enough to inline.
//
// Bounds: `len` is the end of the current frame, not the end of `buf`. A frame that
// sits inside a larger chunk is decoded in place, so reading up to `buf.length`
// would leak into the next frame. Like protobuf-es, nested messages are checked
// against the frame end only (see README, "Compatibility").
import { DecodeError, type DecodeErrorCode } from "./errors.js";
import type { Pools } from "./gen/messages.js";
import { decodeUtf8Strict } from "./utf8.js";

export const INT64_BIGINT = 0;
export const INT64_STRING = 1;
export const INT64_NUMBER = 2;

/** protobuf-es's recursion limit; group skipping gets `RECURSION_LIMIT - depth` levels. */
export const RECURSION_LIMIT = 100;

const EMPTY = new Uint8Array(0);
const TWO_32 = 4294967296;

// Doubles in small buffers are copied through an 8-byte scratch, as protobuf.js
// does: making a DataView costs about as much as ten such copies, and a TickData
// frame has one double. A buffer of VIEW_MIN_BYTES or more (a 64 KiB chunk of
// frames, an index list of 50) gets a DataView at its first double, made once
// and then read with one load per double instead of eight byte copies.
const VIEW_MIN_BYTES = 2048;
const scratch = new Float64Array(1);
const scratchBytes = new Uint8Array(scratch.buffer);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export class Reader {
  buf: Uint8Array = EMPTY;
  pos = 0;
  /** Exclusive end of the frame being decoded. */
  len = 0;
  /** Where the frame starts in `buf`, and that position's offset in the whole stream. */
  frameStart = 0;
  streamOffset = 0;
  frameIndex = 0;
  int64 = INT64_BIGINT;
  /** The zero value of a 64-bit field in the current `int64` mode. */
  zero64: bigint | string | number = 0n;
  /** Set by the reusing decoder: where recycled message objects come from. */
  pools: Pools | undefined = undefined;
  /** Low and high words of the last 64-bit varint: returned here to avoid allocating a pair. */
  lo = 0;
  hi = 0;
  /** A view over `buf`, made at the first double of a buffer of VIEW_MIN_BYTES or more. */
  view: DataView | undefined = undefined;
  /** The last short ASCII string read from this frame (length -1: none yet). */
  lastStringLength = -1;
  lastStringStart = 0;
  lastString = "";

  setMode(mode: number): void {
    this.int64 = mode;
    this.zero64 = mode === INT64_BIGINT ? 0n : mode === INT64_STRING ? "0" : 0;
  }

  /** Points the reader at `buf[start, end)`. */
  reset(buf: Uint8Array, start: number, end: number, streamOffset: number, frameIndex: number): void {
    if (buf !== this.buf) {
      this.buf = buf;
      this.view = undefined;
    }
    this.lastStringLength = -1;
    this.pos = start;
    this.len = end;
    this.frameStart = start;
    this.streamOffset = streamOffset;
    this.frameIndex = frameIndex;
  }

  /** Drops the buffer so a module-level reader does not keep the caller's bytes alive. */
  release(): void {
    this.buf = EMPTY;
    this.view = undefined;
  }
}

export function fail(r: Reader, code: DecodeErrorCode, detail: string, at: number = r.pos): never {
  throw new DecodeError(code, detail, r.streamOffset + (at - r.frameStart), r.frameIndex);
}

function failTruncated(r: Reader, at: number): never {
  fail(r, "TRUNCATED", "the message ends inside a field", at);
}

/** A 32-bit varint (uint32, int32, enum, lengths), read exactly as protobuf-es does: up to 10 bytes, the high bits dropped. */
export function readVarint32(r: Reader): number {
  const pos = r.pos;
  if (pos < r.len) {
    const b = r.buf[pos];
    // Fast path: most lengths, enums and small counts are one byte.
    if (b < 0x80) {
      r.pos = pos + 1;
      return b;
    }
    // Sizes, times and string lengths above 127 are mostly two bytes.
    if (pos + 1 < r.len) {
      const b1 = r.buf[pos + 1];
      if (b1 < 0x80) {
        r.pos = pos + 2;
        return (b & 0x7f) | (b1 << 7);
      }
    }
  }
  return readVarint32Slow(r);
}

function readVarint32Slow(r: Reader): number {
  const buf = r.buf;
  const len = r.len;
  const start = r.pos;
  let pos = start;
  let result = 0;
  let b = 0;
  for (let shift = 0; shift < 28; shift += 7) {
    if (pos >= len) failTruncated(r, start);
    b = buf[pos++];
    result |= (b & 0x7f) << shift;
    if (b < 0x80) {
      r.pos = pos;
      return result;
    }
  }
  if (pos >= len) failTruncated(r, start);
  b = buf[pos++];
  result |= (b & 0x0f) << 28;
  // Bytes 6 to 10 of an over-long (but valid) varint carry only sign extension.
  for (let read = 5; b >= 0x80; read++) {
    if (read === 10) fail(r, "VARINT_TOO_LONG", "a varint has more than 10 bytes", start);
    if (pos >= len) failTruncated(r, start);
    b = buf[pos++];
  }
  r.pos = pos;
  return result >>> 0;
}

/** A field tag (`fieldNo << 3 | wireType`); at most 5 bytes and 32 bits, as protobuf-es requires. */
export function readTag(r: Reader): number {
  // Callers loop while pos < end <= len, so the first byte is in bounds.
  const buf = r.buf;
  const pos = r.pos;
  const b0 = buf[pos];
  if (b0 < 0x80) {
    r.pos = pos + 1;
    return b0;
  }
  // Fields 16 to 2047 (the subtype oneof 500-506, IndexDataList 401) have two-byte tags.
  if (pos + 1 < r.len) {
    const b1 = buf[pos + 1];
    if (b1 < 0x80) {
      r.pos = pos + 2;
      return (b0 & 0x7f) | (b1 << 7);
    }
  }
  const tag = readVarint32Slow(r);
  const read = r.pos - pos;
  if (read > 5 || (read === 5 && buf[r.pos - 1] > 0x0f)) fail(r, "INVALID_TAG", "a tag overflows 32 bits", pos);
  return tag;
}

/** A 64-bit varint into `r.lo` / `r.hi` (both as signed 32-bit words), exactly as protobuf-es's varint64read. */
export function readVarint64(r: Reader): void {
  const buf = r.buf;
  let pos = r.pos;
  // Fast path: ten bytes are in the frame, so no byte needs its own bounds check.
  // Instrument IDs (~2^50) take 8 bytes; prices' quantities and times 1 to 6.
  if (pos + 10 <= r.len) {
    let b = buf[pos++];
    let lo = b & 0x7f;
    if (b >= 0x80) {
      b = buf[pos++];
      lo |= (b & 0x7f) << 7;
      if (b >= 0x80) {
        b = buf[pos++];
        lo |= (b & 0x7f) << 14;
        if (b >= 0x80) {
          b = buf[pos++];
          lo |= (b & 0x7f) << 21;
          if (b >= 0x80) {
            b = buf[pos++];
            lo |= (b & 0x0f) << 28;
            let hi = (b & 0x70) >> 4;
            if (b >= 0x80) {
              b = buf[pos++];
              hi |= (b & 0x7f) << 3;
              if (b >= 0x80) {
                b = buf[pos++];
                hi |= (b & 0x7f) << 10;
                if (b >= 0x80) {
                  b = buf[pos++];
                  hi |= (b & 0x7f) << 17;
                  if (b >= 0x80) {
                    b = buf[pos++];
                    hi |= (b & 0x7f) << 24;
                    if (b >= 0x80) {
                      b = buf[pos++];
                      hi |= (b & 0x7f) << 31;
                      if (b >= 0x80) fail(r, "VARINT_TOO_LONG", "a varint has more than 10 bytes", r.pos);
                    }
                  }
                }
              }
            }
            r.pos = pos;
            r.lo = lo;
            r.hi = hi;
            return;
          }
        }
      }
    }
    r.pos = pos;
    r.lo = lo;
    r.hi = 0;
    return;
  }
  readVarint64Checked(r);
}

function readVarint64Checked(r: Reader): void {
  const buf = r.buf;
  const len = r.len;
  const start = r.pos;
  let pos = start;
  let lo = 0;
  let hi = 0;
  let b = 0;
  for (let shift = 0; shift < 28; shift += 7) {
    if (pos >= len) failTruncated(r, start);
    b = buf[pos++];
    lo |= (b & 0x7f) << shift;
    if (b < 0x80) {
      r.pos = pos;
      r.lo = lo;
      r.hi = 0;
      return;
    }
  }
  if (pos >= len) failTruncated(r, start);
  b = buf[pos++];
  lo |= (b & 0x0f) << 28;
  hi = (b & 0x70) >> 4;
  if (b >= 0x80) {
    for (let shift = 3; ; shift += 7) {
      if (shift > 31) fail(r, "VARINT_TOO_LONG", "a varint has more than 10 bytes", start);
      if (pos >= len) failTruncated(r, start);
      b = buf[pos++];
      hi |= (b & 0x7f) << shift;
      if (b < 0x80) break;
    }
  }
  r.pos = pos;
  r.lo = lo;
  r.hi = hi;
}

/**
 * The number mode's fast path for both int64 and uint64: a varint of at most 8 bytes
 * whose value is below 2^53 (every non-negative quantity, time and id the feed sends)
 * is summed straight into a double, exactly, with no lo/hi split. Anything else
 * (negative int64s are 10 bytes) returns -1 and takes the general path.
 */
function readSmallVarintNumber(r: Reader): number {
  const buf = r.buf;
  const pos = r.pos;
  if (pos + 8 > r.len) return -1;
  let b = buf[pos];
  if (b < 0x80) {
    r.pos = pos + 1;
    return b;
  }
  let n = b & 0x7f;
  let scale = 128;
  for (let i = 1; i < 8; i++) {
    b = buf[pos + i];
    // Integers are exact in a double below 2^53; a larger sum is refused just below.
    n += (b & 0x7f) * scale;
    if (b < 0x80) {
      if (n >= TWO_53) return -1;
      r.pos = pos + i + 1;
      return n;
    }
    scale *= 128;
  }
  return -1;
}

const TWO_53 = 9007199254740992;

/** uint64 in the reader's int64 mode. */
export function readUint64(r: Reader): bigint {
  if (r.int64 === INT64_NUMBER) {
    const n = readSmallVarintNumber(r);
    if (n >= 0) return n as unknown as bigint;
  }
  readVarint64(r);
  const lo = r.lo >>> 0;
  const hi = r.hi >>> 0;
  // Below 2^53 the double `hi * 2^32 + lo` is exact: no bigint arithmetic needed.
  if (hi <= 0x1fffff) {
    const n = hi * TWO_32 + lo;
    const mode = r.int64;
    // The declared type is the default mode's; the public API types the other modes.
    if (mode === INT64_BIGINT) return BigInt(n);
    return (mode === INT64_NUMBER ? n : String(n)) as unknown as bigint;
  }
  return wideUint64(r, lo, hi);
}

function wideUint64(r: Reader, lo: number, hi: number): bigint {
  if (r.int64 === INT64_NUMBER) {
    fail(
      r,
      "INT64_RANGE",
      `uint64 ${(BigInt(hi) << 32n) | BigInt(lo)} is 2^53 or more; use int64: "bigint" or "string"`,
    );
  }
  const value = (BigInt(hi) << 32n) | BigInt(lo);
  return (r.int64 === INT64_STRING ? value.toString() : value) as bigint;
}

/** int64 in the reader's int64 mode. */
export function readInt64(r: Reader): bigint {
  if (r.int64 === INT64_NUMBER) {
    const n = readSmallVarintNumber(r);
    if (n >= 0) return n as unknown as bigint;
  }
  readVarint64(r);
  const lo = r.lo >>> 0;
  const hi = r.hi | 0;
  // Magnitude below 2^53: the double is exact (hi = -0x200000, lo = 0 is -2^53 itself, excluded).
  if (hi <= 0x1fffff && (hi > -0x200000 || (hi === -0x200000 && lo !== 0))) {
    const n = hi * TWO_32 + lo;
    const mode = r.int64;
    if (mode === INT64_BIGINT) return BigInt(n);
    return (mode === INT64_NUMBER ? n : String(n)) as unknown as bigint;
  }
  return wideInt64(r, lo, hi);
}

function wideInt64(r: Reader, lo: number, hi: number): bigint {
  const value = BigInt.asIntN(64, (BigInt(hi >>> 0) << 32n) | BigInt(lo));
  if (r.int64 === INT64_NUMBER) {
    fail(r, "INT64_RANGE", `int64 ${value} has a magnitude of 2^53 or more; use int64: "bigint" or "string"`);
  }
  return (r.int64 === INT64_STRING ? value.toString() : value) as bigint;
}

export function readInt32(r: Reader): number {
  return readVarint32(r) | 0;
}

export function readUint32(r: Reader): number {
  return readVarint32(r);
}

export function readDouble(r: Reader): number {
  const pos = r.pos;
  if (pos + 8 > r.len) failTruncated(r, pos);
  r.pos = pos + 8;
  const view = r.view;
  if (view !== undefined) return view.getFloat64(pos, true);
  const buf = r.buf;
  if (buf.length >= VIEW_MIN_BYTES) return makeView(r).getFloat64(pos, true);
  loadScratch(buf, pos);
  return scratch[0];
}

/** Copies the little-endian double at `buf[pos]` into the scratch (returning nothing, so nothing is boxed). */
function loadScratch(buf: Uint8Array, pos: number): void {
  if (littleEndian) {
    scratchBytes[0] = buf[pos];
    scratchBytes[1] = buf[pos + 1];
    scratchBytes[2] = buf[pos + 2];
    scratchBytes[3] = buf[pos + 3];
    scratchBytes[4] = buf[pos + 4];
    scratchBytes[5] = buf[pos + 5];
    scratchBytes[6] = buf[pos + 6];
    scratchBytes[7] = buf[pos + 7];
  } else {
    for (let i = 0; i < 8; i++) scratchBytes[7 - i] = buf[pos + i];
  }
}

function makeView(r: Reader): DataView {
  const buf = r.buf;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  r.view = view;
  return view;
}

const SHORT_STRING = 32;
/** One reusable array per short length: String.fromCharCode.apply reads them, so a string allocates only itself. */
const charCodeArrays: number[][] = Array.from({ length: SHORT_STRING + 1 }, (_, n) => new Array<number>(n).fill(0));

// Instrument and index names repeat on every tick of a feed, and building a string
// is the largest single cost of a small frame. Short ASCII strings are therefore
// interned in a two-way set-associative table: a hit costs one hash pass and one byte
// compare and allocates nothing; a miss decodes as usual and takes the slot.
// Bounded: INTERN_SLOTS strings of at most SHORT_STRING bytes (about 130 KiB in
// all), shared by every reader since strings are immutable.
const INTERN_SLOTS = 2048;
const internStrings: string[] = new Array<string>(INTERN_SLOTS).fill("");
const internLengths = new Uint8Array(INTERN_SLOTS);
const SLOT_WORDS = SHORT_STRING / 4;
const internWords = new Int32Array(INTERN_SLOTS * SLOT_WORDS);
/** The words of the name being looked up. */
const nameWords = new Int32Array(SLOT_WORDS);

/** Strict UTF-8, like protobuf-es for proto3 strings; a leading U+FEFF is kept as text. */
export function readString(r: Reader): string {
  const len = readVarint32(r);
  const start = r.pos;
  const end = start + len;
  if (end > r.len) failTruncated(r, start);
  r.pos = end;
  if (len > SHORT_STRING) return decodeOrFail(r, start, end);
  const buf = r.buf;
  // Entries of one incremental update or depth frame mostly name one instrument:
  // the previous short string of the frame is checked first, from its last byte
  // (where option strikes and index numbers differ), before any hashing.
  if (len === r.lastStringLength) {
    const last = r.lastStringStart;
    let k = len - 1;
    while (k >= 0 && buf[start + k] === buf[last + k]) k--;
    if (k < 0) return r.lastString;
  }
  const text = internString(buf, start, end, len);
  if (text !== undefined) {
    r.lastStringLength = len;
    r.lastStringStart = start;
    r.lastString = text;
    return text;
  }
  return decodeOrFail(r, start, end);
}

/** The interned string for the short `buf[start, end)`, or undefined when it is not ASCII. */
function internString(buf: Uint8Array, start: number, end: number, len: number): string | undefined {
  // Every byte is hashed: names that differ in one digit (option strikes) must not
  // share a slot. The bytes are taken four at a time as little-endian words (the
  // tail zero-padded; the length seeds the hash), which serve both the hash and the
  // compare: a hit compares at most 8 words instead of up to 32 bytes.
  const words = nameWords;
  let hash = len;
  let ascii = 0;
  let count = 0;
  let i = start;
  for (; i + 4 <= end; i += 4) {
    const word = buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | (buf[i + 3] << 24);
    words[count++] = word;
    ascii |= word;
    hash = Math.imul(hash ^ word, 0x01000193);
  }
  if (i < end) {
    let word = 0;
    for (let shift = 0; i < end; i++, shift += 8) word |= buf[i] << shift;
    words[count++] = word;
    ascii |= word;
    hash = Math.imul(hash ^ word, 0x01000193);
  }
  if ((ascii & 0x80808080) !== 0) return undefined;
  // murmur3's finaliser: the word-wise FNV above leaves low bits poorly mixed.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  // Two-way: a name lives in its slot or the slot's pair, so two names of one frame that
  // hash alike (50 index names make a collision likely) no longer evict each other.
  const slot = (hash ^ (hash >>> 16)) & (INTERN_SLOTS - 1);
  if (internLengths[slot] === len && sameWords(words, count, slot * SLOT_WORDS)) return internStrings[slot];
  const pair = slot ^ 1;
  if (internLengths[pair] === len && sameWords(words, count, pair * SLOT_WORDS)) return internStrings[pair];
  // A miss: the slot's entry moves to the pair (dropping the pair's), the new name takes the slot.
  const base = slot * SLOT_WORDS;
  internWords.copyWithin(pair * SLOT_WORDS, base, base + SLOT_WORDS);
  internLengths[pair] = internLengths[slot];
  internStrings[pair] = internStrings[slot];
  for (let k = 0; k < count; k++) internWords[base + k] = words[k];
  const codes = charCodeArrays[len];
  for (let k = 0; k < len; k++) codes[k] = buf[start + k];
  const text = String.fromCharCode.apply(String, codes);
  internLengths[slot] = len;
  internStrings[slot] = text;
  return text;
}

function sameWords(words: Int32Array, count: number, base: number): boolean {
  for (let k = 0; k < count; k++) if (internWords[base + k] !== words[k]) return false;
  return true;
}

/**
 * Reuse path: keeps `previous` when the bytes spell it again (the usual case for
 * an instrument name in a reused target), so a steady stream allocates no strings.
 */
export function readStringReusing(r: Reader, previous: string): string {
  const pos = r.pos;
  const len = readVarint32(r);
  const start = r.pos;
  const end = start + len;
  if (end <= r.len) {
    const buf = r.buf;
    // The frame's previous short string first: a byte-to-byte compare, cheaper than charCodeAt.
    if (len === r.lastStringLength) {
      const last = r.lastStringStart;
      let k = len - 1;
      while (k >= 0 && buf[start + k] === buf[last + k]) k--;
      if (k < 0) {
        r.pos = end;
        return r.lastString;
      }
    }
    if (len === previous.length) {
      let i = 0;
      // Only ASCII bytes can equal a char code one for one.
      while (i < len && buf[start + i] < 0x80 && buf[start + i] === previous.charCodeAt(i)) i++;
      if (i === len) {
        r.pos = end;
        if (len <= SHORT_STRING) {
          r.lastStringLength = len;
          r.lastStringStart = start;
          r.lastString = previous;
        }
        return previous;
      }
    }
  }
  r.pos = pos;
  return readString(r);
}

function decodeOrFail(r: Reader, start: number, end: number): string {
  const text = decodeUtf8Strict(r.buf.subarray(start, end));
  if (text === undefined) fail(r, "INVALID_UTF8", "a string field is not valid UTF-8", start);
  return text;
}

/** Reads the length of a nested message and returns its end; the end must lie inside the frame. */
export function readLengthEnd(r: Reader): number {
  const len = readVarint32(r);
  const end = r.pos + len;
  if (end > r.len) failTruncated(r, r.pos);
  return end;
}

/** A known field number arrived with a wire type other than its own: rejected, see README. */
export function failWireType(r: Reader, tag: number): never {
  fail(
    r,
    "INVALID_WIRE_TYPE",
    `field ${tag >>> 3} arrived with wire type ${tag & 7}, not its declared one`,
    tagStart(r, tag),
  );
}

/** Skips an unknown field whose tag was just read, exactly where protobuf-es's skip() would. */
export function skipField(r: Reader, tag: number, depth: number): void {
  const fieldNo = tag >>> 3;
  if (fieldNo === 0) fail(r, "INVALID_TAG", "field number 0", tagStart(r, tag));
  skipValue(r, tag & 7, fieldNo, RECURSION_LIMIT - depth);
}

/** Where the tag just read began (exact unless the tag was an over-long varint). */
function tagStart(r: Reader, tag: number): number {
  let size = 1;
  for (let rest = tag >>> 7; rest !== 0; rest >>>= 7) size++;
  return r.pos - size;
}

function skipValue(r: Reader, wireType: number, fieldNo: number, budget: number): void {
  const start = r.pos;
  switch (wireType) {
    case 0: {
      // protobuf-es skips unknown varints of any length; so do we.
      const buf = r.buf;
      const len = r.len;
      let pos = start;
      for (;;) {
        if (pos >= len) failTruncated(r, start);
        if (buf[pos++] < 0x80) break;
      }
      r.pos = pos;
      return;
    }
    case 1:
      if (start + 8 > r.len) failTruncated(r, start);
      r.pos = start + 8;
      return;
    case 2: {
      const len = readVarint32(r);
      if (r.pos + len > r.len) failTruncated(r, start);
      r.pos += len;
      return;
    }
    case 3:
      skipGroup(r, fieldNo, budget);
      return;
    case 5:
      if (start + 4 > r.len) failTruncated(r, start);
      r.pos = start + 4;
      return;
    default:
      fail(r, "INVALID_WIRE_TYPE", `wire type ${wireType} cannot start field ${fieldNo}`, start);
  }
}

function skipGroup(r: Reader, fieldNo: number, budget: number): void {
  if (budget <= 0) fail(r, "NESTING_TOO_DEEP", "groups nested beyond the recursion limit");
  for (;;) {
    const start = r.pos;
    if (start >= r.len) failTruncated(r, start);
    const tag = readTag(r);
    const innerField = tag >>> 3;
    const wireType = tag & 7;
    if (innerField === 0) fail(r, "INVALID_TAG", "field number 0", start);
    if (wireType > 5) fail(r, "INVALID_WIRE_TYPE", `wire type ${wireType}`, start);
    if (wireType === 4) {
      if (innerField !== fieldNo) fail(r, "INVALID_GROUP", `group ${fieldNo} closed by end tag ${innerField}`, start);
      return;
    }
    skipValue(r, wireType, innerField, budget - 1);
  }
}

// The view path's readers store into a Float64Array slot instead of returning. A
// number returned from a call the JIT did not inline leaves as a heap box (16 bytes)
// unless it fits a small integer; stored straight into a typed array it never is.

/** A double into `out[at]`, copied through the scratch: no DataView is made, so nothing is allocated. */
export function readDoubleTo(r: Reader, out: Float64Array, at: number): void {
  const pos = r.pos;
  if (pos + 8 > r.len) failTruncated(r, pos);
  r.pos = pos + 8;
  const buf = r.buf;
  loadScratch(buf, pos);
  out[at] = scratch[0];
}

/** A uint64 into `out[at]`: exact below 2^53, INT64_RANGE above (the reader is in number mode). */
export function readUint64To(r: Reader, out: Float64Array, at: number): void {
  if (storeSmallVarint(r, out, at)) return;
  readVarint64(r);
  const lo = r.lo >>> 0;
  const hi = r.hi >>> 0;
  if (hi > 0x1fffff) wideUint64(r, lo, hi);
  out[at] = hi * TWO_32 + lo;
}

/** An int64 into `out[at]`: exact for magnitudes below 2^53, INT64_RANGE otherwise. */
export function readInt64To(r: Reader, out: Float64Array, at: number): void {
  if (storeSmallVarint(r, out, at)) return;
  readVarint64(r);
  const lo = r.lo >>> 0;
  const hi = r.hi | 0;
  if (!(hi <= 0x1fffff && (hi > -0x200000 || (hi === -0x200000 && lo !== 0)))) wideInt64(r, lo, hi);
  out[at] = hi * TWO_32 + lo;
}

export function readInt32To(r: Reader, out: Float64Array, at: number): void {
  out[at] = readVarint32(r) | 0;
}

export function readUint32To(r: Reader, out: Float64Array, at: number): void {
  out[at] = readVarint32(r);
}

/** readSmallVarintNumber, storing into `out[at]`; false (nothing read) when the general path is needed. */
function storeSmallVarint(r: Reader, out: Float64Array, at: number): boolean {
  const buf = r.buf;
  const pos = r.pos;
  if (pos + 8 > r.len) return false;
  let n = 0;
  let scale = 1;
  for (let i = 0; i < 8; i++) {
    const b = buf[pos + i];
    n += (b & 0x7f) * scale;
    if (b < 0x80) {
      if (n >= TWO_53) return false;
      r.pos = pos + i + 1;
      out[at] = n;
      return true;
    }
    scale *= 128;
  }
  return false;
}

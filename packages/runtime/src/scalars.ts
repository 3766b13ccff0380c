// One reader per scalar type that is not a varint of 32 bits: 64-bit integers in the
// reader's int64 mode, zigzag, fixed-width, floating point, bool and bytes.
import { bigIntOfWords, bigUintOfWords, LITTLE_ENDIAN } from "./int64-words.js";
import {
  FRAME_COPY_BYTES,
  fail,
  failTruncated,
  frameCopy,
  frameCopyView,
  INT64_BIGINT,
  INT64_NUMBER,
  INT64_STRING,
  type Reader,
} from "./reader.js";
import { readSmallVarintNumber, readVarint32, readVarint64 } from "./varint.js";

const TWO_32 = 4294967296;

// Doubles in a buffer under SCRATCH_MAX_BYTES are copied through an 8-byte scratch, as
// protobuf.js reads them (about 6 ns a double): such a frame holds a few at most (a 57-byte
// tick one). From there on, a frame's doubles are read through a view, inline by the generated
// code with one load per double: a buffer of up to FRAME_COPY_BYTES is copied at its first
// double into the reader module's `frameCopy`, over which one DataView lives for the process
// (copying 807 bytes took 10-15 ns where making a DataView took 50-75 ns); a larger buffer (a
// 64 KiB chunk of frames) gets a DataView of its own. The figures: the bench README, "Why the
// runtime's code has the shape it has".
const SCRATCH_MAX_BYTES = 128;
export const scratch = new Float64Array(1);
const scratchBytes = new Uint8Array(scratch.buffer);

/** uint64 in the reader's int64 mode. */
export function readUint64(r: Reader): bigint {
  const mode = r.int64;
  if (mode === INT64_NUMBER) {
    const n = readSmallVarintNumber(r);
    if (n >= 0) return n as unknown as bigint;
  }
  readVarint64(r);
  if (mode === INT64_BIGINT) return bigUintOfWords(r.lo, r.hi);
  return uint64FromWords(r, r.lo, r.hi);
}

export function wideUint64(r: Reader, lo: number, hi: number): bigint {
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
  const mode = r.int64;
  if (mode === INT64_NUMBER) {
    const n = readSmallVarintNumber(r);
    if (n >= 0) return n as unknown as bigint;
  }
  readVarint64(r);
  if (mode === INT64_BIGINT) return bigIntOfWords(r.lo, r.hi);
  return int64FromWords(r, r.lo, r.hi);
}

export function wideInt64(r: Reader, lo: number, hi: number): bigint {
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
  if (buf.length >= SCRATCH_MAX_BYTES) return makeView(r).getFloat64(pos, true);
  loadScratch(buf, pos);
  return scratch[0];
}

/** Copies the little-endian double at `buf[pos]` into the scratch (returning nothing, so nothing is boxed). */
export function loadScratch(buf: Uint8Array, pos: number): void {
  if (LITTLE_ENDIAN) {
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

/** The reader's view of its buffer: over a copy of it in `frameCopy` when it is small, else a DataView of its own. */
export function makeView(r: Reader): DataView {
  const buf = r.buf;
  if (buf.length <= FRAME_COPY_BYTES) {
    frameCopy.set(buf);
    r.view = frameCopyView;
    return frameCopyView;
  }
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  r.view = view;
  return view;
}

/** The uint64 in words `lo`, `hi` (as read) in the reader's int64 mode. */
function uint64FromWords(r: Reader, lo: number, hi: number): bigint {
  const mode = r.int64;
  if (mode === INT64_BIGINT) return bigUintOfWords(lo, hi);
  lo >>>= 0;
  hi >>>= 0;
  // Below 2^53 the double `hi * 2^32 + lo` is exact: no bigint arithmetic needed.
  if (hi <= 0x1fffff) {
    const n = hi * TWO_32 + lo;
    // The declared type is the default mode's; the public API types the other modes.
    return (mode === INT64_NUMBER ? n : String(n)) as unknown as bigint;
  }
  return wideUint64(r, lo, hi);
}

/** The int64 in words `lo`, `hi` (two's complement) in the reader's int64 mode. */
function int64FromWords(r: Reader, lo: number, hi: number): bigint {
  const mode = r.int64;
  if (mode === INT64_BIGINT) return bigIntOfWords(lo, hi);
  lo >>>= 0;
  hi |= 0;
  // Magnitude below 2^53: the double is exact (hi = -0x200000, lo = 0 is -2^53 itself, excluded).
  if (hi <= 0x1fffff && (hi > -0x200000 || (hi === -0x200000 && lo !== 0))) {
    const n = hi * TWO_32 + lo;
    return (mode === INT64_NUMBER ? n : String(n)) as unknown as bigint;
  }
  return wideInt64(r, lo, hi);
}

/** sint32: a zigzag varint (0, -1, 1, -2 ... as 0, 1, 2, 3 ...). */
export function readSint32(r: Reader): number {
  const zigzag = readVarint32(r);
  return (zigzag >>> 1) ^ -(zigzag & 1);
}

/** sint64: a zigzag 64-bit varint, in the reader's int64 mode. */
export function readSint64(r: Reader): bigint {
  readVarint64(r);
  const lo = r.lo;
  const hi = r.hi;
  const sign = -(lo & 1);
  return int64FromWords(r, ((lo >>> 1) | ((hi & 1) << 31)) ^ sign, (hi >>> 1) ^ sign);
}

/** Four little-endian bytes as a signed 32-bit word (the frame bound checked first). */
function readWord(r: Reader): number {
  const pos = r.pos;
  if (pos + 4 > r.len) failTruncated(r, pos);
  r.pos = pos + 4;
  const buf = r.buf;
  return buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24);
}

export function readFixed32(r: Reader): number {
  return readWord(r) >>> 0;
}

export function readSfixed32(r: Reader): number {
  return readWord(r);
}

export function readFixed64(r: Reader): bigint {
  const pos = r.pos;
  if (pos + 8 > r.len) failTruncated(r, pos);
  const lo = readWord(r);
  return uint64FromWords(r, lo, readWord(r));
}

export function readSfixed64(r: Reader): bigint {
  const pos = r.pos;
  if (pos + 8 > r.len) failTruncated(r, pos);
  const lo = readWord(r);
  return int64FromWords(r, lo, readWord(r));
}

const floatScratch = new Float32Array(1);
const floatScratchWord = new Int32Array(floatScratch.buffer);

/** float: the 32-bit value widened to a double, as DataView.getFloat32 gives it (NaN payloads aside). */
export function readFloat(r: Reader): number {
  // The word is assembled little-endian above, so one Int32Array store works on any platform.
  floatScratchWord[0] = readWord(r);
  return floatScratch[0];
}

/** bool: any non-zero varint of up to 10 bytes is true, as protobuf-es reads it. */
export function readBool(r: Reader): boolean {
  const pos = r.pos;
  // Fast path: a bool is almost always the single byte 0 or 1.
  if (pos < r.len && r.buf[pos] < 0x80) {
    r.pos = pos + 1;
    return r.buf[pos] !== 0;
  }
  readVarint64(r);
  return r.lo !== 0 || r.hi !== 0;
}

/**
 * The zero of every bytes field, shared as protobuf-es's create() shares its zero per
 * field: `new Uint8Array(0)` costs about as much as decoding a whole small message
 * (V8 takes a slow path for an empty buffer), and an empty array has no bytes to change.
 */
export const EMPTY_BYTES = new Uint8Array(0);

/** bytes: a copy when the reader's buffer may be reused (frame decoders), else a view into it (decodeX, as protobuf-es). */
export function readBytes(r: Reader): Uint8Array {
  const len = readVarint32(r);
  const start = r.pos;
  const end = start + len;
  if (end > r.len) failTruncated(r, start);
  r.pos = end;
  if (len === 0) return EMPTY_BYTES;
  return r.copyBytes ? r.buf.slice(start, end) : r.buf.subarray(start, end);
}

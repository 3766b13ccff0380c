// The encoder's primitives. Output is byte-identical to protobuf-es's toBinary:
// fields in number order, negative int32 as 10-byte varints, NaN as setFloat64
// writes it, strings through TextEncoder (so lone surrogates become U+FFFD).
import { EncodeError } from "./errors.js";
import { high, low, splitSigned, splitUnsigned } from "./int64-words.js";
import { encodeUtf8Into } from "./utf8.js";

export class Writer {
  buf = new Uint8Array(256);
  view = new DataView(this.buf.buffer);
  pos = 0;
}

function grow(w: Writer, need: number): void {
  let size = w.buf.length * 2;
  while (size < w.pos + need) size *= 2;
  const next = new Uint8Array(size);
  next.set(w.buf.subarray(0, w.pos));
  w.buf = next;
  w.view = new DataView(next.buffer);
}

export function ensure(w: Writer, need: number): void {
  if (w.pos + need > w.buf.length) grow(w, need);
}

export function writeByte(w: Writer, b: number): void {
  ensure(w, 1);
  w.buf[w.pos++] = b;
}

export function writeTwoBytes(w: Writer, b0: number, b1: number): void {
  ensure(w, 2);
  w.buf[w.pos++] = b0;
  w.buf[w.pos++] = b1;
}

export function writeVarint32(w: Writer, value: number): void {
  ensure(w, 5);
  w.pos = putVarint32(w.buf, w.pos, value);
}

/** A varint below 2^32 at `pos` of `buf`; returns the position after it. */
export function putVarint32(buf: Uint8Array, pos: number, value: number): number {
  while (value > 0x7f) {
    buf[pos++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  buf[pos++] = value;
  return pos;
}

/** A 64-bit varint from its two 32-bit words; returns the position after it. */
export function putVarint64(buf: Uint8Array, pos: number, lo: number, hi: number): number {
  lo >>>= 0;
  hi >>>= 0;
  while (hi !== 0 || lo > 0x7f) {
    buf[pos++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi >>>= 7;
  }
  buf[pos++] = lo;
  return pos;
}

function varint32Size(value: number): number {
  let size = 1;
  while (value > 0x7f) {
    value >>>= 7;
    size++;
  }
  return size;
}

export function writeVarint64(w: Writer, lo: number, hi: number): void {
  ensure(w, 10);
  w.pos = putVarint64(w.buf, w.pos, lo, hi);
}

export function failMessage(expected: string, actual: unknown): never {
  throw new EncodeError("INVALID_MESSAGE", expected, `expected a ${expected}, got $typeName ${String(actual)}`);
}

export function invalid(field: string, value: unknown, type: string): never {
  const shown =
    typeof value === "bigint" ? `${value}n` : typeof value === "string" ? JSON.stringify(value) : String(value);
  throw new EncodeError("INVALID_VALUE", field, `${shown} is not a valid ${type}`);
}

export function writeInt32(w: Writer, value: number, field: string): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
    invalid(field, value, "int32");
  }
  if (value >= 0) {
    writeVarint32(w, value);
    return;
  }
  // Sign-extended to 64 bits: always 10 bytes.
  writeVarint64(w, value, -1);
}

export function writeUint32(w: Writer, value: number, field: string): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    invalid(field, value, "uint32");
  }
  writeVarint32(w, value);
}

export function writeUint64(w: Writer, value: bigint, field: string): void {
  if (!splitUnsigned(value)) invalid(field, value, "uint64");
  writeVarint64(w, low(), high());
}

export function writeInt64(w: Writer, value: bigint, field: string): void {
  if (!splitSigned(value)) invalid(field, value, "int64");
  writeVarint64(w, low(), high());
}

export function writeDouble(w: Writer, value: number, field: string): void {
  if (typeof value !== "number") invalid(field, value, "double");
  ensure(w, 8);
  w.view.setFloat64(w.pos, value, true);
  w.pos += 8;
}

export function writeString(w: Writer, value: string, field: string): void {
  if (typeof value !== "string") invalid(field, value, "string");
  // At most 3 bytes per UTF-16 unit, plus a 5-byte length prefix.
  ensure(w, value.length * 3 + 5);
  w.pos = putString(w.buf, w.pos, value);
}

/**
 * A string's length prefix and UTF-8 at `pos` of `buf`, which has room for 3 bytes per
 * UTF-16 unit plus 5; returns the position after it. The ASCII path is kept small so the
 * optimizing compiler inlines it into its callers; the rest is out of line.
 */
export function putString(buf: Uint8Array, pos: number, value: string): number {
  const len = value.length;
  if (len >= 0x80) return putLongString(buf, pos, value);
  // Short strings in JS: TextEncoder's per-call cost is larger than the encoding itself.
  const start = pos + 1;
  for (let i = 0; i < len; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x80) return putShortNonAscii(buf, pos, value, i);
    buf[start + i] = c;
  }
  buf[pos] = len;
  return start + len;
}

/** A string of under 128 UTF-16 units whose unit `from` is the first non-ASCII one (the units before it are written). */
function putShortNonAscii(buf: Uint8Array, pos: number, value: string, from: number): number {
  const start = pos + 1;
  const end = encodeUtf8Short(value, from, buf, start + from);
  const written = end - start;
  if (written < 0x80) {
    buf[pos] = written;
    return end;
  }
  // At most 381 bytes: the length takes two bytes, so the text moves up by one.
  buf.copyWithin(start + 1, start, end);
  buf[pos] = (written & 0x7f) | 0x80;
  buf[pos + 1] = written >>> 7;
  return end + 1;
}

/** A string of 128 UTF-16 units or more, through TextEncoder. */
function putLongString(buf: Uint8Array, pos: number, value: string): number {
  // Guess the prefix size from the UTF-16 length, then move the bytes if the guess was short.
  const guess = varint32Size(value.length);
  const written = encodeUtf8Into(value, buf.subarray(pos + guess));
  const size = varint32Size(written);
  if (size !== guess) buf.copyWithin(pos + size, pos + guess, pos + guess + written);
  return putVarint32(buf, pos, written) + written;
}

/** UTF-8 of `text` from unit `from`, as TextEncoder writes it (a lone surrogate becomes U+FFFD), into `buf` at `pos`; returns the end. */
function encodeUtf8Short(text: string, from: number, buf: Uint8Array, pos: number): number {
  const len = text.length;
  for (let i = from; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      buf[pos++] = c;
    } else if (c < 0x800) {
      buf[pos++] = 0xc0 | (c >> 6);
      buf[pos++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      buf[pos++] = 0xe0 | (c >> 12);
      buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
      buf[pos++] = 0x80 | (c & 0x3f);
    } else {
      const next = i + 1 < len ? text.charCodeAt(i + 1) : 0;
      if (c < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) {
        const point = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        buf[pos++] = 0xf0 | (point >> 18);
        buf[pos++] = 0x80 | ((point >> 12) & 0x3f);
        buf[pos++] = 0x80 | ((point >> 6) & 0x3f);
        buf[pos++] = 0x80 | (point & 0x3f);
        i++;
      } else {
        buf[pos++] = 0xef;
        buf[pos++] = 0xbf;
        buf[pos++] = 0xbd;
      }
    }
  }
  return pos;
}

/** Reserves one byte for a nested message's length; `join` widens it if the message is 128 bytes or more. */
export function fork(w: Writer): number {
  ensure(w, 1);
  return w.pos++;
}

export function join(w: Writer, at: number): void {
  const len = w.pos - at - 1;
  if (len < 0x80) {
    w.buf[at] = len;
    return;
  }
  const size = varint32Size(len);
  ensure(w, size - 1);
  w.buf.copyWithin(at + size, at + 1, w.pos);
  const end = w.pos + size - 1;
  w.pos = at;
  writeVarint32(w, len);
  w.pos = end;
}

export function writeSint32(w: Writer, value: number, field: string): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
    invalid(field, value, "sint32");
  }
  writeVarint32(w, ((value << 1) ^ (value >> 31)) >>> 0);
}

export function writeSint64(w: Writer, value: bigint, field: string): void {
  if (!splitSigned(value)) invalid(field, value, "sint64");
  writeVarint64(w, zigzagLow(), zigzagHigh());
}

/** ZigZag of the last split value, on its words: (n << 1) ^ (n >> 63). */
export const zigzagLow = (): number => (low() << 1) ^ (high() >> 31);
export const zigzagHigh = (): number => ((high() << 1) | (low() >>> 31)) ^ (high() >> 31);

/** A 32-bit word at `pos` of `buf`, little-endian (a negative word is its two's complement). */
export function putWord(buf: Uint8Array, pos: number, word: number): void {
  buf[pos] = word;
  buf[pos + 1] = word >>> 8;
  buf[pos + 2] = word >>> 16;
  buf[pos + 3] = word >>> 24;
}

function writeWord(w: Writer, word: number): void {
  ensure(w, 4);
  putWord(w.buf, w.pos, word);
  w.pos += 4;
}

/** A 64-bit value as its low then high 32-bit word. */
function writeWords(w: Writer, lo: number, hi: number): void {
  ensure(w, 8);
  putWord(w.buf, w.pos, lo);
  putWord(w.buf, w.pos + 4, hi);
  w.pos += 8;
}

export function writeFixed32(w: Writer, value: number, field: string): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    invalid(field, value, "fixed32");
  }
  writeWord(w, value);
}

export function writeSfixed32(w: Writer, value: number, field: string): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
    invalid(field, value, "sfixed32");
  }
  writeWord(w, value);
}

export function writeFixed64(w: Writer, value: bigint, field: string): void {
  if (!splitUnsigned(value)) invalid(field, value, "fixed64");
  writeWords(w, low(), high());
}

export function writeSfixed64(w: Writer, value: bigint, field: string): void {
  if (!splitSigned(value)) invalid(field, value, "sfixed64");
  writeWords(w, low(), high());
}

export const FLOAT32_MAX = 3.4028234663852886e38;

/** float: finite values beyond float's range are refused, as protobuf-es refuses them; NaN and infinities pass. */
export function writeFloat(w: Writer, value: number, field: string): void {
  if (typeof value !== "number" || (Number.isFinite(value) && Math.abs(value) > FLOAT32_MAX)) {
    invalid(field, value, "float");
  }
  ensure(w, 4);
  w.view.setFloat32(w.pos, value, true);
  w.pos += 4;
}

export function writeBool(w: Writer, value: boolean, field: string): void {
  if (typeof value !== "boolean") invalid(field, value, "bool");
  writeByte(w, value ? 1 : 0);
}

export function writeBytes(w: Writer, value: Uint8Array, field: string): void {
  if (!(value instanceof Uint8Array)) invalid(field, value, "bytes");
  writeVarint32(w, value.length);
  copyIn(w, value);
}

/** The bytes of an unknown field as decoded (`$unknown`): its tag, then its value's bytes unchanged. */
export function writeUnknown(w: Writer, fieldNo: number, wireType: number, data: Uint8Array): void {
  writeVarint32(w, ((fieldNo << 3) | wireType) >>> 0);
  copyIn(w, data);
}

/** Below this many bytes a plain loop beats TypedArray.set, whose fixed cost is large. */
const SET_THRESHOLD = 48;

function copyIn(w: Writer, data: Uint8Array): void {
  const len = data.length;
  ensure(w, len);
  const buf = w.buf;
  const pos = w.pos;
  if (len < SET_THRESHOLD) for (let i = 0; i < len; i++) buf[pos + i] = data[i];
  else buf.set(data, pos);
  w.pos = pos + len;
}

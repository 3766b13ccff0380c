// The encoder's primitives. Output is byte-identical to protobuf-es's toBinary:
// fields in number order, negative int32 as 10-byte varints, NaN as setFloat64
// writes it, strings through TextEncoder (so lone surrogates become U+FFFD).
import { EncodeError } from "../errors.js";
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

function ensure(w: Writer, need: number): void {
  if (w.pos + need > w.buf.length) grow(w, need);
}

export function writeByte(w: Writer, b: number): void {
  ensure(w, 1);
  w.buf[w.pos++] = b;
}

export function writeBytes2(w: Writer, b0: number, b1: number): void {
  ensure(w, 2);
  w.buf[w.pos++] = b0;
  w.buf[w.pos++] = b1;
}

export function writeVarint32(w: Writer, value: number): void {
  ensure(w, 5);
  const buf = w.buf;
  while (value > 0x7f) {
    buf[w.pos++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  buf[w.pos++] = value;
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
  const buf = w.buf;
  lo >>>= 0;
  hi >>>= 0;
  while (hi !== 0 || lo > 0x7f) {
    buf[w.pos++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi >>>= 7;
  }
  buf[w.pos++] = lo;
}

export function failMessage(expected: string, actual: unknown): never {
  throw new EncodeError("INVALID_MESSAGE", expected, `expected a ${expected}, got $typeName ${String(actual)}`);
}

function invalid(field: string, value: unknown, type: string): never {
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

const TWO_32 = 4294967296;
const UINT64_MAX = (1n << 64n) - 1n;
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** Accepts what every decode mode produces: bigint, an exact integer number, or a decimal string. */
function toBigInt(value: unknown, field: string, type: string): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "string" && /^-?[0-9]+$/.test(value)) return BigInt(value);
  invalid(field, value, type);
}

const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);
const SAFE_MIN = -SAFE_MAX;

export function writeUint64(w: Writer, value: bigint, field: string): void {
  // Fast paths: a number-mode value, or a bigint below 2^53 (one Number() instead of
  // two bigint operations that each allocate), needs no bigint arithmetic.
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
    writeVarint64(w, value % TWO_32, Math.floor(value / TWO_32));
    return;
  }
  if (typeof value === "bigint" && value >= 0n && value <= SAFE_MAX) {
    const n = Number(value);
    writeVarint64(w, n % TWO_32, Math.floor(n / TWO_32));
    return;
  }
  const big = toBigInt(value, field, "uint64");
  if (big < 0n || big > UINT64_MAX) invalid(field, value, "uint64");
  writeVarint64(w, Number(big & 0xffffffffn), Number(big >> 32n));
}

export function writeInt64(w: Writer, value: bigint, field: string): void {
  // Magnitude below 2^53: the words of the two's complement come from the double (hi negative for a negative value).
  if (
    (typeof value === "bigint" && value >= SAFE_MIN && value <= SAFE_MAX) ||
    (typeof value === "number" && Number.isSafeInteger(value))
  ) {
    const n = Number(value);
    const hi = Math.floor(n / TWO_32);
    writeVarint64(w, n - hi * TWO_32, hi);
    return;
  }
  const big = toBigInt(value, field, "int64");
  if (big < INT64_MIN || big > INT64_MAX) invalid(field, value, "int64");
  const bits = BigInt.asUintN(64, big);
  writeVarint64(w, Number(bits & 0xffffffffn), Number(bits >> 32n));
}

export function writeDouble(w: Writer, value: number, field: string): void {
  if (typeof value !== "number") invalid(field, value, "double");
  ensure(w, 8);
  w.view.setFloat64(w.pos, value, true);
  w.pos += 8;
}

export function writeString(w: Writer, value: string, field: string): void {
  if (typeof value !== "string") invalid(field, value, "string");
  const len = value.length;
  // At most 3 bytes per UTF-16 unit, plus a 5-byte length prefix.
  ensure(w, len * 3 + 5);
  const buf = w.buf;
  if (len < 0x80) {
    let i = 0;
    const start = w.pos + 1;
    for (; i < len; i++) {
      const c = value.charCodeAt(i);
      if (c > 0x7f) break;
      buf[start + i] = c;
    }
    if (i === len) {
      buf[w.pos] = len;
      w.pos = start + len;
      return;
    }
  }
  // Guess the prefix size from the UTF-16 length, then move the bytes if the guess was short.
  const guess = varint32Size(len);
  const written = encodeUtf8Into(value, buf.subarray(w.pos + guess));
  const size = varint32Size(written);
  if (size !== guess) buf.copyWithin(w.pos + size, w.pos + guess, w.pos + guess + written);
  writeVarint32(w, written);
  w.pos += written;
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
  const big = toBigInt(value, field, "sint64");
  if (big < INT64_MIN || big > INT64_MAX) invalid(field, value, "sint64");
  const bits = BigInt.asUintN(64, (big << 1n) ^ (big >> 63n));
  writeVarint64(w, Number(bits & 0xffffffffn), Number(bits >> 32n));
}

function writeWord(w: Writer, word: number): void {
  ensure(w, 4);
  const buf = w.buf;
  const pos = w.pos;
  buf[pos] = word;
  buf[pos + 1] = word >>> 8;
  buf[pos + 2] = word >>> 16;
  buf[pos + 3] = word >>> 24;
  w.pos = pos + 4;
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
  const big = toBigInt(value, field, "fixed64");
  if (big < 0n || big > UINT64_MAX) invalid(field, value, "fixed64");
  writeWord(w, Number(big & 0xffffffffn));
  writeWord(w, Number(big >> 32n));
}

export function writeSfixed64(w: Writer, value: bigint, field: string): void {
  const big = toBigInt(value, field, "sfixed64");
  if (big < INT64_MIN || big > INT64_MAX) invalid(field, value, "sfixed64");
  const bits = BigInt.asUintN(64, big);
  writeWord(w, Number(bits & 0xffffffffn));
  writeWord(w, Number(bits >> 32n));
}

const FLOAT32_MAX = 3.4028234663852886e38;

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
  ensure(w, value.length);
  w.buf.set(value, w.pos);
  w.pos += value.length;
}

/** The bytes of an unknown field as decoded (`$unknown`): its tag, then its value's bytes unchanged. */
export function writeUnknown(w: Writer, fieldNo: number, wireType: number, data: Uint8Array): void {
  writeVarint32(w, ((fieldNo << 3) | wireType) >>> 0);
  ensure(w, data.length);
  w.buf.set(data, w.pos);
  w.pos += data.length;
}

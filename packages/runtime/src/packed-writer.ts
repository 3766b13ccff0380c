// Packed repeated runs (the generated encoder has written the tag). Fixed-width types
// know their length up front (count × width), so the run is written straight after
// it; varint types reserve the length with fork/join. Every item is still checked.
//
// Double and float loops are functions of their own that return the end position, with
// nothing after the loop: a long run is compiled on-stack mid-loop (OSR) on its first
// call, before any code after the loop has run, and a property store there (`w.pos =
// pos`) had no type feedback, so Node 24 bailed out of the compiled loop at its end on
// every later call. The others keep their loop inline: split out, the varint loops lost
// their per-type specialisation. The measurements: the bench README, "Why the runtime's code has the shape it has".
import { high, low, splitSigned, splitUnsigned } from "./int64-words.js";
import {
  ensure,
  FLOAT32_MAX,
  fork,
  invalid,
  join,
  putVarint32,
  putVarint64,
  putWord,
  type Writer,
  writeVarint32,
  zigzagHigh,
  zigzagLow,
} from "./writer.js";

/** The run's length prefix, then room for all of it: one bounds check for the whole run. */
function startFixed(w: Writer, count: number, width: number): void {
  writeVarint32(w, count * width);
  ensure(w, count * width);
}

export function writePackedDouble(w: Writer, list: readonly number[], field: string): void {
  startFixed(w, list.length, 8);
  w.pos = putDoubles(w.view, w.pos, list, field);
}

function putDoubles(view: DataView, pos: number, list: readonly number[], field: string): number {
  for (let i = 0; i < list.length; i++) {
    const value = list[i];
    if (typeof value !== "number") invalid(field, value, "double");
    view.setFloat64(pos, value, true);
    pos += 8;
  }
  return pos;
}

export function writePackedFloat(w: Writer, list: readonly number[], field: string): void {
  startFixed(w, list.length, 4);
  w.pos = putFloats(w.view, w.pos, list, field);
}

function putFloats(view: DataView, pos: number, list: readonly number[], field: string): number {
  for (let i = 0; i < list.length; i++) {
    const value = list[i];
    if (typeof value !== "number" || (Number.isFinite(value) && Math.abs(value) > FLOAT32_MAX)) {
      invalid(field, value, "float");
    }
    view.setFloat32(pos, value, true);
    pos += 4;
  }
  return pos;
}

function writePacked32(
  w: Writer,
  list: readonly number[],
  field: string,
  min: number,
  max: number,
  type: string,
): void {
  const count = list.length;
  startFixed(w, count, 4);
  const buf = w.buf;
  let pos = w.pos;
  for (let i = 0; i < count; i++) {
    const value = list[i];
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      invalid(field, value, type);
    }
    putWord(buf, pos, value);
    pos += 4;
  }
  w.pos = pos;
}

export function writePackedFixed32(w: Writer, list: readonly number[], field: string): void {
  writePacked32(w, list, field, 0, 0xffffffff, "fixed32");
}

export function writePackedSfixed32(w: Writer, list: readonly number[], field: string): void {
  writePacked32(w, list, field, -0x80000000, 0x7fffffff, "sfixed32");
}

function writePackedWords(w: Writer, list: readonly bigint[], field: string, signed: boolean, type: string): void {
  const count = list.length;
  startFixed(w, count, 8);
  const buf = w.buf;
  let pos = w.pos;
  for (let i = 0; i < count; i++) {
    const value = list[i];
    if (!(signed ? splitSigned(value) : splitUnsigned(value))) invalid(field, value, type);
    putWord(buf, pos, low());
    putWord(buf, pos + 4, high());
    pos += 8;
  }
  w.pos = pos;
}

export function writePackedFixed64(w: Writer, list: readonly bigint[], field: string): void {
  writePackedWords(w, list, field, false, "fixed64");
}

export function writePackedSfixed64(w: Writer, list: readonly bigint[], field: string): void {
  writePackedWords(w, list, field, true, "sfixed64");
}

export function writePackedBool(w: Writer, list: readonly boolean[], field: string): void {
  const count = list.length;
  startFixed(w, count, 1);
  const buf = w.buf;
  let pos = w.pos;
  for (let i = 0; i < count; i++) {
    const value = list[i];
    if (typeof value !== "boolean") invalid(field, value, "bool");
    buf[pos++] = value ? 1 : 0;
  }
  w.pos = pos;
}

/**
 * Varint runs: the length is reserved with fork/join, then room for every item at its
 * widest (10 bytes) is made once, so the loop writes with no bounds check of its own.
 */
function startVarints(w: Writer, count: number): number {
  const at = fork(w);
  ensure(w, count * 10);
  return at;
}

const INT32 = 0;
const UINT32 = 1;
const SINT32 = 2;
const NAMES_32 = ["int32", "uint32", "sint32"];

function writePackedVarint32(w: Writer, list: readonly number[], field: string, type: number): void {
  const at = startVarints(w, list.length);
  const buf = w.buf;
  let pos = w.pos;
  const min = type === UINT32 ? 0 : -0x80000000;
  const max = type === UINT32 ? 0xffffffff : 0x7fffffff;
  for (let i = 0; i < list.length; i++) {
    const value = list[i];
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      invalid(field, value, NAMES_32[type]);
    }
    if (type === SINT32) pos = putVarint32(buf, pos, ((value << 1) ^ (value >> 31)) >>> 0);
    else if (value >= 0) pos = putVarint32(buf, pos, value);
    // A negative int32 is sign-extended to 64 bits: always 10 bytes.
    else pos = putVarint64(buf, pos, value, -1);
  }
  w.pos = pos;
  join(w, at);
}

export function writePackedInt32(w: Writer, list: readonly number[], field: string): void {
  writePackedVarint32(w, list, field, INT32);
}

export function writePackedUint32(w: Writer, list: readonly number[], field: string): void {
  writePackedVarint32(w, list, field, UINT32);
}

export function writePackedSint32(w: Writer, list: readonly number[], field: string): void {
  writePackedVarint32(w, list, field, SINT32);
}

const INT64 = 0;
const UINT64 = 1;
const SINT64 = 2;
const NAMES_64 = ["int64", "uint64", "sint64"];

function writePackedVarint64(w: Writer, list: readonly bigint[], field: string, type: number): void {
  const at = startVarints(w, list.length);
  const buf = w.buf;
  let pos = w.pos;
  for (let i = 0; i < list.length; i++) {
    const value = list[i];
    if (!(type === UINT64 ? splitUnsigned(value) : splitSigned(value))) invalid(field, value, NAMES_64[type]);
    pos = type === SINT64 ? putVarint64(buf, pos, zigzagLow(), zigzagHigh()) : putVarint64(buf, pos, low(), high());
  }
  w.pos = pos;
  join(w, at);
}

export function writePackedInt64(w: Writer, list: readonly bigint[], field: string): void {
  writePackedVarint64(w, list, field, INT64);
}

export function writePackedUint64(w: Writer, list: readonly bigint[], field: string): void {
  writePackedVarint64(w, list, field, UINT64);
}

export function writePackedSint64(w: Writer, list: readonly bigint[], field: string): void {
  writePackedVarint64(w, list, field, SINT64);
}

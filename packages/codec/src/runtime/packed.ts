// Packed repeated fields of the fixed-size and 32-bit varint types, one loop per type
// with the common case inline (a one-byte varint, a fixed-width value read straight
// from the buffer), as protobuf.js's packed readers and mapbox/pbf's readPacked*
// do. Each reads the length itself and appends to `list`. Varints are bounded by the
// frame, not the packed run, as protobuf-es reads them: a run whose length is not a
// whole number of values has its last value read whole, past the run's end, by the
// bounds-checked scalar reader (the `while` after each fixed-width loop).
import type { Reader } from "./reader.js";
import {
  makeView,
  readBool,
  readDouble,
  readFixed32,
  readFloat,
  readInt32,
  readSfixed32,
  readSint32,
  readUint32,
} from "./scalars.js";
import { readLengthEnd } from "./varint.js";

export function readPackedInt32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  while (r.pos < end) {
    const b = buf[r.pos];
    if (b < 0x80) {
      r.pos++;
      list.push(b);
    } else list.push(readInt32(r));
  }
}

export function readPackedUint32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  while (r.pos < end) {
    const b = buf[r.pos];
    if (b < 0x80) {
      r.pos++;
      list.push(b);
    } else list.push(readUint32(r));
  }
}

export function readPackedSint32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  while (r.pos < end) {
    const b = buf[r.pos];
    if (b < 0x80) {
      r.pos++;
      list.push((b >>> 1) ^ -(b & 1));
    } else list.push(readSint32(r));
  }
}

export function readPackedBool(r: Reader, list: boolean[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  while (r.pos < end) {
    const b = buf[r.pos];
    if (b < 0x80) {
      r.pos++;
      list.push(b !== 0);
    } else list.push(readBool(r));
  }
}

/** Whole doubles in the run through one DataView. */
export function readPackedDouble(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  let pos = r.pos;
  const count = (end - pos) >>> 3;
  if (count > 0) {
    const view = r.view ?? makeView(r);
    for (let i = 0; i < count; i++, pos += 8) list.push(view.getFloat64(pos, true));
    r.pos = pos;
  }
  while (r.pos < end) list.push(readDouble(r));
}

export function readPackedFloat(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 2;
  if (count > 8) {
    const view = r.view ?? makeView(r);
    let pos = r.pos;
    for (let i = 0; i < count; i++, pos += 4) list.push(view.getFloat32(pos, true));
    r.pos = pos;
  }
  while (r.pos < end) list.push(readFloat(r));
}

export function readPackedFixed32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  let pos = r.pos;
  for (const last = end - 4; pos <= last; pos += 4) {
    list.push((buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24)) >>> 0);
  }
  r.pos = pos;
  while (r.pos < end) list.push(readFixed32(r));
}

export function readPackedSfixed32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  let pos = r.pos;
  for (const last = end - 4; pos <= last; pos += 4) {
    list.push(buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24));
  }
  r.pos = pos;
  while (r.pos < end) list.push(readSfixed32(r));
}

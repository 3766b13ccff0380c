// Packed repeated fields of fixed width (packed-varints.ts has the varint runs), one loop
// per type with the common case inline (a value read straight from the buffer), as
// protobuf.js's packed readers and mapbox/pbf's readPacked* do. Each reads the length
// itself and appends to `list`. Varints are bounded by the frame, not the packed run, as
// protobuf-es reads them: a run whose length is not a whole number of values has its last
// value read whole, past the run's end, by the bounds-checked scalar reader.
//
// Lists are sized before the loop, not grown by push: growing by push costs 4-5 ns an
// item in V8 (each growth copies, and the call checks the elements kind), a store into
// a sized list about 1. Fixed-width runs know their count (n bytes hold n / 8 doubles).
// A varint run of n bytes holds at most n values: up to VARINT_ROOM bytes the list is
// lengthened by n, filled by index and trimmed to what was read (a spare slot costs less
// than counting); a longer run has its values counted first (one per byte without a
// continuation bit) and its list sized exactly, as a run grown by push copies its list
// into a new large object at every growth (an A/B of PackedScalars-1MB: 9.7 -> 6.0 ms on
// Node 20, 4.1 -> 3.7 on Node 24; counting every run made 10 KB 6% slower). A list
// sized this way is "holey" to V8 (an elements kind; it never has holes), read at the
// same speed. `finally` trims it also when a value fails part-way, so a merge target
// never keeps unused slots; `k` moves only after a value is stored (not `list[k++] =
// read(r)`, which moves it before the read can fail).
import { bigIntOfWords, bigUintOfWords } from "./int64-words.js";
import { INT64_BIGINT, type Reader } from "./reader.js";
import { makeView, readDouble, readFixed32, readFixed64, readFloat, readSfixed32, readSfixed64 } from "./scalars.js";
import { readLengthEnd } from "./varint.js";

/**
 * Setting a length is a call into the engine, which costs more than a few pushes: lists
 * of fewer than SIZED_MIN values grow by push. VARINT_ROOM: the longest varint run sized
 * by its byte count (8 bytes a slot: 64 KiB) rather than by counting its values.
 */
const SIZED_MIN = 16;
const VARINT_ROOM = 8192;

/** Lengthens `list` by `room` when worth it; returns the index of the next value (stores at the length append). */
export function makeRoom(list: unknown[], room: number): number {
  const k = list.length;
  if (room >= SIZED_MIN) list.length = k + room;
  return k;
}

/** The room a varint run in buf[pos, end) needs: its byte count when short, else the count of its values. */
export function varintRoom(buf: Uint8Array, pos: number, end: number): number {
  const bytes = end - pos;
  return bytes <= VARINT_ROOM ? bytes : varintCount(buf, pos, end);
}

/**
 * The varints that end in buf[pos, end): its bytes without a continuation bit, four at a
 * time (each byte's bit moved to the byte's lowest, the four summed by one multiply). A
 * run whose last varint ends past `end` counts one short: the store past the list's end
 * appends it.
 */
function varintCount(buf: Uint8Array, pos: number, end: number): number {
  let count = 0;
  for (const whole = end - 3; pos < whole; pos += 4) {
    const ends = ~(buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24)) & 0x80808080;
    count += Math.imul(ends >>> 7, 0x01010101) >>> 24;
  }
  for (; pos < end; pos++) count += (buf[pos] >> 7) ^ 1;
  return count;
}

/** Trims `list` to the `k` values stored (a no-op, without the engine call, when it was not sized). */
export function trim(list: unknown[], k: number): void {
  if (list.length !== k) list.length = k;
}

/**
 * Whole doubles in the run through one DataView, when there is one or the run is worth
 * making one (see readDouble: a view costs about ten scratch copies); a trailing
 * part-value is read (and refused) by readDouble.
 */
export function readPackedDouble(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  let pos = r.pos;
  const count = (end - pos) >>> 3;
  if (count >= SIZED_MIN || (count > 0 && r.view !== undefined)) {
    const view = r.view ?? makeView(r);
    let k = makeRoom(list, count);
    for (let i = 0; i < count; i++, pos += 8) list[k++] = view.getFloat64(pos, true);
    r.pos = pos;
  }
  while (r.pos < end) list.push(readDouble(r));
}

export function readPackedFloat(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 2;
  if (count >= SIZED_MIN || (count > 0 && r.view !== undefined)) {
    const view = r.view ?? makeView(r);
    let pos = r.pos;
    let k = makeRoom(list, count);
    for (let i = 0; i < count; i++, pos += 4) list[k++] = view.getFloat32(pos, true);
    r.pos = pos;
  }
  while (r.pos < end) list.push(readFloat(r));
}

export function readPackedFixed32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  let pos = r.pos;
  const count = (end - pos) >>> 2;
  let k = makeRoom(list, count);
  for (let i = 0; i < count; i++, pos += 4) {
    list[k++] = (buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24)) >>> 0;
  }
  r.pos = pos;
  while (r.pos < end) list.push(readFixed32(r));
}

export function readPackedSfixed32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  let pos = r.pos;
  const count = (end - pos) >>> 2;
  let k = makeRoom(list, count);
  for (let i = 0; i < count; i++, pos += 4) {
    list[k++] = buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24);
  }
  r.pos = pos;
  while (r.pos < end) list.push(readSfixed32(r));
}

/**
 * fixed64 and sfixed64, the count known. In the bigint mode (the default) each value is
 * made from its two words in the loop; the number and string modes take the scalar
 * readers, which refuse what the mode cannot hold, part-way through the run.
 */
export function readPackedFixed64(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 3;
  let k = makeRoom(list, count);
  if (r.int64 === INT64_BIGINT) {
    const buf = r.buf;
    let pos = r.pos;
    for (let i = 0; i < count; i++, pos += 8) list[k++] = bigUintOfWords(wordAt(buf, pos), wordAt(buf, pos + 4));
    r.pos = pos;
  } else {
    try {
      for (let i = 0; i < count; i++) {
        list[k] = readFixed64(r);
        k++;
      }
    } finally {
      trim(list, k);
    }
  }
  while (r.pos < end) list.push(readFixed64(r));
}

export function readPackedSfixed64(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 3;
  let k = makeRoom(list, count);
  if (r.int64 === INT64_BIGINT) {
    const buf = r.buf;
    let pos = r.pos;
    for (let i = 0; i < count; i++, pos += 8) list[k++] = bigIntOfWords(wordAt(buf, pos), wordAt(buf, pos + 4));
    r.pos = pos;
  } else {
    try {
      for (let i = 0; i < count; i++) {
        list[k] = readSfixed64(r);
        k++;
      }
    } finally {
      trim(list, k);
    }
  }
  while (r.pos < end) list.push(readSfixed64(r));
}

/** The little-endian signed 32-bit word at `buf[pos]` (in bounds). */
function wordAt(buf: Uint8Array, pos: number): number {
  return buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24);
}

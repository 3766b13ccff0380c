// Packed repeated fields of fixed width (packed-varints.ts has the varint runs), one loop
// per type with the common case inline (a value read straight from the buffer), as
// protobuf.js's packed readers and mapbox/pbf's readPacked* do. Each reads the length
// itself and appends to `list`. Varints are bounded by the frame, not the packed run, as
// protobuf-es reads them: a run whose length is not a whole number of values has its last
// value read whole, past the run's end, by the bounds-checked scalar reader.
//
// A run of SIZED_MIN values (varint runs: VARINT_PUSH_BYTES bytes) or more fills a list sized before the loop,
// as growing by push copies the list at each growth and checks its elements kind on each
// call. Fixed-width runs know their count (n bytes hold n / 8 doubles). A varint run of n
// bytes holds at most n values: up to VARINT_ROOM bytes the list is lengthened by n, filled
// by index and trimmed to what was read (a spare slot costs less than counting); a longer
// run has its values counted first and its list sized exactly, as a long run grown by push
// copies a large object at every growth. A list sized this way is "holey" to V8 (an
// elements kind; it never has holes), read at the same speed. A value that fails part-way
// trims it first (readOrTrim, or `finally` in the number and string modes), so a merge
// target never keeps unused slots; `k` moves only after a value is stored (not
// `list[k++] = read(r)`, which moves it before the read can fail).
//
// A shorter run is pushed, one value at a time through the checked scalar reader, in a
// loop of its own: setting a length costs more than a few pushes, and an indexed store
// that both appends (short runs) and fills sized lists (long runs) makes V8's store slow
// for both once it has seen each. So every indexed store below is into a sized list.
// The measurements behind each choice: the bench README, "Why the runtime's code has the shape it has".
import { bigIntOfWords, bigUintOfWords } from "./int64-words.js";
import { INT64_BIGINT, type Reader } from "./reader.js";
import { makeView, readDouble, readFixed32, readFixed64, readFloat, readSfixed32, readSfixed64 } from "./scalars.js";
import { readLengthEnd } from "./varint.js";

/**
 * Setting a length is a call into the engine, which costs more than a few pushes: runs of
 * fewer than SIZED_MIN values are pushed (varint runs: packed-varints.ts). VARINT_ROOM: the longest varint
 * run sized by its byte count (8 bytes a slot: 64 KiB) rather than by counting its values.
 */
export const SIZED_MIN = 16;
const VARINT_ROOM = 8192;

/**
 * The room a varint run in buf[pos, end) needs: its byte count up to VARINT_ROOM, else the
 * count of its values. Either way every value the loop stores has a slot.
 */
export function varintRoom(buf: Uint8Array, pos: number, end: number): number {
  const bytes = end - pos;
  return bytes <= VARINT_ROOM ? bytes : varintCount(buf, pos, end);
}

/**
 * `read(r)`, with `list` cut back to its `k` values stored when it throws, so a list sized
 * for a run keeps no unused slots. The slow path of the varint loops: the reads the inline
 * reader leaves to the checked one, near the frame's end or malformed.
 */
export function readOrTrim<T>(r: Reader, list: T[], k: number, read: (r: Reader) => T): T {
  try {
    return read(r);
  } catch (error) {
    list.length = k;
    throw error;
  }
}

/**
 * The varints that start in buf[pos, end): its bytes without a continuation bit, four at a
 * time (each byte's bit moved to the byte's lowest, the four summed by one multiply), and
 * one more when the last byte continues (its varint ends past the run, read whole).
 */
function varintCount(buf: Uint8Array, pos: number, end: number): number {
  let count = 0;
  for (const whole = end - 3; pos < whole; pos += 4) {
    const ends = ~(buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24)) & 0x80808080;
    count += Math.imul(ends >>> 7, 0x01010101) >>> 24;
  }
  for (; pos < end; pos++) count += (buf[pos] >> 7) ^ 1;
  return count + (buf[end - 1] >> 7);
}

/**
 * Whole doubles in the run through one DataView (see readDouble: a view costs about ten
 * scratch copies, worth it for a long run); a trailing part-value is read (and refused) by
 * readDouble.
 */
export function readPackedDouble(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 3;
  if (count < SIZED_MIN) {
    while (r.pos < end) list.push(readDouble(r));
    return;
  }
  const view = r.view ?? makeView(r);
  let pos = r.pos;
  let k = list.length;
  list.length = k + count;
  for (let i = 0; i < count; i++, pos += 8) list[k++] = view.getFloat64(pos, true);
  r.pos = pos;
  while (r.pos < end) list.push(readDouble(r));
}

export function readPackedFloat(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 2;
  if (count < SIZED_MIN) {
    while (r.pos < end) list.push(readFloat(r));
    return;
  }
  const view = r.view ?? makeView(r);
  let pos = r.pos;
  let k = list.length;
  list.length = k + count;
  for (let i = 0; i < count; i++, pos += 4) list[k++] = view.getFloat32(pos, true);
  r.pos = pos;
  while (r.pos < end) list.push(readFloat(r));
}

export function readPackedFixed32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 2;
  if (count < SIZED_MIN) {
    while (r.pos < end) list.push(readFixed32(r));
    return;
  }
  const buf = r.buf;
  let pos = r.pos;
  let k = list.length;
  list.length = k + count;
  for (let i = 0; i < count; i++, pos += 4) {
    list[k++] = (buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24)) >>> 0;
  }
  r.pos = pos;
  while (r.pos < end) list.push(readFixed32(r));
}

export function readPackedSfixed32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 2;
  if (count < SIZED_MIN) {
    while (r.pos < end) list.push(readSfixed32(r));
    return;
  }
  const buf = r.buf;
  let pos = r.pos;
  let k = list.length;
  list.length = k + count;
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
  if (count < SIZED_MIN) {
    while (r.pos < end) list.push(readFixed64(r));
    return;
  }
  let k = list.length;
  list.length = k + count;
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
      if (list.length !== k) list.length = k;
    }
  }
  while (r.pos < end) list.push(readFixed64(r));
}

export function readPackedSfixed64(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  const count = (end - r.pos) >>> 3;
  if (count < SIZED_MIN) {
    while (r.pos < end) list.push(readSfixed64(r));
    return;
  }
  let k = list.length;
  list.length = k + count;
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
      if (list.length !== k) list.length = k;
    }
  }
  while (r.pos < end) list.push(readSfixed64(r));
}

/** The little-endian signed 32-bit word at `buf[pos]` (in bounds). */
function wordAt(buf: Uint8Array, pos: number): number {
  return buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24);
}

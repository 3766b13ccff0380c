// Packed runs of varints (int32, uint32, sint32, bool, enum, and the 64-bit int64, uint64,
// sint64), sized as packed.ts sizes its lists. The loops keep the read position in a
// local and read a whole varint inline while the frame has room for its longest form
// (5 bytes for 32 bits, 10 for 64), with no call and no load or store through the
// reader per value: about half the time of a loop of scalar reader calls. Near the
// frame's end, and for any varint the inline reader does not take, the bounds-checked
// scalar reader reads it through `r.pos`, with the same errors and offsets.
import { bigIntOfWords, bigUintOfWords } from "./int64-words.js";
import { makeRoom, trim, VARINT_ROOM } from "./packed.js";
import { INT64_BIGINT, type Reader } from "./reader.js";
import { readBool, readInt32, readInt64, readSint32, readSint64, readUint32, readUint64 } from "./scalars.js";
import { readLengthEnd } from "./varint.js";

/** Where the last varint read inline ended, and the high word of the last 64-bit one: results without an allocation. */
let next = 0;
let high = 0;

/**
 * The 32-bit varint at `buf[pos]` (5 bytes in bounds) as an unsigned value, its end in
 * `next`; -1 when its fifth byte continues (a negative int32 is sign-extended to ten
 * bytes: the checked reader reads the rest).
 */
function varint32At(buf: Uint8Array, pos: number): number {
  let b = buf[pos++];
  let value = b & 0x7f;
  if (b >= 0x80) {
    b = buf[pos++];
    value |= (b & 0x7f) << 7;
    if (b >= 0x80) {
      b = buf[pos++];
      value |= (b & 0x7f) << 14;
      if (b >= 0x80) {
        b = buf[pos++];
        value |= (b & 0x7f) << 21;
        if (b >= 0x80) {
          b = buf[pos++];
          if (b >= 0x80) return -1;
          value |= (b & 0x0f) << 28;
        }
      }
    }
  }
  next = pos;
  return value >>> 0;
}

/**
 * The 64-bit varint at `buf[pos]` (10 bytes in bounds): its low word returned, its high
 * word in `high` (both signed, as readVarint64 leaves them), its end in `next`; `next`
 * is -1 for a varint of more than ten bytes, which the checked reader refuses.
 */
function varint64At(buf: Uint8Array, pos: number): number {
  let b = buf[pos++];
  let lo = b & 0x7f;
  let hi = 0;
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
          hi = (b & 0x70) >> 4;
          for (let shift = 3; b >= 0x80; shift += 7) {
            if (shift > 31) {
              next = -1;
              return 0;
            }
            b = buf[pos++];
            hi |= (b & 0x7f) << shift;
          }
        }
      }
    }
  }
  next = pos;
  high = hi;
  return lo;
}

export function readPackedInt32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  const inlineBefore = r.len - 4;
  let pos = r.pos;
  let k = makeRoom(list, end - pos, VARINT_ROOM);
  try {
    while (pos < end) {
      const b = buf[pos];
      if (b < 0x80) {
        pos++;
        list[k++] = b;
        continue;
      }
      let value = pos < inlineBefore ? varint32At(buf, pos) : -1;
      if (value >= 0) {
        pos = next;
        value |= 0;
      } else {
        r.pos = pos;
        value = readInt32(r);
        pos = r.pos;
      }
      list[k] = value;
      k++;
    }
  } finally {
    r.pos = pos;
    trim(list, k);
  }
}

export function readPackedUint32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  const inlineBefore = r.len - 4;
  let pos = r.pos;
  let k = makeRoom(list, end - pos, VARINT_ROOM);
  try {
    while (pos < end) {
      const b = buf[pos];
      if (b < 0x80) {
        pos++;
        list[k++] = b;
        continue;
      }
      let value = pos < inlineBefore ? varint32At(buf, pos) : -1;
      if (value >= 0) pos = next;
      else {
        r.pos = pos;
        value = readUint32(r);
        pos = r.pos;
      }
      list[k] = value;
      k++;
    }
  } finally {
    r.pos = pos;
    trim(list, k);
  }
}

export function readPackedSint32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  const inlineBefore = r.len - 4;
  let pos = r.pos;
  let k = makeRoom(list, end - pos, VARINT_ROOM);
  try {
    while (pos < end) {
      let zigzag = pos < inlineBefore ? varint32At(buf, pos) : -1;
      if (zigzag >= 0) {
        pos = next;
        list[k] = (zigzag >>> 1) ^ -(zigzag & 1);
      } else {
        r.pos = pos;
        zigzag = readSint32(r);
        pos = r.pos;
        list[k] = zigzag;
      }
      k++;
    }
  } finally {
    r.pos = pos;
    trim(list, k);
  }
}

export function readPackedBool(r: Reader, list: boolean[]): void {
  const end = readLengthEnd(r);
  const buf = r.buf;
  let pos = r.pos;
  let k = makeRoom(list, end - pos, VARINT_ROOM);
  try {
    while (pos < end) {
      const b = buf[pos];
      if (b < 0x80) {
        pos++;
        list[k++] = b !== 0;
      } else {
        r.pos = pos;
        list[k] = readBool(r);
        pos = r.pos;
        k++;
      }
    }
  } finally {
    r.pos = pos;
    trim(list, k);
  }
}

/** The 64-bit runs: inline in the bigint mode (the default); the number and string modes through the scalar readers. */
export function readPackedInt64(r: Reader, list: bigint[]): void {
  if (r.int64 !== INT64_BIGINT) {
    readPackedInt64InMode(r, list);
    return;
  }
  const end = readLengthEnd(r);
  const buf = r.buf;
  const inlineBefore = r.len - 9;
  let pos = r.pos;
  let k = makeRoom(list, end - pos, VARINT_ROOM);
  try {
    while (pos < end) {
      const lo = pos < inlineBefore ? varint64At(buf, pos) : 0;
      if (pos < inlineBefore && next >= 0) {
        pos = next;
        list[k] = bigIntOfWords(lo, high);
      } else {
        r.pos = pos;
        list[k] = readInt64(r);
        pos = r.pos;
      }
      k++;
    }
  } finally {
    r.pos = pos;
    trim(list, k);
  }
}

export function readPackedUint64(r: Reader, list: bigint[]): void {
  if (r.int64 !== INT64_BIGINT) {
    readPackedUint64InMode(r, list);
    return;
  }
  const end = readLengthEnd(r);
  const buf = r.buf;
  const inlineBefore = r.len - 9;
  let pos = r.pos;
  let k = makeRoom(list, end - pos, VARINT_ROOM);
  try {
    while (pos < end) {
      const lo = pos < inlineBefore ? varint64At(buf, pos) : 0;
      if (pos < inlineBefore && next >= 0) {
        pos = next;
        list[k] = bigUintOfWords(lo, high);
      } else {
        r.pos = pos;
        list[k] = readUint64(r);
        pos = r.pos;
      }
      k++;
    }
  } finally {
    r.pos = pos;
    trim(list, k);
  }
}

export function readPackedSint64(r: Reader, list: bigint[]): void {
  if (r.int64 !== INT64_BIGINT) {
    readPackedSint64InMode(r, list);
    return;
  }
  const end = readLengthEnd(r);
  const buf = r.buf;
  const inlineBefore = r.len - 9;
  let pos = r.pos;
  let k = makeRoom(list, end - pos, VARINT_ROOM);
  try {
    while (pos < end) {
      const lo = pos < inlineBefore ? varint64At(buf, pos) : 0;
      if (pos < inlineBefore && next >= 0) {
        pos = next;
        const hi = high;
        const sign = -(lo & 1);
        list[k] = bigIntOfWords(((lo >>> 1) | ((hi & 1) << 31)) ^ sign, (hi >>> 1) ^ sign);
      } else {
        r.pos = pos;
        list[k] = readSint64(r);
        pos = r.pos;
      }
      k++;
    }
  } finally {
    r.pos = pos;
    trim(list, k);
  }
}

// The number and string modes, each value by its scalar reader (which refuses what the
// mode cannot hold). One loop per type, so each reader is inlined into its loop.

function readPackedInt64InMode(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  let k = makeRoom(list, end - r.pos, VARINT_ROOM);
  try {
    while (r.pos < end) {
      list[k] = readInt64(r);
      k++;
    }
  } finally {
    trim(list, k);
  }
}

function readPackedUint64InMode(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  let k = makeRoom(list, end - r.pos, VARINT_ROOM);
  try {
    while (r.pos < end) {
      list[k] = readUint64(r);
      k++;
    }
  } finally {
    trim(list, k);
  }
}

function readPackedSint64InMode(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  let k = makeRoom(list, end - r.pos, VARINT_ROOM);
  try {
    while (r.pos < end) {
      list[k] = readSint64(r);
      k++;
    }
  } finally {
    trim(list, k);
  }
}

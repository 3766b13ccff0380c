// Packed runs of varints (int32, uint32, sint32, bool, enum, and the 64-bit int64, uint64,
// sint64), sized as packed.ts sizes its lists. The loops keep the read position in a
// local and read a whole varint inline while the frame has room for its longest form
// (5 bytes for uint32 and sint32; 10 for the 64-bit types and for int32, whose negative
// values are sign-extended to ten bytes), with no call and no load or store through the
// reader per value. Near the frame's end, and for any varint the inline reader does not take,
// the bounds-checked scalar reader reads it through `r.pos`, with the same errors and
// offsets.
//
// Only those checked reads can throw in the bigint mode's loops, so only they are guarded
// (readOrTrim trims a sized list before the error leaves), not the whole loop, whose try
// costs every short list. Each function has its own short-run push loop and reads and
// sets its own list's length, not through a shared helper, whose one push or length
// access would see every list type (small integers, doubles, bigints, booleans) and go
// megamorphic. The measurements: the bench README, "Why the runtime's code has the shape it has".
import { bigIntOfWords, bigUintOfWords } from "./int64-words.js";
import { readOrTrim, varintRoom } from "./packed.js";
import { INT64_BIGINT, type Reader } from "./reader.js";
import { readBool, readInt32, readInt64, readSint32, readSint64, readUint32, readUint64 } from "./scalars.js";
import { readLengthEnd, varint32At, varint64At, varintEnd, varintHigh } from "./varint.js";

/**
 * Varint runs shorter than this many bytes are pushed, their one- and two-byte values read
 * inline with the position in a local (through `r.pos` and the checked reader, a list of 8
 * two-byte int32 took 48-82 ns; inline, 35-36 ns), longer values by the checked reader. A sized list sets its length twice
 * (lengthened by the byte count, then trimmed to the values read whenever one takes two bytes
 * or more), each a call into the engine of about 40-50 ns: for 8 two-byte values that doubled
 * the run's time (183 against 66 ns; 8 negative int32, 164 against 76 ns). Pushing costs a
 * little more per value than an indexed store, so long runs are still sized; at about 50
 * one-byte values (no trim) the two are even.
 */
const VARINT_PUSH_BYTES = 64;

export function readPackedInt32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    const buf = r.buf;
    const len = r.len;
    let pos = r.pos;
    while (pos < end) {
      const b = buf[pos];
      if (b < 0x80) {
        pos++;
        list.push(b);
        continue;
      }
      const b2 = pos + 1 < len ? buf[pos + 1] : 0x80;
      if (b2 < 0x80) {
        pos += 2;
        list.push((b & 0x7f) | (b2 << 7));
        continue;
      }
      r.pos = pos;
      list.push(readInt32(r));
      pos = r.pos;
    }
    r.pos = pos;
    return;
  }
  const buf = r.buf;
  const inlineBefore = r.len - 9;
  let pos = r.pos;
  let k = list.length;
  list.length = k + varintRoom(buf, pos, end);
  while (pos < end) {
    const b = buf[pos];
    if (b < 0x80) {
      pos++;
      list[k++] = b;
      continue;
    }
    if (pos < inlineBefore) {
      // An int32 is the low word of its varint read as 64 bits, ten bytes when negative.
      const low = varint64At(buf, pos);
      // varintEnd is -1 for a varint of more than ten bytes: the checked reader refuses it.
      if (varintEnd >= 0) {
        pos = varintEnd;
        list[k++] = low;
        continue;
      }
    }
    r.pos = pos;
    list[k] = readOrTrim(r, list, k, readInt32);
    pos = r.pos;
    k++;
  }
  r.pos = pos;
  if (list.length !== k) list.length = k;
}

export function readPackedUint32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    const buf = r.buf;
    const len = r.len;
    let pos = r.pos;
    while (pos < end) {
      const b = buf[pos];
      if (b < 0x80) {
        pos++;
        list.push(b);
        continue;
      }
      const b2 = pos + 1 < len ? buf[pos + 1] : 0x80;
      if (b2 < 0x80) {
        pos += 2;
        list.push((b & 0x7f) | (b2 << 7));
        continue;
      }
      r.pos = pos;
      list.push(readUint32(r));
      pos = r.pos;
    }
    r.pos = pos;
    return;
  }
  const buf = r.buf;
  const inlineBefore = r.len - 4;
  let pos = r.pos;
  let k = list.length;
  list.length = k + varintRoom(buf, pos, end);
  while (pos < end) {
    const b = buf[pos];
    if (b < 0x80) {
      pos++;
      list[k++] = b;
      continue;
    }
    const value = pos < inlineBefore ? varint32At(buf, pos) : -1;
    if (value >= 0) {
      pos = varintEnd;
      list[k++] = value;
      continue;
    }
    r.pos = pos;
    list[k] = readOrTrim(r, list, k, readUint32);
    pos = r.pos;
    k++;
  }
  r.pos = pos;
  if (list.length !== k) list.length = k;
}

export function readPackedSint32(r: Reader, list: number[]): void {
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    const buf = r.buf;
    const len = r.len;
    let pos = r.pos;
    while (pos < end) {
      const b = buf[pos];
      let zigzag = b;
      if (b < 0x80) pos++;
      else {
        const b2 = pos + 1 < len ? buf[pos + 1] : 0x80;
        if (b2 < 0x80) {
          pos += 2;
          zigzag = (b & 0x7f) | (b2 << 7);
        } else {
          r.pos = pos;
          list.push(readSint32(r));
          pos = r.pos;
          continue;
        }
      }
      list.push((zigzag >>> 1) ^ -(zigzag & 1));
    }
    r.pos = pos;
    return;
  }
  const buf = r.buf;
  const inlineBefore = r.len - 4;
  let pos = r.pos;
  let k = list.length;
  list.length = k + varintRoom(buf, pos, end);
  while (pos < end) {
    const zigzag = pos < inlineBefore ? varint32At(buf, pos) : -1;
    if (zigzag >= 0) {
      pos = varintEnd;
      list[k++] = (zigzag >>> 1) ^ -(zigzag & 1);
      continue;
    }
    r.pos = pos;
    list[k] = readOrTrim(r, list, k, readSint32);
    pos = r.pos;
    k++;
  }
  r.pos = pos;
  if (list.length !== k) list.length = k;
}

export function readPackedBool(r: Reader, list: boolean[]): void {
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    while (r.pos < end) list.push(readBool(r));
    return;
  }
  const buf = r.buf;
  let pos = r.pos;
  let k = list.length;
  list.length = k + varintRoom(buf, pos, end);
  while (pos < end) {
    const b = buf[pos];
    if (b < 0x80) {
      pos++;
      list[k++] = b !== 0;
      continue;
    }
    r.pos = pos;
    list[k] = readOrTrim(r, list, k, readBool);
    pos = r.pos;
    k++;
  }
  r.pos = pos;
  if (list.length !== k) list.length = k;
}

/** The 64-bit runs: inline in the bigint mode (the default); the number and string modes through the scalar readers. */
export function readPackedInt64(r: Reader, list: bigint[]): void {
  if (r.int64 !== INT64_BIGINT) {
    readPackedInt64InMode(r, list);
    return;
  }
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    while (r.pos < end) list.push(readInt64(r));
    return;
  }
  const buf = r.buf;
  const inlineBefore = r.len - 9;
  let pos = r.pos;
  let k = list.length;
  list.length = k + varintRoom(buf, pos, end);
  while (pos < end) {
    if (pos < inlineBefore) {
      const lo = varint64At(buf, pos);
      // varintEnd is -1 for a varint of more than ten bytes: the checked reader refuses it.
      if (varintEnd >= 0) {
        pos = varintEnd;
        list[k++] = bigIntOfWords(lo, varintHigh);
        continue;
      }
    }
    r.pos = pos;
    list[k] = readOrTrim(r, list, k, readInt64);
    pos = r.pos;
    k++;
  }
  r.pos = pos;
  if (list.length !== k) list.length = k;
}

export function readPackedUint64(r: Reader, list: bigint[]): void {
  if (r.int64 !== INT64_BIGINT) {
    readPackedUint64InMode(r, list);
    return;
  }
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    while (r.pos < end) list.push(readUint64(r));
    return;
  }
  const buf = r.buf;
  const inlineBefore = r.len - 9;
  let pos = r.pos;
  let k = list.length;
  list.length = k + varintRoom(buf, pos, end);
  while (pos < end) {
    if (pos < inlineBefore) {
      const lo = varint64At(buf, pos);
      // varintEnd is -1 for a varint of more than ten bytes: the checked reader refuses it.
      if (varintEnd >= 0) {
        pos = varintEnd;
        list[k++] = bigUintOfWords(lo, varintHigh);
        continue;
      }
    }
    r.pos = pos;
    list[k] = readOrTrim(r, list, k, readUint64);
    pos = r.pos;
    k++;
  }
  r.pos = pos;
  if (list.length !== k) list.length = k;
}

export function readPackedSint64(r: Reader, list: bigint[]): void {
  if (r.int64 !== INT64_BIGINT) {
    readPackedSint64InMode(r, list);
    return;
  }
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    while (r.pos < end) list.push(readSint64(r));
    return;
  }
  const buf = r.buf;
  const inlineBefore = r.len - 9;
  let pos = r.pos;
  let k = list.length;
  list.length = k + varintRoom(buf, pos, end);
  while (pos < end) {
    if (pos < inlineBefore) {
      const lo = varint64At(buf, pos);
      // varintEnd is -1 for a varint of more than ten bytes: the checked reader refuses it.
      if (varintEnd >= 0) {
        pos = varintEnd;
        const hi = varintHigh;
        const sign = -(lo & 1);
        list[k++] = bigIntOfWords(((lo >>> 1) | ((hi & 1) << 31)) ^ sign, (hi >>> 1) ^ sign);
        continue;
      }
    }
    r.pos = pos;
    list[k] = readOrTrim(r, list, k, readSint64);
    pos = r.pos;
    k++;
  }
  r.pos = pos;
  if (list.length !== k) list.length = k;
}

// The number and string modes, each value by its scalar reader (which refuses what the
// mode cannot hold). One loop per type, so each reader is inlined into its loop.

function readPackedInt64InMode(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    while (r.pos < end) list.push(readInt64(r));
    return;
  }
  let k = list.length;
  list.length = k + varintRoom(r.buf, r.pos, end);
  try {
    while (r.pos < end) {
      list[k] = readInt64(r);
      k++;
    }
  } finally {
    if (list.length !== k) list.length = k;
  }
}

function readPackedUint64InMode(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    while (r.pos < end) list.push(readUint64(r));
    return;
  }
  let k = list.length;
  list.length = k + varintRoom(r.buf, r.pos, end);
  try {
    while (r.pos < end) {
      list[k] = readUint64(r);
      k++;
    }
  } finally {
    if (list.length !== k) list.length = k;
  }
}

function readPackedSint64InMode(r: Reader, list: bigint[]): void {
  const end = readLengthEnd(r);
  if (end - r.pos < VARINT_PUSH_BYTES) {
    while (r.pos < end) list.push(readSint64(r));
    return;
  }
  let k = list.length;
  list.length = k + varintRoom(r.buf, r.pos, end);
  try {
    while (r.pos < end) {
      list[k] = readSint64(r);
      k++;
    }
  } finally {
    if (list.length !== k) list.length = k;
  }
}

// Varints, flat and in one place: a 32-bit reader (lengths, tags, int32, enums) and a
// 64-bit reader into the Reader's lo/hi words. Each has a fast path for the common
// short case, inline and without a loop, and a general loop that checks every byte.
import { fail, failTruncated, type Reader } from "./reader.js";

/** A 32-bit varint (uint32, int32, enum, lengths), read exactly as protobuf-es does: up to 10 bytes, the high bits dropped. */
export function readVarint32(r: Reader): number {
  const buf = r.buf;
  let pos = r.pos;
  // Fast path: five bytes are in the frame, so no byte needs its own bounds check. Most
  // lengths, enums and small counts are one byte; the rest of a uint32 at most five.
  if (pos + 5 <= r.len) {
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
            value |= (b & 0x0f) << 28;
            // A negative int32 is sign-extended to ten bytes: the checked loop reads the rest.
            if (b >= 0x80) return readVarint32Slow(r);
            r.pos = pos;
            return value >>> 0;
          }
        }
      }
    }
    r.pos = pos;
    return value;
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

// The packed runs' readers (packed-varints.ts): the same unrolled reads on a position the
// caller keeps in a local, the bounds checked once by the caller, not per byte.

/** Where the last varint read by varint32At / varint64At ended, and the high word of the last 64-bit one: results without an allocation. */
export let varintEnd = 0;
export let varintHigh = 0;

/**
 * The 32-bit varint at `buf[pos]` (5 bytes in bounds) as an unsigned value, its end in
 * `varintEnd`; -1 when its fifth byte continues (a negative int32 is sign-extended to ten
 * bytes: the checked reader reads the rest).
 */
export function varint32At(buf: Uint8Array, pos: number): number {
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
  varintEnd = pos;
  return value >>> 0;
}

/**
 * The 64-bit varint at `buf[pos]` (10 bytes in bounds): its low word returned, its high
 * word in `varintHigh` (both signed, as readVarint64 leaves them), its end in `varintEnd`; `varintEnd`
 * is -1 for a varint of more than ten bytes, which the checked reader refuses.
 */
export function varint64At(buf: Uint8Array, pos: number): number {
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
              varintEnd = -1;
              return 0;
            }
            b = buf[pos++];
            hi |= (b & 0x7f) << shift;
          }
        }
      }
    }
  }
  varintEnd = pos;
  varintHigh = hi;
  return lo;
}

/**
 * The number mode's fast path for both int64 and uint64: a varint of at most 8 bytes
 * whose value is below 2^53 (every non-negative quantity, time and id the feed sends)
 * is summed straight into a double, exactly, with no lo/hi split. Anything else
 * (negative int64s are 10 bytes) returns -1 and takes the general path.
 */
export function readSmallVarintNumber(r: Reader): number {
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

export const TWO_53 = 9007199254740992;

/** Reads the length of a nested message and returns its end; the end must lie inside the frame. */
export function readLengthEnd(r: Reader): number {
  // Most nested messages (a book's level, a list's entry) are under 128 bytes: a length of one byte,
  // read here so that this function stays small enough for V8 to inline into every read loop.
  const pos = r.pos;
  const n = r.buf[pos];
  if (n < 0x80) {
    const end = pos + 1 + n;
    // Also true only when the byte itself lies inside the frame.
    if (end <= r.len) {
      r.pos = pos + 1;
      return end;
    }
  }
  return readLengthEndSlow(r);
}

function readLengthEndSlow(r: Reader): number {
  const len = readVarint32(r);
  const end = r.pos + len;
  if (end > r.len) failTruncated(r, r.pos);
  return end;
}

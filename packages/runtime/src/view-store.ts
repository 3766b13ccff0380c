// The view path's readers store into a Float64Array slot instead of returning. A
// number returned from a call the JIT did not inline leaves as a heap box (16 bytes)
// unless it fits a small integer; stored straight into a typed array it never is.
import { failTruncated, type Reader } from "./reader.js";
import { loadScratch, scratch, wideInt64, wideUint64 } from "./scalars.js";
import { readVarint32, readVarint64, TWO_53 } from "./varint.js";

const TWO_32 = 4294967296;

/** A double into `out[at]`, copied through the scratch: no DataView is made, so nothing is allocated. */
export function readDoubleTo(r: Reader, out: Float64Array, at: number): void {
  const pos = r.pos;
  if (pos + 8 > r.len) failTruncated(r, pos);
  r.pos = pos + 8;
  const buf = r.buf;
  loadScratch(buf, pos);
  out[at] = scratch[0];
}

/** A uint64 into `out[at]`: exact below 2^53, INT64_RANGE above (the reader is in number mode). */
export function readUint64To(r: Reader, out: Float64Array, at: number): void {
  if (storeSmallVarint(r, out, at)) return;
  readVarint64(r);
  const lo = r.lo >>> 0;
  const hi = r.hi >>> 0;
  if (hi > 0x1fffff) wideUint64(r, lo, hi);
  out[at] = hi * TWO_32 + lo;
}

/** An int64 into `out[at]`: exact for magnitudes below 2^53, INT64_RANGE otherwise. */
export function readInt64To(r: Reader, out: Float64Array, at: number): void {
  if (storeSmallVarint(r, out, at)) return;
  readVarint64(r);
  const lo = r.lo >>> 0;
  const hi = r.hi | 0;
  if (!(hi <= 0x1fffff && (hi > -0x200000 || (hi === -0x200000 && lo !== 0)))) wideInt64(r, lo, hi);
  out[at] = hi * TWO_32 + lo;
}

export function readInt32To(r: Reader, out: Float64Array, at: number): void {
  out[at] = readVarint32(r) | 0;
}

export function readUint32To(r: Reader, out: Float64Array, at: number): void {
  out[at] = readVarint32(r);
}

/** readSmallVarintNumber, storing into `out[at]`; false (nothing read) when the general path is needed. */
function storeSmallVarint(r: Reader, out: Float64Array, at: number): boolean {
  const buf = r.buf;
  const pos = r.pos;
  if (pos + 8 > r.len) return false;
  let n = 0;
  let scale = 1;
  for (let i = 0; i < 8; i++) {
    const b = buf[pos + i];
    n += (b & 0x7f) * scale;
    if (b < 0x80) {
      if (n >= TWO_53) return false;
      r.pos = pos + i + 1;
      out[at] = n;
      return true;
    }
    scale *= 128;
  }
  return false;
}

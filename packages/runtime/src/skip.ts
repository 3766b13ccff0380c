// Unknown fields: skipped exactly where protobuf-es's skip() would stop, including
// groups, and a known field with the wrong wire type rejected (see README).
import { fail, failTruncated, RECURSION_LIMIT, type Reader } from "./reader.js";
import { readTag, readVarint32 } from "./varint.js";
import { WireType } from "./wire-type.js";

/** A known field number arrived with a wire type other than its own: rejected, see README. */
export function failWireType(r: Reader, tag: number): never {
  fail(
    r,
    "INVALID_WIRE_TYPE",
    `field ${tag >>> 3} arrived with wire type ${tag & 7}, not its declared one`,
    tagStart(r, tag),
  );
}

/** Skips an unknown field whose tag was just read, exactly where protobuf-es's skip() would. */
export function skipField(r: Reader, tag: number, depth: number): void {
  const fieldNo = tag >>> 3;
  if (fieldNo === 0) fail(r, "INVALID_TAG", "field number 0", tagStart(r, tag));
  skipValue(r, tag & 7, fieldNo, RECURSION_LIMIT - depth);
}

/**
 * Skips an unknown field and returns its value's bytes (after the tag; a group's up to
 * and including its end tag), as protobuf-es keeps them in `$unknown`: a copy or a view
 * into the input by the reader's `copyBytes`, as bytes fields are.
 */
export function skipUnknown(r: Reader, tag: number, depth: number): Uint8Array {
  const start = r.pos;
  skipField(r, tag, depth);
  return r.copyBytes ? r.buf.slice(start, r.pos) : r.buf.subarray(start, r.pos);
}

/** Messages nested deeper than protobuf-es's recursion limit (a recursive schema fed a deep message). */
export function failNesting(r: Reader): never {
  fail(r, "NESTING_TOO_DEEP", `messages nested beyond the recursion limit (${RECURSION_LIMIT})`);
}

/**
 * Where the tag just read began, counted back from its end. An over-long tag (`a2 00` for
 * `22`) ends in a zero byte after continuation bytes, so its length is not the length of
 * its value's shortest form: the bytes between its last one and its highest non-zero group
 * are all 0x80. Exact for every tag but 0, whose over-long forms (`80 00`) cannot be told
 * apart from data before them; that one is placed at its last byte.
 */
function tagStart(r: Reader, tag: number): number {
  let size = 1;
  for (let rest = tag >>> 7; rest !== 0; rest >>>= 7) size++;
  const last = r.pos - 1;
  if (tag === 0 || r.buf[last] !== 0) return r.pos - size;
  let top = last - 1;
  while (r.buf[top] === 0x80) top--;
  return top - (size - 1);
}

function skipValue(r: Reader, wireType: number, fieldNo: number, budget: number): void {
  const start = r.pos;
  switch (wireType) {
    case WireType.Varint: {
      // protobuf-es skips unknown varints of any length; so do we.
      const buf = r.buf;
      const len = r.len;
      let pos = start;
      for (;;) {
        if (pos >= len) failTruncated(r, start);
        if (buf[pos++] < 0x80) break;
      }
      r.pos = pos;
      return;
    }
    case WireType.Bit64:
      if (start + 8 > r.len) failTruncated(r, start);
      r.pos = start + 8;
      return;
    case WireType.LengthDelimited: {
      const len = readVarint32(r);
      if (r.pos + len > r.len) failTruncated(r, start);
      r.pos += len;
      return;
    }
    case WireType.StartGroup:
      skipGroup(r, fieldNo, budget);
      return;
    case WireType.Bit32:
      if (start + 4 > r.len) failTruncated(r, start);
      r.pos = start + 4;
      return;
    default:
      fail(r, "INVALID_WIRE_TYPE", `wire type ${wireType} cannot start field ${fieldNo}`, start);
  }
}

function skipGroup(r: Reader, fieldNo: number, budget: number): void {
  if (budget <= 0) fail(r, "NESTING_TOO_DEEP", "groups nested beyond the recursion limit");
  for (;;) {
    const start = r.pos;
    if (start >= r.len) failTruncated(r, start);
    const tag = readTag(r);
    const innerField = tag >>> 3;
    const wireType = tag & 7;
    if (innerField === 0) fail(r, "INVALID_TAG", "field number 0", start);
    if (wireType > WireType.Bit32) fail(r, "INVALID_WIRE_TYPE", `wire type ${wireType}`, start);
    if (wireType === WireType.EndGroup) {
      if (innerField !== fieldNo) fail(r, "INVALID_GROUP", `group ${fieldNo} closed by end tag ${innerField}`, start);
      return;
    }
    skipValue(r, wireType, innerField, budget - 1);
  }
}

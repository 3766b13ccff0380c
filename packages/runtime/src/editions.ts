// What proto2 and editions add to the wire, as protobuf-es reads and writes it: strings
// read without UTF-8 validation, values of closed enums that the enum does not declare
// (kept as unknown fields), groups (delimited message encoding) and required fields.
import { DecodeError, EncodeError } from "./errors.js";
import type { UnknownField } from "./messages.js";
import { fail, failTruncated, type Reader } from "./reader.js";
import { skipField } from "./skip.js";
import { asciiString, SHORT_STRING } from "./strings.js";
import { readTag, readVarint32 } from "./varint.js";
import { WireType } from "./wire-type.js";
import { putVarint64 } from "./writer.js";

// ignoreBOM: a leading U+FEFF is text, as in protobuf-es; not fatal: invalid bytes become U+FFFD.
const laxDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * A string field without UTF-8 validation (proto2, or `utf8_validation = NONE`): invalid bytes read as U+FFFD.
 * A short string of valid 1- to 3-byte sequences is made here, as readString makes it (the same text the
 * lax decoder gives valid bytes): a TextDecoder call costs about 50 ns, more than a whole short message.
 */
export function readStringUnvalidated(r: Reader): string {
  const len = readVarint32(r);
  const start = r.pos;
  const end = start + len;
  if (end > r.len) failTruncated(r, start);
  r.pos = end;
  if (len <= SHORT_STRING) {
    const text = asciiString(r.buf, start, len);
    if (text !== undefined) return text;
  }
  return laxDecoder.decode(r.buf.subarray(start, end));
}

/**
 * A closed enum's value that the enum does not declare: protobuf-es keeps it as an unknown
 * field of its number, the value re-encoded as an int32 varint (10 bytes when negative).
 * Returns `list` with the field appended (a new list for the first one); unchanged when
 * unknown fields are dropped.
 */
export function keepUnknownEnum(
  r: Reader,
  list: UnknownField[] | undefined,
  fieldNo: number,
  value: number,
): UnknownField[] | undefined {
  if (!r.unknownFields) return list;
  // An int32 is sign-extended to 64 bits on the wire.
  const varint = new Uint8Array(10);
  const length = putVarint64(varint, 0, value, value < 0 ? -1 : 0);
  const entry = { no: fieldNo, wireType: WireType.Varint, data: varint.slice(0, length) };
  if (list === undefined) return [entry];
  list.push(entry);
  return list;
}

/**
 * A group's body (delimited message encoding) starts at `r.pos`: returns where its end tag
 * starts, leaving `r.pos` where it was. The body is read afterwards as a message ending there;
 * then `closeGroup`. As in protobuf-es, a group may run past the end of the message around it,
 * up to the frame's end. The end is found by skipping fields by their wire types; where that
 * fails (a known field with another wire type, which protobuf-es reads by its declared type, or
 * bytes that are not a group), the end returned is the frame's, so that reading the body meets
 * the same bytes and reports them as any message's loop does.
 */
export function groupEnd(r: Reader, fieldNo: number, depth: number): number {
  const bodyStart = r.pos;
  try {
    for (;;) {
      const start = r.pos;
      if (start >= r.len) break;
      const tag = readTag(r);
      if ((tag & 7) === WireType.EndGroup) {
        if (tag >>> 3 !== fieldNo) break;
        r.pos = bodyStart;
        return start;
      }
      skipField(r, tag, depth);
    }
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
  }
  r.pos = bodyStart;
  return r.len;
}

/** Steps over the end tag of group `fieldNo` whose body has been read (see groupEnd). */
export function closeGroup(r: Reader, fieldNo: number): void {
  const start = r.pos;
  if (start >= r.len) failTruncated(r, start);
  const tag = readTag(r);
  if (tag !== ((fieldNo << 3) | WireType.EndGroup) >>> 0) {
    fail(r, "INVALID_GROUP", `group ${fieldNo} closed by tag ${tag >>> 3} of wire type ${tag & 7}`, start);
  }
}

/** A required field (proto2 `required`, editions `LEGACY_REQUIRED`) is not set: toBinary refuses too. */
export function failRequired(field: string): never {
  throw new EncodeError("MISSING_REQUIRED", field, "a required field is not set");
}

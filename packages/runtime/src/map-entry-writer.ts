// Map entries. Keyed by strings (most maps): the entry's length placeholder, the key's tag
// and the key written under one capacity check instead of three, and a string value in
// the same step (the generated encoder has written the map field's tag otherwise). Large
// maps: every value looked up before any entry is written.
import { ensure, invalid, join, putString, putVarint32, type Writer } from "./writer.js";

/** Entry tags: the key is field 1, the value field 2, both length-delimited here. */
const KEY_TAG = 0x0a;
const STRING_VALUE_TAG = 0x12;

/**
 * Opens an entry: one byte for its length (`join(w, at)` widens it when the entry
 * reaches 128 bytes), then the key's tag and the key. Returns `at` for that join.
 */
export function openStringKeyEntry(w: Writer, key: string): number {
  // The length byte, the key's tag, its 5-byte prefix at most and 3 bytes per UTF-16 unit.
  ensure(w, key.length * 3 + 7);
  const at = w.pos;
  w.buf[at + 1] = KEY_TAG;
  w.pos = putString(w.buf, at + 2, key);
  return at;
}

/** A whole `map<string, string>` entry: the map field's tag (a varint's value), the entry's length, key and value. */
export function writeStringEntry(w: Writer, tag: number, key: string, value: string, field: string): void {
  if (typeof value !== "string") invalid(field, value, "string");
  // The tag, the entry's length byte, two tags, two 5-byte prefixes at most, 3 bytes per UTF-16 unit.
  ensure(w, (key.length + value.length) * 3 + 18);
  const buf = w.buf;
  let at = w.pos;
  if (tag < 0x80) buf[at++] = tag;
  else at = putVarint32(buf, at, tag);
  buf[at + 1] = KEY_TAG;
  const keyEnd = putString(buf, at + 2, key);
  buf[keyEnd] = STRING_VALUE_TAG;
  const end = putString(buf, keyEnd + 1, value);
  const len = end - at - 1;
  w.pos = end;
  if (len < 0x80) buf[at] = len;
  else join(w, at);
}

/** Below this many entries a map's values are looked up as its entries are written. */
const LOOKUP_FIRST_MIN = 1024;

/**
 * A large map's values in key order, looked up in one tight loop before the entries are
 * written (undefined for a smaller map). The records of large decoded maps are hash tables
 * whose values lie in memory in hash order, so each lookup is a cache miss; looked up back
 * to back the misses overlap, where between two entries' writes they are paid one by one
 * (measured: the bench README, "Why the runtime's code has the shape it has").
 */
export function mapValues<V>(record: { [key: string]: V }, keys: readonly string[]): V[] | undefined {
  if (keys.length < LOOKUP_FIRST_MIN) return undefined;
  const values = new Array<V>(keys.length);
  for (let i = 0; i < keys.length; i++) values[i] = record[keys[i]];
  return values;
}

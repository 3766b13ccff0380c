// Strings: strict UTF-8. Short strings (instrument and index names, enum-like codes)
// are made here and interned so that a repeated name allocates nothing; long ones, and
// short ones this file does not decode itself, go through TextDecoder.
import { fail, failTruncated, type Reader } from "./reader.js";
import { decodeUtf8Strict } from "./utf8.js";
import { readVarint32 } from "./varint.js";

export const SHORT_STRING = 32;
/** One reusable array per short length: String.fromCharCode.apply reads them, so a string allocates only itself. */
const charCodeArrays: number[][] = Array.from({ length: SHORT_STRING + 1 }, (_, n) => new Array<number>(n).fill(0));

// Instrument and index names repeat on every tick of a feed, and building a string
// is the largest single cost of a small frame. Short ASCII strings are therefore
// interned in a two-way set-associative table: a hit costs one hash pass and one byte
// compare and allocates nothing; a miss decodes as usual and takes the slot.
// Bounded: INTERN_SLOTS strings of at most SHORT_STRING bytes (about 130 KiB in
// all), shared by every reader since strings are immutable.
const INTERN_SLOTS = 2048;
const internStrings: string[] = new Array<string>(INTERN_SLOTS).fill("");
const internLengths = new Uint8Array(INTERN_SLOTS);
const SLOT_WORDS = SHORT_STRING / 4;
const internWords = new Int32Array(INTERN_SLOTS * SLOT_WORDS);
/** The words of the name being looked up. */
const nameWords = new Int32Array(SLOT_WORDS);

// Interning pays where names repeat (a feed's instruments, a schema's enum-like codes);
// where they do not (a map of unique keys, free text) every lookup misses and adds a
// hash pass and a table write to making the string. So the hit rate is watched, per
// place that reads strings (an InternSite: generated code has one per string field):
// in each window of INTERN_WINDOW lookups fewer than one hit in INTERN_MIN_HIT_EVERY
// pauses interning at that place for its next INTERN_PAUSE short strings, which are
// made directly; then a new window measures again, so a field that turns repetitive is
// interned again within a few thousand strings. One record for the whole process made
// a field's cost depend on what else the process decoded: bench:mixed's Nested-10KB
// (names that never repeat, so interning paused when decoded alone) ran 1.6x slower
// beside Struct-10KB alone, whose repeating keys kept the shared record's hit rate up
// (1.35x with a record per field).
const INTERN_WINDOW = 256;
const INTERN_MIN_HIT_EVERY = 8;
const INTERN_PAUSE = 4096;

/** One place that reads strings, with its own record of how often the intern table serves it. */
export class InternSite {
  lookups = 0;
  hits = 0;
  pausedFor = 0;
}

/** The place of every read that names none (code generated before InternSite existed, readStringReusing). */
const unnamedSite = new InternSite();

/** Strict UTF-8, like protobuf-es for proto3 strings; a leading U+FEFF is kept as text. */
export function readString(r: Reader, site: InternSite = unnamedSite): string {
  const len = readVarint32(r);
  const start = r.pos;
  const end = start + len;
  if (end > r.len) failTruncated(r, start);
  r.pos = end;
  if (len > SHORT_STRING) return decodeOrFail(r, start, end);
  const buf = r.buf;
  // Entries of one incremental update or depth frame mostly name one instrument:
  // the previous short string of the frame is checked first, from its last byte
  // (where option strikes and index numbers differ), before any hashing.
  if (len === r.lastStringLength && sameBytes(r, start, r.lastStringStart, len)) return r.lastString;
  let text: string | undefined;
  if (site.pausedFor > 0) {
    site.pausedFor--;
    text = asciiString(buf, start, len);
  } else text = internString(buf, start, end, len, site);
  if (text !== undefined) {
    r.lastStringLength = len;
    r.lastStringStart = start;
    r.lastString = text;
    return text;
  }
  return decodeOrFail(r, start, end);
}

/**
 * Whether the frame's bytes at `a` and at `b` agree for `len` bytes, from the last (where option strikes and
 * index numbers differ). Once the frame has its view (made at its first double: an update's second entry on),
 * four bytes at a time through it: a 17-byte instrument name in 4 compares and 1, not 17.
 */
function sameBytes(r: Reader, a: number, b: number, len: number): boolean {
  const buf = r.buf;
  const view = r.view;
  let k = len;
  if (view !== undefined) while (k >= 4 && view.getInt32(a + k - 4, true) === view.getInt32(b + k - 4, true)) k -= 4;
  k--;
  while (k >= 0 && buf[a + k] === buf[b + k]) k--;
  return k < 0;
}

/** The interned string for the short `buf[start, end)`, or undefined when shortUtf8 leaves it to TextDecoder. */
function internString(buf: Uint8Array, start: number, end: number, len: number, site: InternSite): string | undefined {
  // Every byte is hashed: names that differ in one digit (option strikes) must not
  // share a slot. The bytes are taken four at a time as little-endian words (the
  // tail zero-padded; the length seeds the hash), which serve both the hash and the
  // compare: a hit compares at most 8 words instead of up to 32 bytes.
  const words = nameWords;
  let hash = len;
  let ascii = 0;
  let count = 0;
  let i = start;
  for (; i + 4 <= end; i += 4) {
    const word = buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | (buf[i + 3] << 24);
    words[count++] = word;
    ascii |= word;
    hash = Math.imul(hash ^ word, 0x01000193);
  }
  if (i < end) {
    let word = 0;
    for (let shift = 0; i < end; i++, shift += 8) word |= buf[i] << shift;
    words[count++] = word;
    ascii |= word;
    hash = Math.imul(hash ^ word, 0x01000193);
  }
  // murmur3's finaliser: the word-wise FNV above leaves low bits poorly mixed.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  // Two-way: a name lives in its slot or the slot's pair, so two names of one frame that
  // hash alike (50 index names make a collision likely) no longer evict each other.
  const slot = (hash ^ (hash >>> 16)) & (INTERN_SLOTS - 1);
  if (++site.lookups === INTERN_WINDOW) endWindow(site);
  if (internLengths[slot] === len && sameWords(words, count, slot * SLOT_WORDS)) {
    site.hits++;
    return internStrings[slot];
  }
  const pair = slot ^ 1;
  if (internLengths[pair] === len && sameWords(words, count, pair * SLOT_WORDS)) {
    site.hits++;
    return internStrings[pair];
  }
  let text: string | undefined;
  if ((ascii & 0x80808080) === 0) {
    const codes = charCodeArrays[len];
    for (let k = 0; k < len; k++) codes[k] = buf[start + k];
    text = String.fromCharCode.apply(String, codes);
  } else {
    text = shortUtf8(buf, start, end);
    if (text === undefined) return undefined;
  }
  // A miss: the slot's entry moves to the pair (dropping the pair's), the new name takes the slot.
  const base = slot * SLOT_WORDS;
  internWords.copyWithin(pair * SLOT_WORDS, base, base + SLOT_WORDS);
  internLengths[pair] = internLengths[slot];
  internStrings[pair] = internStrings[slot];
  for (let k = 0; k < count; k++) internWords[base + k] = words[k];
  internLengths[slot] = len;
  internStrings[slot] = text;
  return text;
}

function endWindow(site: InternSite): void {
  if (site.hits * INTERN_MIN_HIT_EVERY < INTERN_WINDOW) site.pausedFor = INTERN_PAUSE;
  site.lookups = 0;
  site.hits = 0;
}

/** The short `buf[start, start + len)` as a string (no interning), or undefined when shortUtf8 leaves it to TextDecoder. */
export function asciiString(buf: Uint8Array, start: number, len: number): string | undefined {
  const codes = charCodeArrays[len];
  let ascii = 0;
  for (let k = 0; k < len; k++) {
    const c = buf[start + k];
    ascii |= c;
    codes[k] = c;
  }
  return ascii < 0x80 ? String.fromCharCode.apply(String, codes) : shortUtf8(buf, start, start + len);
}

/**
 * A short string with non-ASCII bytes (accented names, a currency sign), decoded here
 * when it is made of 1- to 3-byte sequences, each checked as TextDecoder's fatal mode
 * checks it (no overlong form, no surrogate, no truncated sequence). Anything else
 * (4-byte sequences, any invalid byte) returns undefined and goes to TextDecoder, which
 * also makes the error: the fixed cost of a TextDecoder call is most of a short string's.
 */
function shortUtf8(buf: Uint8Array, start: number, end: number): string | undefined {
  // One UTF-16 unit per sequence: every byte that is not a continuation byte starts one.
  let units = 0;
  for (let i = start; i < end; i++) if ((buf[i] & 0xc0) !== 0x80) units++;
  const codes = charCodeArrays[units];
  let n = 0;
  let i = start;
  while (i < end) {
    const b = buf[i];
    if (b < 0x80) {
      codes[n++] = b;
      i += 1;
    } else if (b >= 0xc2 && b <= 0xdf) {
      if (i + 1 >= end) return undefined;
      const b1 = buf[i + 1];
      if ((b1 & 0xc0) !== 0x80) return undefined;
      codes[n++] = ((b & 0x1f) << 6) | (b1 & 0x3f);
      i += 2;
    } else if (b >= 0xe0 && b <= 0xef) {
      if (i + 2 >= end) return undefined;
      const b1 = buf[i + 1];
      const b2 = buf[i + 2];
      if ((b1 & 0xc0) !== 0x80 || (b2 & 0xc0) !== 0x80) return undefined;
      // E0 80-9F would be an overlong form, ED A0-BF a surrogate.
      if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f)) return undefined;
      codes[n++] = ((b & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      i += 3;
    } else return undefined;
  }
  return String.fromCharCode.apply(String, codes);
}

function sameWords(words: Int32Array, count: number, base: number): boolean {
  for (let k = 0; k < count; k++) if (internWords[base + k] !== words[k]) return false;
  return true;
}

/**
 * Reuse path: keeps `previous` when the bytes spell it again (the usual case for
 * an instrument name in a reused target), so a steady stream allocates no strings.
 */
export function readStringReusing(r: Reader, previous: string): string {
  const pos = r.pos;
  const len = readVarint32(r);
  const start = r.pos;
  const end = start + len;
  if (end <= r.len) {
    const buf = r.buf;
    // The frame's previous short string first: a compare of bytes, cheaper than charCodeAt.
    if (len === r.lastStringLength && sameBytes(r, start, r.lastStringStart, len)) {
      r.pos = end;
      return r.lastString;
    }
    if (len === previous.length) {
      let i = 0;
      // Only ASCII bytes can equal a char code one for one.
      while (i < len && buf[start + i] < 0x80 && buf[start + i] === previous.charCodeAt(i)) i++;
      if (i === len) {
        r.pos = end;
        if (len <= SHORT_STRING) {
          r.lastStringLength = len;
          r.lastStringStart = start;
          r.lastString = previous;
        }
        return previous;
      }
    }
  }
  r.pos = pos;
  return readString(r);
}

function decodeOrFail(r: Reader, start: number, end: number): string {
  const text = decodeUtf8Strict(r.buf.subarray(start, end));
  if (text === undefined) fail(r, "INVALID_UTF8", "a string field is not valid UTF-8", start);
  return text;
}

// A base64 decoder on plain typed arrays (no Node-only API, no atob: atob returns a binary
// string that would need a second pass). Accepts the standard alphabet and the
// URL-safe one ('-' and '_'), with or without '=' padding; rejects whitespace,
// misplaced padding and a length that no encoding produces (4n + 1).

import { DecodeError } from "./errors.js";

const INVALID = 255;
const decodeTable = new Uint8Array(256).fill(INVALID);
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
for (let i = 0; i < 64; i++) decodeTable[alphabet.charCodeAt(i)] = i;
decodeTable["-".charCodeAt(0)] = 62;
decodeTable["_".charCodeAt(0)] = 63;

const PAD = 0x3d;

/** The number of bytes `text` decodes to, or -1 when its length or padding is impossible. */
export function base64DecodedLength(text: string): number {
  let len = text.length;
  if (len > 0 && text.charCodeAt(len - 1) === PAD) {
    if (len % 4 !== 0) return -1;
    len--;
    if (text.charCodeAt(len - 1) === PAD) len--;
  }
  if (len % 4 === 1) return -1;
  return Math.floor((len * 3) / 4);
}

/**
 * Decodes `text` into `out` (which must hold `base64DecodedLength(text)` bytes).
 * Returns -1 if it decoded, else the index of the first offending character.
 */
export function decodeBase64Into(text: string, out: Uint8Array): number {
  let len = text.length;
  while (len > 0 && text.charCodeAt(len - 1) === PAD && text.length - len < 2) len--;
  let o = 0;
  let i = 0;
  // Four characters, three bytes; any invalid character makes `bits` negative... so check each.
  for (; i + 4 <= len; i += 4) {
    const a = decodeTable[text.charCodeAt(i) & 0xff];
    const b = decodeTable[text.charCodeAt(i + 1) & 0xff];
    const c = decodeTable[text.charCodeAt(i + 2) & 0xff];
    const d = decodeTable[text.charCodeAt(i + 3) & 0xff];
    if ((a | b | c | d) === INVALID || !allByteChars(text, i, 4)) return firstInvalid(text, i, len);
    out[o++] = (a << 2) | (b >> 4);
    out[o++] = ((b & 0xf) << 4) | (c >> 2);
    out[o++] = ((c & 0x3) << 6) | d;
  }
  const rest = len - i;
  if (rest >= 2) {
    const a = decodeTable[text.charCodeAt(i) & 0xff];
    const b = decodeTable[text.charCodeAt(i + 1) & 0xff];
    if (a === INVALID || b === INVALID || !allByteChars(text, i, 2)) return firstInvalid(text, i, len);
    out[o++] = (a << 2) | (b >> 4);
    if (rest === 3) {
      const c = decodeTable[text.charCodeAt(i + 2) & 0xff];
      if (c === INVALID || text.charCodeAt(i + 2) > 0xff) return i + 2;
      out[o++] = ((b & 0xf) << 4) | (c >> 2);
    }
  }
  return -1;
}

// `& 0xff` folds characters above U+00FF onto the table; they are never valid.
function allByteChars(text: string, start: number, count: number): boolean {
  for (let k = start; k < start + count; k++) if (text.charCodeAt(k) > 0xff) return false;
  return true;
}

function firstInvalid(text: string, start: number, len: number): number {
  for (let k = start; k < len; k++) {
    const code = text.charCodeAt(k);
    if (code > 0xff || decodeTable[code] === INVALID) return k;
  }
  return start;
}

/** Where a text frame sits in its stream, for the error's `offset` and `frameIndex`. */
export interface Base64Position {
  /** Stream offset of the frame, counted in decoded bytes (as `FrameDecoder`'s base64 framing counts). */
  offset?: number;
  frameIndex?: number;
}

/** The INVALID_BASE64 error for `text`: `bad` is the offending character's index, or -1 for a bad length or padding. */
export function invalidBase64(bad: number, position: Base64Position = {}): DecodeError {
  const detail = bad < 0 ? "the text length or padding is not base64" : `character ${bad} of the text is not base64`;
  return new DecodeError("INVALID_BASE64", detail, position.offset ?? 0, position.frameIndex ?? 0);
}

/**
 * Decodes one base64 text (standard or URL-safe alphabet, padded or not) to bytes, with the same rules as
 * `FrameDecoder`'s base64 framing; throws a `DecodeError` INVALID_BASE64 otherwise (e.g. for the 4n + 1 length "A").
 */
export function decodeBase64(text: string, position?: Base64Position): Uint8Array {
  const size = base64DecodedLength(text);
  if (size < 0) throw invalidBase64(-1, position);
  const out = new Uint8Array(size);
  const bad = decodeBase64Into(text, out);
  if (bad >= 0) throw invalidBase64(bad, position);
  return out;
}

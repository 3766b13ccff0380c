// The four headers a consumer reads from each relayed message. nats.js decodes a message's headers into a map of
// every header (text decoding, line splits, a list per key, a key list per lookup), which cost a consumer more than
// decoding the frame itself; at thousands of messages a second this reads just these four from the header bytes, in
// one pass. The bytes are nats.js's own (`_rdata`, `_msg.hdr`, not public): when a nats.js version no longer has them,
// the public `headers` is read instead, so this can only be slower, never wrong.
import type { MsgHdrs } from "@nats-io/transport-node";
import { FRAME_HEADER, POSITION_HEADER, RECEIVED_HEADER } from "./subjects.js";

export const MSG_ID_HEADER = "Nats-Msg-Id";

/** What a message's headers say; a header missing or empty is undefined (as `headers.get(...) || undefined`). */
export interface LiveHeaders {
  position: string | undefined;
  msgId: string | undefined;
  received: string | undefined;
  frameId: string | undefined;
}

const KEYS = [POSITION_HEADER, MSG_ID_HEADER, RECEIVED_HEADER, FRAME_HEADER].map((k) => new TextEncoder().encode(k));
const UTF8 = new TextDecoder();
const NO_HEADERS: LiveHeaders = Object.freeze({
  position: undefined,
  msgId: undefined,
  received: undefined,
  frameId: undefined,
});

interface RawMsg {
  _rdata?: unknown;
  _msg?: { hdr?: unknown };
}

/** Reads the four headers of a message received from nats.js (a core message, or a JetStream one's `headers`). */
export function readLiveHeaders(m: { readonly headers?: MsgHdrs }): LiveHeaders {
  const raw = m as unknown as RawMsg;
  const bytes = raw._rdata;
  const end = raw._msg?.hdr;
  if (bytes instanceof Uint8Array && typeof end === "number" && end <= bytes.length) {
    return end > 0 ? parseHeaderBlock(bytes, end) : NO_HEADERS;
  }
  const headers = m.headers;
  return {
    position: headers?.get(POSITION_HEADER) || undefined,
    msgId: headers?.get(MSG_ID_HEADER) || undefined,
    received: headers?.get(RECEIVED_HEADER) || undefined,
    frameId: headers?.get(FRAME_HEADER) || undefined,
  };
}

/**
 * Parses a NATS header block (`NATS/1.0\r\nKey: value\r\n...\r\n\r\n`) in `bytes[0, end)` as nats.js does for
 * these keys: exact key match, the first value of a repeated key, the value trimmed.
 */
export function parseHeaderBlock(bytes: Uint8Array, end: number): LiveHeaders {
  const found: (string | undefined)[] = [undefined, undefined, undefined, undefined];
  let line = indexOfCrLf(bytes, 0, end);
  // The status line is not a header.
  if (line >= 0) line += 2;
  while (line >= 0 && line < end) {
    const lineEnd = indexOfCrLf(bytes, line, end);
    const stop = lineEnd < 0 ? end : lineEnd;
    let colon = line;
    while (colon < stop && bytes[colon] !== 0x3a) colon++;
    if (colon < stop) {
      const k = matchKey(bytes, line, colon);
      if (k >= 0 && found[k] === undefined) found[k] = text(bytes, colon + 1, stop) || undefined;
    }
    line = lineEnd < 0 ? -1 : lineEnd + 2;
  }
  return { position: found[0], msgId: found[1], received: found[2], frameId: found[3] };
}

function indexOfCrLf(bytes: Uint8Array, from: number, end: number): number {
  for (let i = from; i + 1 < end; i++) if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) return i;
  return -1;
}

function matchKey(bytes: Uint8Array, start: number, stop: number): number {
  next: for (let k = 0; k < KEYS.length; k++) {
    const key = KEYS[k];
    if (key.length !== stop - start) continue;
    for (let i = 0; i < key.length; i++) if (bytes[start + i] !== key[i]) continue next;
    return k;
  }
  return -1;
}

/** The trimmed text of `bytes[start, stop)`; ASCII by hand, anything else through a TextDecoder. */
function text(bytes: Uint8Array, start: number, stop: number): string {
  while (start < stop && isSpace(bytes[start])) start++;
  while (stop > start && isSpace(bytes[stop - 1])) stop--;
  let out = "";
  for (let i = start; i < stop; i++) {
    const c = bytes[i];
    if (c >= 0x80) return UTF8.decode(bytes.subarray(start, stop)).trim();
    out += String.fromCharCode(c);
  }
  return out;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a || c === 0x0b || c === 0x0c;
}

// The header block of a relayed message, encoded once per publish by hand. nats.js's `headers()` builds a map (a list
// per key, a validation regex and a key search per `set`) and `encode()` joins it into a string and UTF-8 encodes it:
// in a profile of the relay at 20,000 frames/s those steps and the garbage they leave were about a tenth of its CPU.
// The block here has the bytes nats.js would write for the same keys and values, in the same order
// (`NATS/1.0\r\nKey: value\r\n...\r\n\r\n`, what live-headers.ts reads back), and a retry sends the same bytes again.
import { type MsgHdrs, headers as natsHeaders } from "@nats-io/transport-node";
import { Slab } from "./slab.js";
import { FRAME_HEADER, POSITION_HEADER, RECEIVED_HEADER } from "./subjects.js";

const MSG_ID_HEADER = "Nats-Msg-Id";
const STATUS_LINE = "NATS/1.0";
const UTF8 = new TextEncoder();
const slab = new Slab();

/** The relay's four headers, in the order nats.js writes them when set in this order. */
export function encodeRelayHeaders(
  msgId: string,
  receivedAt: string,
  position: string,
  frameId: string | undefined,
): Uint8Array {
  const fixed = frameId === undefined ? FIXED_WITHOUT_FRAME : FIXED_WITH_FRAME;
  const size =
    fixed + msgId.length + receivedAt.length + position.length + (frameId === undefined ? 0 : frameId.length);
  const out = slab.alloc(size);
  let at = ascii(out, 0, STATUS_LINE);
  at = line(out, at, MSG_ID_HEADER, msgId);
  at = line(out, at, RECEIVED_HEADER, receivedAt);
  at = line(out, at, POSITION_HEADER, position);
  if (frameId !== undefined) at = line(out, at, FRAME_HEADER, frameId);
  if (at < 0) return slowPath(msgId, receivedAt, position, frameId);
  out[at] = 0x0d;
  out[at + 1] = 0x0a;
  out[at + 2] = 0x0d;
  out[at + 3] = 0x0a;
  return out;
}

/** `\r\nKey: ` per header, the status line and the closing `\r\n\r\n`. */
const FIXED_WITHOUT_FRAME =
  STATUS_LINE.length + 4 * 3 + MSG_ID_HEADER.length + RECEIVED_HEADER.length + POSITION_HEADER.length + 4;
const FIXED_WITH_FRAME = FIXED_WITHOUT_FRAME + 4 + FRAME_HEADER.length;

/** Writes `\r\nkey: value` at `at`; -1 when the value is not plain ASCII (or holds CR/LF). */
function line(out: Uint8Array, at: number, key: string, value: string): number {
  if (at < 0) return -1;
  out[at++] = 0x0d;
  out[at++] = 0x0a;
  at = ascii(out, at, key);
  out[at++] = 0x3a;
  out[at++] = 0x20;
  // nats.js trims a value: one with white space at either end goes the slow way.
  if (value.length > 0 && (value.charCodeAt(0) <= 0x20 || value.charCodeAt(value.length - 1) <= 0x20)) return -1;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x80 || c === 0x0d || c === 0x0a) return -1;
    out[at++] = c;
  }
  return at;
}

function ascii(out: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  return at;
}

/** Values the fast path does not write (never the relay's own: ids, times and positions are ASCII): as nats.js does. */
function slowPath(msgId: string, receivedAt: string, position: string, frameId: string | undefined): Uint8Array {
  let text = STATUS_LINE;
  for (const [key, value] of [
    [MSG_ID_HEADER, msgId],
    [RECEIVED_HEADER, receivedAt],
    [POSITION_HEADER, position],
    [FRAME_HEADER, frameId],
  ] as const) {
    if (value === undefined) continue;
    if (/[\r\n]/.test(value)) throw new TypeError(`header ${key}: values cannot contain \\r or \\n`);
    text += `\r\n${key}: ${value.trim()}`;
  }
  return UTF8.encode(`${text}\r\n\r\n`);
}

/**
 * Encoded headers in the shape nats.js's publish takes: nats-core 3.3's protocol `publish` calls only `encode()` on
 * them (a method of its MsgHdrsImpl, not of the declared MsgHdrs), so the block goes out as it is, with no map built
 * and no string joined per message. Nothing else of MsgHdrs is there: these are only for `publish`.
 */
class EncodedHeaders {
  readonly #block: Uint8Array;
  constructor(block: Uint8Array) {
    this.#block = block;
  }
  encode(): Uint8Array {
    return this.#block;
  }
}

/** Whether this nats.js encodes headers with `encode()`; when a version no longer does, its own map is used. */
const NATS_ENCODES = typeof (natsHeaders() as unknown as { encode?: unknown }).encode === "function";

/** An encoded header block as nats.js's publish takes it: as it is, or (another nats.js) read into its header map. */
export function asNatsHeaders(block: Uint8Array): MsgHdrs {
  if (NATS_ENCODES) return new EncodedHeaders(block) as never;
  const h = natsHeaders();
  const lines = new TextDecoder().decode(block).split("\r\n").slice(1);
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) h.append(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return h;
}

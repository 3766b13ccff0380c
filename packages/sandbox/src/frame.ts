// One encoded feed message and what the server needs to route it, plus the MessageSize splice.
import { encodeMessage } from "@tickwire/codec";
import {
  type MarketDataMessageBase,
  messageIds as protoMessageIds,
  messageTime as protoMessageTime,
} from "@tickwire/proto";

export interface FeedFrame {
  /** The message as encoded: one MarketDataMessageBase, no length prefix (what a BINARY WebSocket frame holds). */
  readonly bytes: Uint8Array;
  readonly message: MarketDataMessageBase;
  /** Every instrument id the message carries: a subscriber to any of them receives it. */
  readonly ids: readonly bigint[];
  /** The message's own time in epoch milliseconds (see `messageTime`); paces replays. */
  readonly timeMs: number;
}

/** Message codes by subtype. Only 1502 and 1505 are documented (docs/platform.md); the rest are this sandbox's. */
export const MESSAGE_CODES = {
  TickDataMessage: 1500,
  TouchLineDataMessage: 1501,
  MarketDepthMessage: 1502,
  IndexDataMessage: 1504,
  IndexDataListMessage: 1505,
  IncrementalUpdateMessage: 1506,
  TickData: 1507,
} as const;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function varintLength(value: number): number {
  let length = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 128);
    length++;
  }
  return length;
}

/**
 * Encodes the message with `MessageSize` set to the byte length of the whole encoded message (this sandbox's reading
 * of a field the contract does not explain). Fields are written in number order, so field 3 sits between ID (2) and
 * the subtype (500+): it is spliced in rather than encoding twice. Sets `message.MessageSize`.
 */
export function encodeWithSize(message: MarketDataMessageBase): Uint8Array {
  message.MessageSize = 0;
  const body = encodeMessage(message);
  let head = 0;
  // A negative int32 is written as a ten-byte varint; a uint64 is measured exactly as bigint.
  if (message.MessageCode !== 0) head += 1 + (message.MessageCode < 0 ? 10 : varintLength(message.MessageCode));
  if (message.ID !== 0n) {
    const id = message.ID;
    head += 1 + (id <= MAX_SAFE ? varintLength(Number(id)) : Math.ceil(id.toString(2).length / 7));
  }
  let size = body.length + 2;
  while (body.length + 1 + varintLength(size) !== size) size = body.length + 1 + varintLength(size);
  const out = new Uint8Array(size);
  out.set(body.subarray(0, head), 0);
  let pos = head;
  out[pos++] = 0x18; // field 3, wire type 0
  let rest = size;
  while (rest >= 0x80) {
    out[pos++] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 128);
  }
  out[pos++] = rest;
  out.set(body.subarray(head), pos);
  message.MessageSize = size;
  return out;
}

/** @deprecated Import `messageTime` from `@tickwire/proto` (this is the same function, re-exported for compatibility). */
export const messageTime: typeof protoMessageTime = protoMessageTime;

/** @deprecated Import `messageIds` from `@tickwire/proto` (this is the same function, re-exported for compatibility). */
export const messageIds: typeof protoMessageIds = protoMessageIds;

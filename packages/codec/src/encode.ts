import type { MarketDataMessageBase } from "@tickwire/proto";
import { fork, join, takeBytes, Writer, writeVarint32 } from "@tickwire/runtime";
import type { DecodedMessage, Int64Mode } from "./decode.js";
import { writeMarketDataMessageBase } from "./gen/tickwire/marketdata/v1/marketdata_tw.js";

/** Any decoded message: 64-bit fields may be bigint, number or decimal string. */
export type EncodableMessage = MarketDataMessageBase | DecodedMessage<Int64Mode>;

// encodeMessage calls no user code while writing, so one scratch buffer serves every call.
const shared = new Writer();

function encodeInto(w: Writer, message: EncodableMessage): void {
  w.pos = 0;
  writeMarketDataMessageBase(w, message as MarketDataMessageBase);
}

/**
 * Encodes byte for byte as protobuf-es's `toBinary(MarketDataMessageBaseSchema, message)`; throws EncodeError for
 * invalid values. A result of 65 bytes to 2 KiB is a view into a buffer shared with other results (see README).
 */
export function encodeMessage(message: EncodableMessage): Uint8Array {
  encodeInto(shared, message);
  return takeBytes(shared);
}

/** The message with a varint length prefix: the "delimited" framing (protobuf's writeDelimitedTo). */
export function encodeDelimited(message: EncodableMessage): Uint8Array {
  const w = shared;
  w.pos = 0;
  const mark = fork(w);
  writeMarketDataMessageBase(w, message as MarketDataMessageBase);
  join(w, mark);
  return takeBytes(w);
}

/**
 * Bytes already encoded (a frame off a socket, a recorded message) behind a varint length
 * prefix: the "delimited" framing of captures, files and TCP relays.
 */
export function delimitBytes(bytes: Uint8Array): Uint8Array {
  const prefix = new Writer();
  writeVarint32(prefix, bytes.length);
  const out = new Uint8Array(prefix.pos + bytes.length);
  out.set(prefix.buf.subarray(0, prefix.pos));
  out.set(bytes, prefix.pos);
  return out;
}

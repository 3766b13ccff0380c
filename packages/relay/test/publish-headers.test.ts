// The relay's hand-encoded header block: byte for byte what nats.js's header map encodes for the same headers, so a
// consumer (nats.js's parser, or live-headers.ts on the bytes) reads the same values either way.
import assert from "node:assert/strict";
import { test } from "node:test";
import { headers } from "@nats-io/transport-node";
import { MSG_ID_HEADER, parseHeaderBlock } from "../src/live-headers.js";
import { asNatsHeaders, encodeRelayHeaders } from "../src/publish-headers.js";
import { FRAME_HEADER, POSITION_HEADER, RECEIVED_HEADER } from "../src/subjects.js";

function viaNats(msgId: string, receivedAt: string, position: string, frameId: string | undefined): Uint8Array {
  const h = headers();
  h.set(MSG_ID_HEADER, msgId);
  h.set(RECEIVED_HEADER, receivedAt);
  h.set(POSITION_HEADER, position);
  if (frameId !== undefined) h.set(FRAME_HEADER, frameId);
  return encoded(h);
}

/** nats.js's publish encodes headers with this (a method of its implementation, not of the declared MsgHdrs). */
const encoded = (h: unknown) => (h as { encode(): Uint8Array }).encode();

const cases: [string, string, string, string | undefined][] = [
  ["NSECM.2885.TickData.17.0a1b2c3d", "1764222000123.456", "a1b2c3d4e5f6.1", undefined],
  ["NSEFO.-9223372036854775808.IndexDataListMessage.0.ffffffff", "0.000", "e.123456789", "0.ffffffff"],
  ["x", "1", "e.1", ""],
  // Not the relay's own values: the slow way, still what nats.js writes (trimmed), or its error.
  ["NSECM.1.TickData.ü", "1", "e.1", undefined],
  [" padded ", "1", "e.1", "\tf "],
];

test("the header block is byte for byte nats.js's for the relay's headers, and reads back the same", () => {
  for (const [msgId, receivedAt, position, frameId] of cases) {
    const ours = encodeRelayHeaders(msgId, receivedAt, position, frameId);
    assert.deepEqual(ours, viaNats(msgId, receivedAt, position, frameId), `${msgId} ${frameId}`);
    const read = parseHeaderBlock(ours, ours.length);
    assert.equal(read.msgId, msgId.trim());
    assert.equal(read.position, position);
    assert.equal(read.received, receivedAt);
    assert.equal(read.frameId, frameId?.trim() || undefined);
    assert.deepEqual(encoded(asNatsHeaders(ours)), ours);
  }
});

test("a value with CR or LF is refused, as nats.js refuses it", () => {
  assert.throws(() => viaNats("a\r\nb", "1", "e.1", undefined));
  assert.throws(() => encodeRelayHeaders("a\r\nb", "1", "e.1", undefined), /cannot contain/);
});

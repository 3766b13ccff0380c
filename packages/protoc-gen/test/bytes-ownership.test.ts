// Who owns a decoded bytes field: decodeX returns views into the caller's input, as
// protobuf-es's fromBinary does (no buffer allocated per field); a frame decoder copies,
// since the chunk it was given, or its own buffer for a frame spanning chunks, may be
// reused as soon as push returns. Unknown fields' bytes follow the same rule.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { OrderSchema } from "./gen/tickwire/orders/v1/orders_pb.js";
import { decodeOrder, encodeOrderDelimited, newOrderFrameDecoder } from "./gen/tickwire/orders/v1/orders_tw.js";

const signed = () => create(OrderSchema, { clientOrderId: "o-1", signature: Uint8Array.of(1, 2, 3, 4, 5) });

describe("bytes fields", () => {
  test("decodeX: a view into the input, as fromBinary's (same bytes, same buffer)", () => {
    const input = toBinary(OrderSchema, signed());
    const ours = decodeOrder(input);
    const theirs = fromBinary(OrderSchema, input);
    assert.deepStrictEqual(ours, theirs);
    assert.equal(ours.signature.buffer, input.buffer);
    assert.equal(theirs.signature.buffer, input.buffer);
  });

  test("decodeX: an empty bytes field is empty whether absent or sent with length 0", () => {
    const absent = decodeOrder(toBinary(OrderSchema, create(OrderSchema, { clientOrderId: "x" })));
    const w = new BinaryWriter();
    w.tag(18, WireType.LengthDelimited).bytes(new Uint8Array(0));
    const sent = decodeOrder(w.finish());
    assert.equal(absent.signature.length, 0);
    assert.equal(sent.signature.length, 0);
    assert.deepStrictEqual(sent, fromBinary(OrderSchema, w.finish()));
  });

  test("a frame decoder's bytes are copies: reusing the chunk after push changes nothing decoded", () => {
    const frame = encodeOrderDelimited(signed());
    const chunk = new Uint8Array(frame.length);
    chunk.set(frame);
    const decoder = newOrderFrameDecoder();
    const [order] = decoder.push(chunk);
    chunk.fill(0xee);
    assert.deepStrictEqual([...order.signature], [1, 2, 3, 4, 5]);
    assert.notEqual(order.signature.buffer, chunk.buffer);
  });

  test("unknown fields: views from decodeX, copies from a frame decoder", () => {
    const w = new BinaryWriter();
    w.tag(1, WireType.LengthDelimited).string("o-2");
    w.tag(999, WireType.LengthDelimited).bytes(Uint8Array.of(9, 8, 7));
    const body = w.finish();
    const decoded = decodeOrder(body);
    assert.equal(decoded.$unknown?.[0].data.buffer, body.buffer);
    const prefixed = new Uint8Array(body.length + 1);
    prefixed[0] = body.length;
    prefixed.set(body, 1);
    const [framed] = newOrderFrameDecoder().push(prefixed);
    prefixed.fill(0);
    assert.deepStrictEqual([...(framed.$unknown?.[0].data ?? [])], [3, 9, 8, 7]);
  });
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { create, toBinary } from "@bufbuild/protobuf";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { type Decoder, makeDecoders, makeEncoders } from "../src/decoders.js";
import { canonical, firstDifference } from "../src/normalise.js";
import { generatePbjs, loadPbjs, protobufjsLongs } from "../src/peers.js";
import { subjects } from "../src/subjects.js";
import { VerificationError, verifyDecoders, verifyEncoders } from "../src/verify.js";

generatePbjs();
const pbjs = await loadPbjs();
const all = subjects(300);
const honest = () => false;

test("every real decoder agrees with the reference on every subject", () => {
  for (const s of all) verifyDecoders(s.name, makeDecoders(pbjs, honest), s.frames, s.messages);
});

test("every real encoder produces the reference (or, for protobufjs, an equal message)", () => {
  for (const s of all) {
    protobufjsLongs(false);
    const pbjsMessages = s.frames.map((f) => pbjs.decode(f));
    verifyEncoders(s.name, makeEncoders(s.messages, pbjsMessages, pbjs, 1, honest), s.frames, s.messages);
  }
});

test("each decoder, made to answer wrongly, fails verification", () => {
  const mixed = all[all.length - 1];
  for (const wrong of makeDecoders(pbjs, () => true)) {
    assert.throws(
      () => verifyDecoders(mixed.name, [wrong], mixed.frames, mixed.messages),
      (e: unknown) => e instanceof VerificationError && e.message.includes(`Mixed/${wrong.name}: frame 0`),
      wrong.name,
    );
  }
});

test("each encoder, made to answer wrongly, fails verification", () => {
  const s = all[0];
  protobufjsLongs(false);
  const pbjsMessages = s.frames.map((f) => pbjs.decode(f));
  for (const wrong of makeEncoders(s.messages, pbjsMessages, pbjs, 1, () => true)) {
    assert.throws(() => verifyEncoders(s.name, [wrong], s.frames, s.messages), VerificationError, wrong.name);
  }
});

test("a 64-bit value rounded to a number does not pass for the exact one", () => {
  // protobufjs in number mode rounds 2^53 + 1 silently; the check must see it.
  const message = create(MarketDataMessageBaseSchema, { MessageCode: 1, ID: 2n ** 53n + 1n });
  const frame = toBinary(MarketDataMessageBaseSchema, message);
  const decoders = makeDecoders(pbjs, honest);
  const byName = (n: string) => decoders.find((d) => d.name === n) as Decoder;
  assert.throws(
    () => verifyDecoders("big ID", [byName("protobufjs")], [frame], [message]),
    /protobufjs: frame 0 decodes wrongly: ID: "9007199254740993" != "unsafe 9007199254740992 at/,
  );
  // Long objects and bigints carry it exactly.
  verifyDecoders("big ID", [byName("protobufjs-long"), byName("codec"), byName("protobuf-es")], [frame], [message]);
  // The codec's number mode refuses instead of rounding.
  assert.throws(
    () => verifyDecoders("big ID", [byName("codec-number")], [frame], [message]),
    /failed to decode.*INT64_RANGE|2\^53/,
  );
});

test("bigint, number, string and Long forms of one message are one canonical form", () => {
  const s = all[1];
  const reference = canonical(s.messages[0], MarketDataMessageBaseSchema);
  protobufjsLongs(true);
  const viaLong = canonical(pbjs.decode(s.frames[0]), MarketDataMessageBaseSchema);
  protobufjsLongs(false);
  const viaNumber = canonical(pbjs.decode(s.frames[0]), MarketDataMessageBaseSchema);
  assert.equal(firstDifference(reference, viaLong), undefined);
  assert.equal(firstDifference(reference, viaNumber), undefined);
  assert.equal(typeof (reference.ID as unknown), "string");
});

test("firstDifference names the path of the first difference", () => {
  assert.equal(firstDifference({ a: [{ b: 1 }] }, { a: [{ b: 2 }] }), "a[0].b: 1 != 2");
  assert.equal(firstDifference({ a: "1" }, {}), 'a: "1" != absent');
  assert.equal(firstDifference({ a: [1, 2] }, { a: [1] }), "a: 2 items != 1 items");
  assert.equal(firstDifference({ x: Number.NaN }, { x: Number.NaN }), undefined);
});

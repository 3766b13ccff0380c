// The hand-made wire pieces equal what protobuf-es's BinaryWriter writes for the same field.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import fc from "fast-check";
import { double64, lengthDelimited, tag, utf8, varint } from "../src/wire.js";

const written = (write: (w: BinaryWriter) => BinaryWriter): number[] => [...write(new BinaryWriter()).finish()];

test("varint: known encodings, a negative value as its ten-byte two's complement", () => {
  assert.deepEqual(varint(0), [0]);
  assert.deepEqual(varint(127), [0x7f]);
  assert.deepEqual(varint(128), [0x80, 0x01]);
  assert.deepEqual(varint(300), [0xac, 0x02]);
  assert.deepEqual(varint(-1), [...Array(9).fill(0xff), 0x01]);
  assert.deepEqual(varint(2n ** 64n - 1n), [...Array(9).fill(0xff), 0x01]);
});

test("varint equals BinaryWriter's uint64 and int64", () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (n) => {
      assert.deepEqual(
        varint(n),
        written((w) => w.uint64(n)),
      );
    }),
  );
  fc.assert(
    fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
      assert.deepEqual(
        varint(n),
        written((w) => w.int64(n)),
      );
    }),
  );
});

test("tag equals BinaryWriter's, up to the largest field number", () => {
  const wireTypes = fc.constantFrom(WireType.Varint, WireType.Bit64, WireType.LengthDelimited, WireType.Bit32);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2 ** 29 - 1 }), wireTypes, (field, wireType) => {
      assert.deepEqual(
        tag(field, wireType),
        written((w) => w.tag(field, wireType)),
      );
    }),
  );
});

test("lengthDelimited, utf8 and double64 equal BinaryWriter's bytes, string and double fields", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 5000 }), fc.uint8Array({ maxLength: 300 }), (field, body) => {
      assert.deepEqual(
        lengthDelimited(field, [...body]),
        written((w) => w.tag(field, WireType.LengthDelimited).bytes(body)),
      );
    }),
  );
  fc.assert(
    fc.property(fc.string({ unit: "grapheme" }), (text) => {
      assert.deepEqual(
        lengthDelimited(4, utf8(text)),
        written((w) => w.tag(4, WireType.LengthDelimited).string(text)),
      );
    }),
  );
  fc.assert(
    fc.property(fc.double(), (value) => {
      assert.deepEqual(
        double64(value),
        written((w) => w.double(value)),
      );
    }),
  );
});

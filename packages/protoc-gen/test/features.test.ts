// One test per proto3 feature, on hand-built bytes, each checked against protobuf-es:
// a generator that mishandles the feature fails here by name (the property tests in
// differential.test.ts find the same bugs, with less telling counterexamples).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { create, type DescMessage, fromBinary, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { DecodeError } from "@tickwire/runtime";
import {
  InstrumentSchema,
  MapsSchema,
  OptionalScalarsSchema,
  OrderSchema,
  RepeatedScalarsSchema,
  ScalarsSchema,
} from "./gen/tickwire/orders/v1/orders_pb.js";
import {
  decodeInstrument,
  decodeMaps,
  decodeOptionalScalars,
  decodeOrder,
  decodeRepeatedScalars,
  decodeScalars,
  encodeOptionalScalars,
  encodeOrder,
  encodeOrderDelimited,
  mergeOrder,
  newOrderFrameDecoder,
} from "./gen/tickwire/orders/v1/orders_tw.js";

const bytes = (build: (w: BinaryWriter) => void): Uint8Array => {
  const w = new BinaryWriter();
  build(w);
  return w.finish();
};

/** Decodes with ours and with protobuf-es, asserts them deep-equal, and returns ours. */
function same<T>(decode: (b: Uint8Array) => T, desc: DescMessage, input: Uint8Array): T {
  const ours = decode(input);
  assert.deepStrictEqual(ours, fromBinary(desc, input));
  return ours;
}

describe("proto3 features, each against protobuf-es", () => {
  test("all 15 scalar types at their extremes round-trip", () => {
    const message = create(ScalarsSchema, {
      fDouble: -0,
      fFloat: 3.4028234663852886e38,
      fInt32: -1,
      fInt64: -(1n << 63n),
      fUint32: 0xffffffff,
      fUint64: (1n << 64n) - 1n,
      fSint32: -0x80000000,
      fSint64: (1n << 63n) - 1n,
      fFixed32: 0xffffffff,
      fFixed64: (1n << 64n) - 1n,
      fSfixed32: -0x80000000,
      fSfixed64: -(1n << 63n),
      fBool: true,
      fString: "Δ€𝄞",
      fBytes: new Uint8Array([0, 255]),
    });
    const wire = toBinary(ScalarsSchema, message);
    const ours = same((b) => decodeScalars(b), ScalarsSchema, wire);
    assert.equal(ours.fSint64, (1n << 63n) - 1n);
    assert.ok(Object.is(ours.fDouble, -0));
  });

  test("an enum value the schema does not know is kept as a number", () => {
    const ours = same(
      decodeScalars,
      ScalarsSchema,
      bytes((w) => w.tag(16, WireType.Varint).int32(99)),
    );
    assert.equal(ours.fEnum, 99);
  });

  test("optional: an explicit zero is present and encoded; an absent field is no property", () => {
    const zero = same(
      decodeOptionalScalars,
      OptionalScalarsSchema,
      bytes((w) => w.tag(3, WireType.Varint).int32(0)),
    );
    assert.ok(Object.hasOwn(zero, "fInt32"));
    assert.deepStrictEqual(encodeOptionalScalars(zero), new Uint8Array([0x18, 0]));
    const none = same(decodeOptionalScalars, OptionalScalarsSchema, new Uint8Array(0));
    assert.ok(!Object.hasOwn(none, "fInt32"));
    assert.ok(!Object.hasOwn(none, "fMessage"));
  });

  test("defaults: an empty message has every implicit field at its zero", () => {
    const ours = same((b) => decodeScalars(b), ScalarsSchema, new Uint8Array(0));
    assert.equal(ours.fInt64, 0n);
    assert.equal(ours.fString, "");
    assert.deepStrictEqual(ours.fBytes, new Uint8Array(0));
  });

  test("last one wins for scalars; the last oneof member wins; the same message member merges", () => {
    const input = bytes((w) => {
      w.tag(6, WireType.Bit64).double(1.5).tag(6, WireType.Bit64).double(2.5);
      w.tag(8, WireType.Varint).bool(true);
      w.tag(11, WireType.LengthDelimited).string("day-session");
      w.tag(20, WireType.LengthDelimited).bytes(bytes((l) => l.tag(2, WireType.Varint).int32(1)));
      w.tag(20, WireType.LengthDelimited).bytes(bytes((l) => l.tag(3, WireType.Varint).uint32(7)));
    });
    const ours = same((b) => decodeOrder(b), OrderSchema, input);
    assert.equal(ours.price, 2.5);
    assert.equal(ours.timeInForce.case, "legRule");
    assert.equal(ours.timeInForce.value?.side, 1);
    assert.equal(ours.timeInForce.value?.ratio, 7);
  });

  test("singular message fields seen twice merge; repeated message fields append", () => {
    const input = bytes((w) => {
      w.tag(4, WireType.LengthDelimited).bytes(bytes((i) => i.tag(1, WireType.LengthDelimited).string("ABC")));
      w.tag(4, WireType.LengthDelimited).bytes(bytes((i) => i.tag(2, WireType.LengthDelimited).string("NSE")));
      w.tag(12, WireType.LengthDelimited).bytes(new Uint8Array(0));
      w.tag(12, WireType.LengthDelimited).bytes(new Uint8Array(0));
    });
    const ours = same((b) => decodeOrder(b), OrderSchema, input);
    assert.equal(ours.instrument?.symbol, "ABC");
    assert.equal(ours.instrument?.exchange, "NSE");
    assert.equal(ours.legs.length, 2);
  });

  test("repeated fields are accepted packed and unpacked, whichever the schema declares", () => {
    const input = bytes((w) => {
      w.tag(3, WireType.Varint).int32(-1).tag(3, WireType.Varint).int32(2); // packed field sent unpacked
      w.tag(17, WireType.LengthDelimited).fork().int32(5).int32(-6).join(); // unpacked field sent packed
      w.tag(1, WireType.LengthDelimited).fork().double(1).double(Number.NaN).join();
    });
    const ours = same(decodeRepeatedScalars, RepeatedScalarsSchema, input);
    assert.deepStrictEqual(ours.fInt32, [-1, 2]);
    assert.deepStrictEqual(ours.unpackedInt32, [5, -6]);
  });

  test("map entries with a missing key or value take the zero; message values missing are empty messages", () => {
    const input = bytes((w) => {
      w.tag(1, WireType.LengthDelimited).bytes(bytes((e) => e.tag(2, WireType.LengthDelimited).string("v"))); // no key
      w.tag(2, WireType.LengthDelimited).bytes(bytes((e) => e.tag(1, WireType.Varint).int32(-4))); // no value
      w.tag(4, WireType.LengthDelimited).bytes(bytes((e) => e.tag(1, WireType.Varint).uint32(9))); // message value missing
      w.tag(12, WireType.LengthDelimited).bytes(new Uint8Array(0)); // bool key missing
      w.tag(9, WireType.LengthDelimited).bytes(bytes((e) => e.tag(1, WireType.Bit64).fixed64((1n << 64n) - 1n)));
    });
    const ours = same(decodeMaps, MapsSchema, input);
    assert.equal(ours.stringString[""], "v");
    assert.equal(ours.int32Int64[-4], 0n);
    assert.equal(ours.uint32Message[9]?.$typeName, "tickwire.orders.v1.Instrument");
    assert.equal(ours.boolString.false, "");
    assert.equal(ours.fixed64String["18446744073709551615"], "");
  });

  test("well-known types decode as ordinary messages; wrappers are unwrapped as protobuf-es has them", () => {
    const input = bytes((w) => {
      w.tag(9, WireType.LengthDelimited).bytes(
        bytes((t) => t.tag(1, WireType.Varint).int64(1700000000).tag(2, 0).int32(5)),
      );
      w.tag(13, WireType.LengthDelimited).bytes(bytes((v) => v.tag(1, WireType.Varint).int64(42)));
      w.tag(14, WireType.LengthDelimited).bytes(new Uint8Array(0));
    });
    const ours = same((b) => decodeOrder(b), OrderSchema, input);
    assert.equal(ours.maxShow, 42n);
    assert.equal(ours.note, "");
    assert.equal(ours.timeInForce.case, "goodTill");
    assert.deepStrictEqual(encodeOrder(ours), toBinary(OrderSchema, ours));
  });

  test("unknown fields are kept in $unknown and re-encoded; readUnknownFields: false drops them", () => {
    const input = bytes((w) =>
      w.tag(999, WireType.Bit32).fixed32(7).tag(30, WireType.StartGroup).tag(30, WireType.EndGroup),
    );
    const ours = same(decodeInstrument, InstrumentSchema, input);
    assert.equal(ours.$unknown?.length, 2);
    assert.ok(!Object.hasOwn(decodeInstrument(input, { readUnknownFields: false }), "$unknown"));
  });

  test("recursive messages decode, and nesting beyond protobuf-es's limit of 100 is NESTING_TOO_DEEP", () => {
    let inner: Uint8Array = new Uint8Array(0);
    for (let i = 0; i < 99; i++) inner = bytes((w) => w.tag(16, WireType.LengthDelimited).bytes(inner));
    same((b) => decodeOrder(b), OrderSchema, inner);
    const tooDeep = bytes((w) => w.tag(16, WireType.LengthDelimited).bytes(inner));
    assert.throws(() => fromBinary(OrderSchema, tooDeep));
    assert.throws(
      () => decodeOrder(tooDeep),
      (e: unknown) => e instanceof DecodeError && e.code === "NESTING_TOO_DEEP",
    );
  });

  test("a known field with the wrong wire type is INVALID_WIRE_TYPE at the tag's offset (stricter than protobuf-es)", () => {
    const input = bytes((w) => w.tag(3, WireType.Varint).int32(1).tag(1, WireType.Varint).int32(1));
    assert.throws(
      () => decodeScalars(input),
      (e: unknown) => e instanceof DecodeError && e.code === "INVALID_WIRE_TYPE" && e.offset === 2,
    );
  });

  test("a wrong wire type is reported where its tag starts, for every tag length, over-long forms included", () => {
    // Fields whose shortest tags take 1, 2 and 3 bytes, each written in every form up to 5 bytes.
    const fields = [
      { no: 1, size: 1 },
      { no: 2047, size: 2 },
      { no: 100_000, size: 3 },
    ];
    // A double of 0x80 bytes before the tag: a scan back from the tag's end must not take them for its own.
    const before = [0x31, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80];
    let forms = 0;
    for (const { no, size } of fields) {
      const shortest: number[] = [];
      for (let v = ((no << 3) | WireType.Bit32) >>> 0; ; v >>>= 7) {
        if (v < 0x80) {
          shortest.push(v);
          break;
        }
        shortest.push((v & 0x7f) | 0x80);
      }
      assert.equal(shortest.length, size);
      for (let length = size; length <= 5; length++) {
        const tag =
          length === size ? shortest : [...shortest.map((b) => b | 0x80), ...Array(length - size - 1).fill(0x80), 0];
        const input = Uint8Array.from([...before, ...tag, 1, 2, 3, 4]);
        for (const decode of [decodeOrder, (b: Uint8Array) => mergeOrder(create(OrderSchema), b)]) {
          assert.throws(
            () => decode(input),
            (e: unknown) => e instanceof DecodeError && e.code === "INVALID_WIRE_TYPE" && e.offset === before.length,
            `field ${no}, tag ${Buffer.from(tag).toString("hex")}`,
          );
        }
        forms++;
      }
    }
    assert.equal(forms, 5 + 4 + 3);
  });

  test("int64 modes: string and number; number refuses 2^53 and beyond; jstype = JS_STRING stays a string", () => {
    const input = bytes((w) => w.tag(4, WireType.Varint).int64(1n << 53n));
    assert.equal(decodeScalars(input, { int64: "string" }).fInt64, "9007199254740992");
    assert.throws(
      () => decodeScalars(input, { int64: "number" }),
      (e: unknown) => e instanceof DecodeError && e.code === "INT64_RANGE",
    );
    const quantity = same(
      decodeOrder,
      OrderSchema,
      bytes((w) => w.tag(5, WireType.Varint).int64(12)),
    );
    assert.equal(quantity.quantity, "12");
  });

  test("tags of three and more bytes (fields 2047 and 100000)", () => {
    const input = bytes((w) => w.tag(2047, WireType.Varint).uint64(5).tag(100000, WireType.Varint).sint32(-3));
    const ours = same((b) => decodeOrder(b), OrderSchema, input);
    assert.equal(ours.farField, -3);
    assert.deepStrictEqual(encodeOrder(ours), input);
  });

  test("a frame decoder over delimited chunks cut anywhere yields every message", () => {
    const orders = [1, 2, 3].map((n) => create(OrderSchema, { clientOrderId: `o-${n}`, price: n }));
    const stream = new Uint8Array(orders.flatMap((o) => [...encodeOrderDelimited(o)]));
    const decoder = newOrderFrameDecoder();
    const out = [];
    for (let i = 0; i < stream.length; i += 5) out.push(...decoder.push(stream.subarray(i, i + 5)));
    decoder.end();
    assert.deepStrictEqual(out, orders);
  });
});

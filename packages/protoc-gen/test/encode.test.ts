// The encoder's fast paths at their edges, each byte-compared with protobuf-es's toBinary:
// 64-bit values on both sides of 2^53 (the allocation-free path and the bigint one) in
// every int64 representation, packed runs written with their length up front, strings
// encoded in JS around the one-byte length limit, small and large bytes, nested
// messages whose lengths take one, two and three bytes, and string-keyed map entries
// written in one step (entry lengths of one, two and three bytes, any UTF-8).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { create, toBinary } from "@bufbuild/protobuf";
import {
  EncodeError,
  fork,
  join,
  Writer,
  writeByte,
  writeString,
  writeStringEntry,
  writeVarint32,
} from "@tickwire/runtime";
import {
  type Instrument,
  InstrumentSchema,
  MapsSchema,
  OrderSchema,
  RepeatedScalarsSchema,
  ScalarsSchema,
  type Underlying,
  UnderlyingSchema,
} from "./gen/tickwire/orders/v1/orders_pb.js";
import {
  encodeInstrument,
  encodeMaps,
  encodeOrder,
  encodeRepeatedScalars,
  encodeScalars,
  encodeUnderlying,
} from "./gen/tickwire/orders/v1/orders_tw.js";

const TWO_53 = 1n << 53n;
const SIGNED_EDGES = [
  0n,
  1n,
  -1n,
  127n,
  -128n,
  (1n << 31n) - 1n,
  -(1n << 31n),
  (1n << 32n) - 1n,
  1n << 32n,
  -(1n << 32n),
  -(1n << 32n) - 1n,
  TWO_53 - 1n,
  -(TWO_53 - 1n),
  TWO_53,
  -TWO_53,
  TWO_53 + 1n,
  -(TWO_53 + 1n),
  (1n << 63n) - 1n,
  -(1n << 63n),
];
const UNSIGNED_EDGES = [...SIGNED_EDGES.filter((v) => v >= 0n), 1n << 63n, (1n << 64n) - 1n, (1n << 64n) - 2n];

/** The same value as each int64 mode holds it: bigint, string, and number where it is exact. */
function representations(value: bigint): unknown[] {
  const out: unknown[] = [value, String(value)];
  if (value >= -(TWO_53 - 1n) && value <= TWO_53 - 1n) out.push(Number(value));
  return out;
}

describe("64-bit scalars on both sides of 2^53, in every representation", () => {
  const fields = [
    { name: "fInt64", edges: SIGNED_EDGES },
    { name: "fSint64", edges: SIGNED_EDGES },
    { name: "fSfixed64", edges: SIGNED_EDGES },
    { name: "fUint64", edges: UNSIGNED_EDGES },
    { name: "fFixed64", edges: UNSIGNED_EDGES },
  ];
  for (const { name, edges } of fields) {
    test(`${name}: every edge value writes toBinary's bytes`, () => {
      for (const value of edges) {
        const expected = toBinary(ScalarsSchema, create(ScalarsSchema, { [name]: value }));
        for (const held of representations(value)) {
          const message = { ...create(ScalarsSchema), [name]: held };
          assert.deepStrictEqual(
            encodeScalars(message as never),
            expected,
            `${name} = ${String(held)} (${typeof held})`,
          );
        }
      }
    });
  }

  test("decimal strings of 15 digits and fewer (parsed as numbers) and of 16 and more (as bigints)", () => {
    const strings = [
      "-0",
      "007",
      "-007",
      "999999999999999",
      "-999999999999999",
      "1000000000000000",
      "0000000000000001",
    ];
    for (const name of ["fInt64", "fSint64", "fSfixed64", "fUint64", "fFixed64"]) {
      for (const held of strings) {
        if (held.startsWith("-") && held !== "-0" && (name === "fUint64" || name === "fFixed64")) continue;
        const expected = toBinary(ScalarsSchema, create(ScalarsSchema, { [name]: BigInt(held) }));
        const message = { ...create(ScalarsSchema), [name]: held };
        assert.deepStrictEqual(encodeScalars(message as never), expected, `${name} = "${held}"`);
      }
      for (const held of ["-", "+5", " 5", "5 ", "1e3", "0x10", "--1", "1.0"]) {
        const message = { ...create(ScalarsSchema), [name]: held };
        assert.throws(() => encodeScalars(message as never), EncodeError, `${name} = "${held}"`);
      }
    }
    for (const held of ["-1", "-999999999999999", "-18446744073709551615"]) {
      const message = { ...create(ScalarsSchema), fUint64: held };
      assert.throws(() => encodeScalars(message as never), EncodeError, `fUint64 = "${held}"`);
    }
  });

  test("out-of-range and malformed 64-bit values are EncodeError naming the field", () => {
    const cases: [string, unknown][] = [
      ["fUint64", -1n],
      ["fUint64", "-1"],
      ["fUint64", -1],
      ["fFixed64", 1n << 64n],
      ["fFixed64", -5],
      ["fSint64", 1n << 63n],
      ["fSfixed64", -(1n << 63n) - 1n],
      ["fInt64", 2 ** 53],
      ["fSint64", 1.5],
      ["fSfixed64", "12a"],
      ["fFixed64", "1e3"],
    ];
    for (const [name, value] of cases) {
      const message = { ...create(ScalarsSchema), [name]: value };
      assert.throws(
        () => encodeScalars(message as never),
        (e: unknown) =>
          e instanceof EncodeError &&
          e.code === "INVALID_VALUE" &&
          e.field.endsWith(name.slice(1).replace(/^./, (c) => `_${c.toLowerCase()}`)),
        `${name} = ${String(value)}`,
      );
    }
  });
});

describe("packed runs", () => {
  const counts = [1, 15, 16, 2047, 2048, 20000];
  test("every packed type, with lengths of one, two and three bytes, writes toBinary's bytes", () => {
    for (const count of counts) {
      const range = Array.from({ length: count }, (_, i) => i);
      const signed = range.map((i) => SIGNED_EDGES[i % SIGNED_EDGES.length]);
      const unsigned = range.map((i) => UNSIGNED_EDGES[i % UNSIGNED_EDGES.length]);
      const message = create(RepeatedScalarsSchema, {
        fDouble: range.map((i) => [0.5, -0, Number.NaN, -1e300, Number.POSITIVE_INFINITY][i % 5]),
        fFloat: range.map((i) => [1.5, -0, Number.NaN, 3.4028234663852886e38, Number.NEGATIVE_INFINITY][i % 5]),
        fInt32: range.map((i) => [0, -1, 0x7fffffff, -0x80000000, 300][i % 5]),
        fInt64: signed,
        fUint32: range.map((i) => [0, 0xffffffff, 128, 16384][i % 4]),
        fUint64: unsigned,
        fSint32: range.map((i) => [0, -1, 0x7fffffff, -0x80000000][i % 4]),
        fSint64: signed,
        fFixed32: range.map((i) => [0, 0xffffffff, 0x80000000][i % 3]),
        fFixed64: unsigned,
        fSfixed32: range.map((i) => [0, -1, 0x7fffffff, -0x80000000][i % 4]),
        fSfixed64: signed,
        fBool: range.map((i) => i % 3 === 0),
        fEnum: range.map((i) => i % 4),
      });
      const expected = toBinary(RepeatedScalarsSchema, message);
      assert.deepStrictEqual(encodeRepeatedScalars(message), expected, `${count} items`);
    }
  });

  test("64-bit packed runs take decimal strings and exact numbers too", () => {
    const message = create(RepeatedScalarsSchema, {
      fInt64: SIGNED_EDGES,
      fSint64: SIGNED_EDGES,
      fSfixed64: SIGNED_EDGES,
      fUint64: UNSIGNED_EDGES,
      fFixed64: UNSIGNED_EDGES,
    });
    const expected = toBinary(RepeatedScalarsSchema, message);
    const asStrings = { ...message };
    const asNumbers = { ...message };
    for (const key of ["fInt64", "fSint64", "fSfixed64", "fUint64", "fFixed64"] as const) {
      asStrings[key] = message[key].map(String) as never;
      asNumbers[key] = message[key].map((v) => (v >= -(TWO_53 - 1n) && v <= TWO_53 - 1n ? Number(v) : v)) as never;
    }
    assert.deepStrictEqual(encodeRepeatedScalars(asStrings), expected);
    assert.deepStrictEqual(encodeRepeatedScalars(asNumbers), expected);
  });

  test("an invalid item anywhere in a packed run is EncodeError naming the field", () => {
    const bad: [string, unknown[]][] = [
      ["f_double", [1, "2"]],
      ["f_float", [1, 1e39]],
      ["f_fixed32", [1, -1]],
      ["f_sfixed32", [1, 0x80000000]],
      ["f_fixed64", [1n, -1n]],
      ["f_sfixed64", [1n, 1n << 63n]],
      ["f_bool", [true, 1]],
      ["f_int32", [1, 0.5]],
      ["f_sint64", [1n, "x"]],
    ];
    for (const [field, list] of bad) {
      const key = field.replace(/_(.)/g, (_, c: string) => c.toUpperCase());
      const message = { ...create(RepeatedScalarsSchema), [key]: list };
      assert.throws(
        () => encodeRepeatedScalars(message as never),
        (e: unknown) =>
          e instanceof EncodeError && e.code === "INVALID_VALUE" && e.field === `RepeatedScalars.${field}`,
        field,
      );
    }
  });
});

describe("strings and bytes", () => {
  test("strings encoded in JS write TextEncoder's bytes, on both sides of a 128-byte length", () => {
    const texts = [
      "",
      "a",
      "a".repeat(127),
      "a".repeat(128),
      "é".repeat(63),
      "é".repeat(64),
      "€".repeat(42),
      "€".repeat(43),
      "€".repeat(127),
      "𝄞".repeat(31),
      "𝄞".repeat(32),
      "x\uD800",
      "\uD800x",
      "\uDC00",
      "\uD800\uD800\uDC00",
      "a\uDBFF\uDFFFz",
      `${"é".repeat(100)}\uD83D`,
      "\u07FF\u0800\uFFFF\u0080",
      "€".repeat(5000),
      // Under 16384 UTF-16 units but over 16383 bytes: the length prefix guessed short, then widened.
      "€".repeat(6000),
    ];
    for (const fString of texts) {
      const message = create(ScalarsSchema, { fString });
      assert.deepStrictEqual(
        encodeScalars(message),
        toBinary(ScalarsSchema, message),
        JSON.stringify(fString.slice(0, 20)),
      );
    }
  });

  test("bytes copied by loop and by set: empty, small, at the threshold and large", () => {
    for (const length of [0, 1, 47, 48, 49, 200, 100_000]) {
      const fBytes = Uint8Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff);
      const message = create(ScalarsSchema, { fBytes });
      assert.deepStrictEqual(encodeScalars(message), toBinary(ScalarsSchema, message), `${length} bytes`);
      // A view into a larger buffer: only its own bytes are written.
      const view = new Uint8Array(length + 10).subarray(5, 5 + length);
      view.set(fBytes);
      assert.deepStrictEqual(encodeScalars(create(ScalarsSchema, { fBytes: view })), toBinary(ScalarsSchema, message));
    }
  });
});

describe("nested messages", () => {
  const instrument = (symbolLength: number): Instrument =>
    create(InstrumentSchema, { symbol: "s".repeat(symbolLength), instrumentId: 9n });

  test("lengths of one, two and three bytes at every level of a deep tree", () => {
    // Instrument sizes either side of 127 and 16383 bytes, nested inside each other through Underlying.
    for (const symbolLength of [100, 123, 124, 125, 126, 16370, 16375, 16380, 70000]) {
      let node: Underlying = create(UnderlyingSchema, { instrument: instrument(symbolLength), weight: 0.5 });
      for (let depth = 0; depth < 6; depth++) {
        node = create(UnderlyingSchema, { basket: [node, create(UnderlyingSchema, { weight: depth })] });
        const expected = toBinary(UnderlyingSchema, node);
        assert.deepStrictEqual(encodeUnderlying(node), expected, `symbol ${symbolLength}, depth ${depth}`);
      }
      const top = create(InstrumentSchema, { underlying: node });
      assert.deepStrictEqual(encodeInstrument(top), toBinary(InstrumentSchema, top));
    }
  });

  test("an order with children of every size, and its jstype = JS_STRING quantity", () => {
    const children = [0, 1, 200, 20000].map((n) =>
      create(OrderSchema, {
        clientOrderId: "c".repeat(n),
        quantity: String(n * 1_000_003),
        signature: new Uint8Array(n),
      }),
    );
    for (const quantity of ["0", "-1", "9007199254740991", "9007199254740993", "-9223372036854775808"]) {
      const order = create(OrderSchema, { quantity, children });
      assert.deepStrictEqual(encodeOrder(order), toBinary(OrderSchema, order), quantity);
    }
  });
});

describe("string-keyed map entries", () => {
  // Keys and values around every length boundary: empty, multi-byte UTF-8, lone surrogates
  // (U+FFFD, as TextEncoder writes them), 128 units and more (the TextEncoder path).
  const TEXTS = [
    "",
    "k",
    "é",
    "€𝄞",
    "\uD800",
    "x\uDC00y",
    "a\uDBFF\uDFFFz",
    "é".repeat(64),
    "a".repeat(127),
    "a".repeat(128),
    "€".repeat(300),
    "€".repeat(6000),
  ];
  // Entry lengths of 127 and 128 (one and two length bytes), 16383 and 16384 (two and three).
  // An ASCII value that makes the entry (two tags, two length prefixes, key, value) exactly `entryLength` bytes.
  const padTo = (entryLength: number, key: string) => {
    for (const prefix of [1, 2, 3]) {
      const length = entryLength - 3 - key.length - prefix;
      if (length >= 0 && (length < 0x80 ? 1 : length < 0x4000 ? 2 : 3) === prefix) return "v".repeat(length);
    }
    throw new Error(`no value makes an entry of ${entryLength} bytes`);
  };
  const record = (pairs: [string, string][]) => Object.fromEntries(pairs);

  test("map<string, string>: every key and value pair, and entries of one, two and three length bytes", () => {
    const pairs: [string, string][] = [];
    for (const key of TEXTS) for (const value of TEXTS) pairs.push([`${key}|${pairs.length}`, value]);
    for (const length of [126, 127, 128, 129, 16382, 16383, 16384, 16385]) {
      pairs.push([`len${length}`, padTo(length, `len${length}`)]);
    }
    const stringString = record(pairs);
    for (const message of [create(MapsSchema, { stringString }), create(MapsSchema)]) {
      assert.deepStrictEqual(encodeMaps(message), toBinary(MapsSchema, message));
    }
    // One entry alone, so an entry's own length bytes are checked at the message's end too.
    for (const [key, value] of pairs) {
      const message = create(MapsSchema, { stringString: { [key]: value } });
      assert.deepStrictEqual(encodeMaps(message), toBinary(MapsSchema, message), JSON.stringify(key.slice(0, 12)));
    }
  });

  test("message and scalar values behind a string key, and a map nested in a map's value", () => {
    for (const key of TEXTS) {
      for (const symbolLength of [0, 100, 120, 16370, 16380]) {
        const value = create(InstrumentSchema, {
          symbol: "s".repeat(symbolLength),
          attributes: { [key]: key, é: "€".repeat(symbolLength % 50) },
        });
        const message = create(MapsSchema, { stringMessage: { [key]: value }, stringSint64: { [key]: -5n } });
        assert.deepStrictEqual(
          encodeMaps(message),
          toBinary(MapsSchema, message),
          `${JSON.stringify(key.slice(0, 12))} ${symbolLength}`,
        );
      }
    }
  });

  test("maps large enough to have their values looked up first, of string, integer and bool keys", () => {
    for (const size of [1023, 1024, 3000]) {
      const keys = Array.from({ length: size }, (_, i) => (i % 3 === 0 ? String(i) : `k${i}${"é".repeat(i % 4)}`));
      const message = create(MapsSchema, {
        stringString: Object.fromEntries(keys.map((k, i) => [k, "v".repeat(i % 200)])),
        stringMessage: Object.fromEntries(
          keys.map((k, i) => [k, create(InstrumentSchema, { symbol: k, instrumentId: BigInt(i) })]),
        ),
        int32Int64: Object.fromEntries(keys.map((_, i) => [String(i - 500), BigInt(i) * 1_000_000_007n])),
        uint32Message: Object.fromEntries(keys.map((k, i) => [String(i), create(InstrumentSchema, { exchange: k })])),
      });
      assert.deepStrictEqual(encodeMaps(message), toBinary(MapsSchema, message), `${size} entries`);
    }
  });

  test("writeStringEntry with a tag of two varint bytes writes what tag, fork, key, value and join write", () => {
    const tag = (300 << 3) | 2;
    for (const key of TEXTS) {
      for (const value of ["", "v", "é".repeat(70), "a".repeat(200)]) {
        const fused = new Writer();
        writeStringEntry(fused, tag, key, value, "f");
        const stepwise = new Writer();
        writeVarint32(stepwise, tag);
        const at = fork(stepwise);
        writeByte(stepwise, 0x0a);
        writeString(stepwise, key, "f");
        writeByte(stepwise, 0x12);
        writeString(stepwise, value, "f");
        join(stepwise, at);
        assert.deepStrictEqual(fused.buf.subarray(0, fused.pos), stepwise.buf.subarray(0, stepwise.pos));
      }
    }
  });

  test("a map<string, string> value that is not a string is EncodeError naming the field", () => {
    const message = create(MapsSchema, { stringString: { k: 5 as unknown as string } });
    assert.throws(
      () => encodeMaps(message),
      (e: unknown) => e instanceof EncodeError && e.code === "INVALID_VALUE" && /Maps\.string_string/.test(e.message),
    );
  });
});

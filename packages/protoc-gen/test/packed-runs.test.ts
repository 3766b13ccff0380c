// The runtime's packed readers push a short run and size a list before filling a long one
// (the run's value count, or for varints at most one value per byte), trimming it after:
// these tests pin what that must not change. Runs short and long (below and above the sizing thresholds), runs
// appended to a list that already has values, a failure part-way through a merge, and
// 64-bit values at every boundary of the bigint paths, each checked against protobuf-es.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { create, fromBinary, mergeFromBinary, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import { DecodeError } from "@tickwire/runtime";
import { RepeatedScalarsSchema, ScalarsSchema } from "./gen/tickwire/orders/v1/orders_pb.js";
import { decodeRepeatedScalars, decodeScalars, mergeRepeatedScalars } from "./gen/tickwire/orders/v1/orders_tw.js";

const INT64_EDGES = [
  0n,
  1n,
  -1n,
  127n,
  128n,
  2n ** 31n - 1n,
  2n ** 31n,
  -(2n ** 31n),
  -(2n ** 31n) - 1n,
  2n ** 32n - 1n,
  2n ** 32n,
  2n ** 53n - 1n,
  2n ** 53n,
  -(2n ** 53n),
  2n ** 63n - 1n,
  -(2n ** 63n),
];
const UINT64_EDGES = [
  0n,
  1n,
  2n ** 31n - 1n,
  2n ** 31n,
  2n ** 32n - 1n,
  2n ** 32n,
  2n ** 53n,
  2n ** 63n,
  2n ** 64n - 1n,
];

/** Every (n)th value of `values`, `count` long: runs of any length from a few edges. */
const cycle = <T>(values: readonly T[], count: number): T[] =>
  Array.from({ length: count }, (_, i) => values[i % values.length]);

describe("packed runs", () => {
  for (const count of [0, 1, 15, 16, 17, 40, 63, 64, 65, 1000, 9000]) {
    test(`${count} values of every packed type decode as protobuf-es decodes them`, () => {
      const message = create(RepeatedScalarsSchema, {
        fDouble: cycle([0, -0, 1.5, Number.NaN, -1e300, Number.POSITIVE_INFINITY], count),
        fFloat: cycle([0, 1.5, -3.25, Math.fround(1e30)], count),
        fInt32: cycle([0, 1, -1, 127, 128, 2 ** 28, 2 ** 31 - 1, -(2 ** 31)], count),
        fInt64: cycle(INT64_EDGES, count),
        fUint32: cycle([0, 1, 127, 128, 16383, 16384, 2 ** 28 - 1, 2 ** 28, 2 ** 32 - 1], count),
        fUint64: cycle(UINT64_EDGES, count),
        fSint32: cycle([0, -1, 1, -64, 64, 2 ** 31 - 1, -(2 ** 31)], count),
        fSint64: cycle(INT64_EDGES, count),
        fFixed32: cycle([0, 1, 2 ** 32 - 1], count),
        fFixed64: cycle(UINT64_EDGES, count),
        fSfixed32: cycle([0, -1, 2 ** 31 - 1, -(2 ** 31)], count),
        fSfixed64: cycle(INT64_EDGES, count),
        fBool: cycle([true, false], count),
        fEnum: cycle([0, 1, 2, 99], count),
      });
      const bytes = toBinary(RepeatedScalarsSchema, message);
      const ours = decodeRepeatedScalars(bytes);
      assert.deepStrictEqual(ours, fromBinary(RepeatedScalarsSchema, bytes));
      for (const list of [ours.fInt32, ours.fInt64, ours.fDouble, ours.fFixed64]) {
        assert.equal(list.length, count);
        assert.ok(list.every((v) => v !== undefined));
      }
    });
  }

  test("a run appends to the values already in the list (a field sent in several runs, and merges)", () => {
    const run = (values: number[]) => {
      const w = new BinaryWriter();
      w.tag(3, WireType.LengthDelimited).fork();
      for (const v of values) w.int32(v);
      w.join();
      w.tag(1, WireType.LengthDelimited).fork();
      for (const v of values) w.double(v);
      w.join();
      return w.finish();
    };
    const first = Array.from({ length: 40 }, (_, i) => i * 1000);
    const second = Array.from({ length: 3 }, (_, i) => -i | 0);
    const both = new Uint8Array([...run(first), ...run(second)]);
    assert.deepStrictEqual(decodeRepeatedScalars(both), fromBinary(RepeatedScalarsSchema, both));
    const ours = decodeRepeatedScalars(run(first));
    mergeRepeatedScalars(ours, run(second));
    const theirs = fromBinary(RepeatedScalarsSchema, run(first));
    mergeFromBinary(RepeatedScalarsSchema, theirs, run(second));
    assert.deepStrictEqual(ours, theirs);
    assert.deepStrictEqual(ours.fInt32, [...first, ...second]);
  });

  test("an eleven-byte varint in a run is refused at its first byte, away from the frame's end and at it", () => {
    // Away from the end the run's loop reads varints inline; at the end the checked reader does.
    const tooLong = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
    for (const field of [3, 4, 5, 6, 7, 8, 13]) {
      for (const trailing of [0, 40, 80]) {
        const run = [1, 2, ...tooLong, ...Array.from({ length: trailing }, () => 1)];
        const bytes = new Uint8Array([(field << 3) | 2, run.length, ...run]);
        assert.throws(
          () => decodeRepeatedScalars(bytes),
          (e: unknown) => e instanceof DecodeError && e.code === "VARINT_TOO_LONG" && e.offset === 4,
          `field ${field}, ${trailing} bytes after the varint`,
        );
        assert.throws(() => fromBinary(RepeatedScalarsSchema, bytes), `protobuf-es refuses field ${field} too`);
      }
    }
  });

  test("a value refused part-way through a run leaves a merge target without empty slots", () => {
    // int64: "number" refuses 2^53; the run (128 bytes) is long enough to be sized up front.
    const w = new BinaryWriter();
    w.tag(4, WireType.LengthDelimited).fork();
    for (let i = 0; i < 30; i++) w.int64(i * 1000);
    w.int64(2n ** 53n);
    for (let i = 0; i < 30; i++) w.int64(i * 1000);
    w.join();
    w.tag(10, WireType.LengthDelimited).fork();
    for (let i = 0; i < 20; i++) w.fixed64(i);
    w.join();
    const target = decodeRepeatedScalars(new Uint8Array(0), { int64: "number" });
    target.fInt64.push(-7);
    assert.throws(
      () => mergeRepeatedScalars(target as never, w.finish(), { int64: "number" }),
      (e: unknown) => e instanceof DecodeError && e.code === "INT64_RANGE",
    );
    assert.equal(target.fInt64.length, 31);
    assert.deepStrictEqual(target.fInt64, [-7, ...Array.from({ length: 30 }, (_, i) => i * 1000)]);
  });
  test("a varint refused part-way through a sized run leaves a merge target as protobuf-es leaves its own", () => {
    // Every varint type in the default mode: the inline loop hands the eleven-byte varint to
    // the checked reader, which throws; the list was sized for the run's 83 bytes.
    const tooLong = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
    const packedRun = (field: number, run: number[]) =>
      new BinaryWriter().tag(field, WireType.LengthDelimited).bytes(Uint8Array.from(run)).finish();
    for (const field of [3, 4, 5, 6, 7, 8, 13, 16]) {
      const bytes = packedRun(field, [1, 2, ...tooLong, ...Array.from({ length: 70 }, () => 1)]);
      const before = packedRun(field, [1]);
      const ours = decodeRepeatedScalars(before);
      const theirs = fromBinary(RepeatedScalarsSchema, before);
      assert.throws(() => mergeRepeatedScalars(ours, bytes), DecodeError);
      assert.throws(() => mergeFromBinary(RepeatedScalarsSchema, theirs, bytes));
      assert.deepStrictEqual(ours, theirs, `field ${field}`);
      const [list] = Object.values(ours).filter((v) => Array.isArray(v) && v.length > 0);
      assert.equal(list.length, 3, `field ${field}: the value before the run and the two read`);
    }
  });

  test("negative int32s (ten-byte varints) in a run read the same away from the frame's end and at it", () => {
    const values = [-1, 5, -(2 ** 31), 300, -7, 2 ** 31 - 1, -128];
    const w = new BinaryWriter();
    w.tag(3, WireType.LengthDelimited).fork();
    for (const v of values) w.int32(v);
    w.join();
    const atEnd = w.finish();
    const awayFromEnd = new Uint8Array([...atEnd, ...new BinaryWriter().tag(1, WireType.Bit64).double(1).finish()]);
    for (const bytes of [atEnd, awayFromEnd]) {
      assert.deepStrictEqual(decodeRepeatedScalars(bytes), fromBinary(RepeatedScalarsSchema, bytes));
      assert.deepStrictEqual(decodeRepeatedScalars(bytes).fInt32, values);
    }
  });
});

describe("long varint runs (over 8 KiB: the list sized by counting its values)", () => {
  /** A run of field 3 (int32) or 4 (int64) written by protobuf-es's writer. */
  const longRun = (field: 3 | 4, values: readonly number[]) => {
    const w = new BinaryWriter();
    w.tag(field, WireType.LengthDelimited).fork();
    for (const v of values) field === 3 ? w.int32(v) : w.int64(v);
    w.join();
    return w.finish();
  };
  const mixed = Array.from({ length: 5000 }, (_, i) => (i % 7 === 3 ? -i : i * 131071));

  test("a long run appends to a list that already has values, as protobuf-es merges it", () => {
    const bytes = longRun(4, mixed);
    assert.ok(bytes.length > 9000);
    const ours = decodeRepeatedScalars(longRun(4, [1, 2, 3]));
    mergeRepeatedScalars(ours, bytes);
    const theirs = fromBinary(RepeatedScalarsSchema, longRun(4, [1, 2, 3]));
    mergeFromBinary(RepeatedScalarsSchema, theirs, bytes);
    assert.deepStrictEqual(ours, theirs);
    assert.equal(ours.fInt64.length, 5003);
  });

  test("a long run whose length cuts its last varint reads that varint whole, past the run, as protobuf-es does", () => {
    // The run's length is one byte short: its last varint ends past the run, so the
    // count finds one value fewer than the loop reads.
    const values = new BinaryWriter();
    for (const v of [...mixed, 300]) values.int32(v);
    const run = values.finish();
    assert.ok(run.length > 9000);
    const head = new BinaryWriter()
      .tag(3, WireType.LengthDelimited)
      .uint32(run.length - 1)
      .finish();
    const bytes = new Uint8Array([...head, ...run]);
    assert.deepStrictEqual(decodeRepeatedScalars(bytes), fromBinary(RepeatedScalarsSchema, bytes));
    assert.equal(decodeRepeatedScalars(bytes).fInt32.at(-1), 300);
  });

  test("a value refused part-way through a long run leaves a merge target without empty slots", () => {
    const values = [...mixed.slice(0, 2000), 2 ** 53, ...mixed.slice(2000)];
    const bytes = longRun(4, values);
    assert.ok(bytes.length > 9000);
    const target = decodeRepeatedScalars(new Uint8Array(0), { int64: "number" });
    target.fInt64.push(-7);
    assert.throws(
      () => mergeRepeatedScalars(target as never, bytes, { int64: "number" }),
      (e: unknown) => e instanceof DecodeError && e.code === "INT64_RANGE",
    );
    assert.deepStrictEqual(target.fInt64, [-7, ...mixed.slice(0, 2000)]);
  });
});

describe("short varint runs (one- and two-byte values read inline)", () => {
  // Field numbers of RepeatedScalars' packed 32-bit varint lists, with their writers.
  const RUNS = [
    { field: 3, name: "fInt32", write: (w: BinaryWriter, v: number) => w.int32(v) },
    { field: 5, name: "fUint32", write: (w: BinaryWriter, v: number) => w.uint32(v) },
    { field: 7, name: "fSint32", write: (w: BinaryWriter, v: number) => w.sint32(v) },
  ] as const;
  const shortRun = (run: (typeof RUNS)[number], values: readonly number[], cut = 0, tail: number[] = []) => {
    const body = new BinaryWriter();
    for (const v of values) run.write(body, v);
    const bytes = body.finish();
    const head = new BinaryWriter()
      .tag(run.field, WireType.LengthDelimited)
      .uint32(bytes.length - cut)
      .finish();
    return new Uint8Array([...head, ...bytes, ...tail]);
  };

  test("values of one to ten bytes in runs under the sizing threshold decode as protobuf-es", () => {
    const values = [0, 1, 63, 64, 127, 128, 255, 8191, 8192, 16383, 16384, 2 ** 21, 2 ** 31 - 1, -1, -64, -65, -8192];
    for (const run of RUNS) {
      for (let n = 1; n <= values.length; n++) {
        const sample = run.name === "fUint32" ? values.slice(0, n).map((v) => v >>> 0) : values.slice(0, n);
        const bytes = shortRun(run, sample);
        assert.deepStrictEqual(
          decodeRepeatedScalars(bytes),
          fromBinary(RepeatedScalarsSchema, bytes),
          `${run.name} ${n}`,
        );
      }
    }
  });

  test("a short run whose length cuts its last two-byte varint reads it whole, past the run, as protobuf-es does", () => {
    for (const run of RUNS) {
      // The varint's second byte lies past the run; a field follows so the frame has more.
      const bytes = shortRun(run, [5, 300], 1, [0x88, 0x01, 0x07]);
      assert.deepStrictEqual(decodeRepeatedScalars(bytes), fromBinary(RepeatedScalarsSchema, bytes), run.name);
      assert.equal(decodeRepeatedScalars(bytes)[run.name].length, 2);
    }
  });

  test("a two-byte varint cut by the frame's end is refused as protobuf-es refuses it", () => {
    for (const run of RUNS) {
      const whole = shortRun(run, [5, 300], 1);
      const bytes = whole.subarray(0, whole.length - 1);
      assert.throws(() => fromBinary(RepeatedScalarsSchema, bytes));
      assert.throws(
        () => decodeRepeatedScalars(bytes),
        (e: unknown) => e instanceof DecodeError && e.code === "TRUNCATED",
        run.name,
      );
    }
  });
});

describe("64-bit scalars in the default (bigint) mode", () => {
  test("every boundary of the small-integer and word paths decodes as protobuf-es", () => {
    for (let i = 0; i < INT64_EDGES.length; i++) {
      const signed = INT64_EDGES[i];
      const unsigned = UINT64_EDGES[i % UINT64_EDGES.length];
      const message = create(ScalarsSchema, {
        fInt64: signed,
        fSint64: signed,
        fSfixed64: signed,
        fUint64: unsigned,
        fFixed64: unsigned,
      });
      const bytes = toBinary(ScalarsSchema, message);
      const ours = decodeScalars(bytes);
      assert.deepStrictEqual(ours, fromBinary(ScalarsSchema, bytes));
      assert.equal(ours.fInt64, signed);
      assert.equal(ours.fUint64, unsigned);
    }
  });

  test("varints of one to ten bytes at the end of a frame and away from it read the same", () => {
    for (const value of [0, 127, 128, 2 ** 21, 2 ** 28 - 1, 2 ** 28, 2 ** 32 - 1]) {
      const message = create(ScalarsSchema, { fUint32: value });
      const alone = toBinary(ScalarsSchema, message);
      // The same field followed by a string: the 5-byte fast path is taken instead of the checked loop.
      const followed = toBinary(ScalarsSchema, create(ScalarsSchema, { fUint32: value, fString: "padding" }));
      assert.equal(decodeScalars(alone).fUint32, value);
      assert.equal(decodeScalars(followed).fUint32, value);
    }
    for (const value of [-1, -(2 ** 31)]) {
      const bytes = toBinary(ScalarsSchema, create(ScalarsSchema, { fInt32: value, fString: "x" }));
      assert.equal(decodeScalars(bytes).fInt32, value);
    }
  });
});

// Differential property tests against protobuf-es, driven by the descriptors: for
// every message of the schema, random messages round-trip, toBinary output decodes
// equal, encode is byte-identical, and mutated or random bytes are accepted and
// rejected exactly when protobuf-es does (the one documented difference: a known
// field with the wrong wire type, which we reject with INVALID_WIRE_TYPE).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fromBinary, type Message, toBinary } from "@bufbuild/protobuf";
import { DecodeError } from "@tickwire/codec/runtime";
import fc from "fast-check";
import { messageArb } from "./arbitrary.js";
import { file_tickwire_orders_v1_orders } from "./gen/tickwire/orders/v1/orders_pb.js";
import * as generated from "./gen/tickwire/orders/v1/orders_tw.js";
import { type Codec, codecsOf, shapeName } from "./generated.js";

const codecs = codecsOf(file_tickwire_orders_v1_orders, generated);
const RUNS = Number(process.env.TICKWIRE_FUZZ_RUNS ?? 300);
// Shrinking a failing nested message can take minutes; the first counterexample is reported as found.
fc.configureGlobal({ endOnFailure: true });

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function run(f: () => unknown): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Ours equals protobuf-es's, or both reject; only DecodeError escapes ours. */
function agrees(codec: Codec, bytes: Uint8Array): void {
  const ours = run(() => codec.decode(bytes));
  if (!ours.ok) assert.ok(ours.error instanceof DecodeError, `only DecodeError escapes, got ${String(ours.error)}`);
  const theirs = run(() => fromBinary(codec.desc, bytes));
  if (ours.ok) {
    assert.ok(theirs.ok, `we accepted what protobuf-es rejects: ${String(!theirs.ok && theirs.error)}`);
    assert.deepStrictEqual(ours.value, theirs.value);
  } else if (theirs.ok) {
    assert.equal(
      (ours.error as DecodeError).code,
      "INVALID_WIRE_TYPE",
      `we rejected what protobuf-es accepts: ${ours.error}`,
    );
  } else {
    const error = ours.error as DecodeError;
    assert.ok(error.offset >= 0 && error.offset <= bytes.length, `offset ${error.offset} lies in the input`);
  }
}

const mutation = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(input: Uint8Array, mutations: Mutation[]): Uint8Array {
  let bytes = [...input];
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : m.at % (bytes.length + 1);
    if (m.kind === "flip" && at < bytes.length) bytes[at] ^= 1 << m.bit;
    else if (m.kind === "set" && at < bytes.length) bytes[at] = m.value;
    else if (m.kind === "insert") bytes.splice(at, 0, ...m.bytes);
    else if (m.kind === "delete") bytes.splice(at, m.count);
    else if (m.kind === "truncate") bytes = bytes.slice(0, at);
  }
  return new Uint8Array(bytes);
}

for (const codec of codecs) {
  const name = shapeName(codec.desc);
  const messages = messageArb(codec.desc);
  describe(`${name}: generated code against protobuf-es`, () => {
    test("toBinary output decodes deep-equal to fromBinary, and encode is byte-identical to toBinary", () => {
      fc.assert(
        fc.property(messages, (message: Message) => {
          const bytes = toBinary(codec.desc, message);
          const decoded = codec.decode(bytes);
          assert.deepStrictEqual(decoded, fromBinary(codec.desc, bytes));
          assert.deepStrictEqual(codec.encode(message), bytes);
          assert.deepStrictEqual(codec.encode(decoded), bytes);
        }),
        { numRuns: RUNS },
      );
    });

    test("every int64 mode re-encodes to the same bytes; number mode is exact or refuses", () => {
      fc.assert(
        fc.property(messages, (message: Message) => {
          const bytes = toBinary(codec.desc, message);
          assert.deepStrictEqual(codec.encode(codec.decode(bytes, { int64: "string" })), bytes);
          const asNumbers = run(() => codec.decode(bytes, { int64: "number" }));
          if (asNumbers.ok) assert.deepStrictEqual(codec.encode(asNumbers.value), bytes);
          else assert.equal((asNumbers.error as DecodeError).code, "INT64_RANGE");
        }),
        { numRuns: RUNS },
      );
    });

    test("mutated valid messages: accepted and rejected exactly when protobuf-es does", () => {
      fc.assert(
        fc.property(messages, fc.array(mutation, { minLength: 1, maxLength: 4 }), (message: Message, mutations) => {
          agrees(codec, mutate(toBinary(codec.desc, message), mutations));
        }),
        { numRuns: RUNS * 3 },
      );
    });

    test("random bytes: accepted and rejected exactly when protobuf-es does", () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 48 }), (bytes) => agrees(codec, bytes)),
        { numRuns: RUNS * 3 },
      );
    });

    test("merge equals protobuf-es's mergeFromBinary semantics: decode(a ++ b)", () => {
      fc.assert(
        fc.property(messages, messages, (a: Message, b: Message) => {
          const first = toBinary(codec.desc, a);
          const second = toBinary(codec.desc, b);
          const merged = codec.merge(codec.decode(first), second);
          const joined = new Uint8Array([...first, ...second]);
          assert.deepStrictEqual(merged, fromBinary(codec.desc, joined));
        }),
        { numRuns: RUNS },
      );
    });
  });
}

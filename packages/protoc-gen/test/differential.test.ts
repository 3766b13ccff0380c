// Differential property tests against protobuf-es, driven by the descriptors: for
// every message of the schema, random messages round-trip, toBinary output decodes
// equal, encode is byte-identical, and mutated or random bytes are accepted and
// rejected exactly when protobuf-es does (the one documented difference: a known
// field with the wrong wire type, which we reject with INVALID_WIRE_TYPE).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fromBinary, type Message, toBinary } from "@bufbuild/protobuf";
import { DecodeError } from "@tickwire/runtime";
import { assertAgrees } from "@tickwire/testkit/differential";
import { byteMutation, mutateBytes } from "@tickwire/testkit/fuzz";
import { outcomeOf } from "@tickwire/testkit/outcome";
import fc from "fast-check";
import { messageArb } from "./arbitrary.js";
import { file_tickwire_orders_v1_orders } from "./gen/tickwire/orders/v1/orders_pb.js";
import * as generated from "./gen/tickwire/orders/v1/orders_tw.js";
import { file_tickwire_wkt_v1_json_values } from "./gen/tickwire/wkt/v1/json_values_pb.js";
import * as generatedJsonValues from "./gen/tickwire/wkt/v1/json_values_tw.js";
import { type Codec, codecsOf, shapeName } from "./generated.js";

const codecs = [
  ...codecsOf(file_tickwire_orders_v1_orders, generated),
  // google.protobuf.Value and ListValue as fields: singular, repeated, map values, oneof members.
  ...codecsOf(file_tickwire_wkt_v1_json_values, generatedJsonValues),
];
const RUNS = Number(process.env.TICKWIRE_FUZZ_RUNS ?? 300);
// Shrinking a failing nested message can take minutes; the first counterexample is reported as found.
fc.configureGlobal({ endOnFailure: true });

/** Ours equals protobuf-es's, or both reject; only DecodeError escapes ours. */
function agrees(codec: Codec, bytes: Uint8Array): void {
  const ours = outcomeOf(() => codec.decode(bytes));
  if (!ours.ok) assert.ok(ours.error instanceof DecodeError, `only DecodeError escapes, got ${String(ours.error)}`);
  const theirs = outcomeOf(() => fromBinary(codec.desc, bytes));
  assertAgrees(ours, theirs, "INVALID_WIRE_TYPE");
  if (!ours.ok && !theirs.ok) {
    const error = ours.error as DecodeError;
    assert.ok(error.offset >= 0 && error.offset <= bytes.length, `offset ${error.offset} lies in the input`);
  }
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
          const asNumbers = outcomeOf(() => codec.decode(bytes, { int64: "number" }));
          if (asNumbers.ok) assert.deepStrictEqual(codec.encode(asNumbers.value), bytes);
          else assert.equal((asNumbers.error as DecodeError).code, "INT64_RANGE");
        }),
        { numRuns: RUNS },
      );
    });

    test("mutated valid messages: accepted and rejected exactly when protobuf-es does", () => {
      fc.assert(
        fc.property(messages, fc.array(byteMutation, { minLength: 1, maxLength: 4 }), (message: Message, mutations) => {
          agrees(codec, mutateBytes(toBinary(codec.desc, message), mutations));
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

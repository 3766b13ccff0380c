// The differential suite against protobuf-es, driven by the descriptors, that every test
// schema's messages are put through (differential.test.ts, google-schemas.test.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fromBinary, type Message, mergeFromBinary, toBinary } from "@bufbuild/protobuf";
import { DecodeError, EncodeError } from "@tickwire/runtime";
import { assertAgrees } from "@tickwire/testkit/differential";
import { byteMutation, mutateBytes } from "@tickwire/testkit/fuzz";
import { outcomeOf } from "@tickwire/testkit/outcome";
import fc from "fast-check";
import { messageArb } from "./arbitrary.js";
import { type Codec, shapeName } from "./generated.js";

// Shrinking a failing nested message can take minutes; the first counterexample is reported as found.
// TICKWIRE_FUZZ_SEED fixes the seed (a failure prints the seed and path that replay it); without it each run draws new inputs.
const seed = process.env.TICKWIRE_FUZZ_SEED;
fc.configureGlobal({ endOnFailure: true, ...(seed ? { seed: Number(seed) } : {}) });

/**
 * How many random messages a property gets: `ciRuns` in `pnpm test`, which runs this on two Node versions in CI, times
 * TICKWIRE_FUZZ_SCALE (the reliability campaign's `generated` part sets it to run the same suite far longer), or
 * TICKWIRE_FUZZ_RUNS exactly.
 */
export function fuzzRuns(ciRuns: number): number {
  const exact = process.env.TICKWIRE_FUZZ_RUNS;
  if (exact) return positiveInteger("TICKWIRE_FUZZ_RUNS", exact);
  const scale = process.env.TICKWIRE_FUZZ_SCALE;
  return scale ? Math.round(ciRuns * positiveInteger("TICKWIRE_FUZZ_SCALE", scale)) : ciRuns;
}

function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, not ${text}`);
  return value;
}

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

/**
 * toBinary's bytes for `message`, or undefined when toBinary refuses it (a required field not
 * set), having checked that the generated encoder refuses it too, naming the field.
 */
function encodable(codec: Codec, message: Message): Uint8Array | undefined {
  const theirs = outcomeOf(() => toBinary(codec.desc, message));
  if (theirs.ok) return theirs.value as Uint8Array;
  const ours = outcomeOf(() => codec.encode(message));
  assert.ok(!ours.ok, `protobuf-es refused (${String(theirs.error)}), we encoded`);
  assert.ok(ours.error instanceof EncodeError && ours.error.code === "MISSING_REQUIRED", String(ours.error));
  assert.match(String(theirs.error), /required field not set/);
  return undefined;
}

/**
 * For every message of `codecs`: random messages round-trip, toBinary output decodes equal,
 * encode is byte-identical in every int64 mode, merging equals mergeFromBinary and decoding the
 * concatenation, and mutated and random bytes are accepted and rejected exactly when protobuf-es
 * does (the one documented difference: a known field with the wrong wire type, which we reject
 * with INVALID_WIRE_TYPE). `RUNS` random messages a property.
 */
export function differentialSuite(codecs: readonly Codec[], RUNS: number): void {
  for (const codec of codecs) {
    const name = shapeName(codec.desc);
    const messages = messageArb(codec.desc);
    describe(`${name}: generated code against protobuf-es`, () => {
      test("toBinary output decodes deep-equal to fromBinary, and encode is byte-identical to toBinary", () => {
        fc.assert(
          fc.property(messages, (message: Message) => {
            const bytes = encodable(codec, message);
            if (bytes === undefined) return;
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
            const bytes = encodable(codec, message);
            if (bytes === undefined) return;
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
          fc.property(
            messages,
            fc.array(byteMutation, { minLength: 1, maxLength: 4 }),
            (message: Message, mutations) => {
              const bytes = encodable(codec, message);
              if (bytes !== undefined) agrees(codec, mutateBytes(bytes, mutations));
            },
          ),
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
            const first = encodable(codec, a);
            const second = encodable(codec, b);
            if (first === undefined || second === undefined) return;
            const merged = codec.merge(codec.decode(first), second);
            assert.deepStrictEqual(merged, mergeFromBinary(codec.desc, fromBinary(codec.desc, first), second));
            const joined = new Uint8Array([...first, ...second]);
            assert.deepStrictEqual(merged, fromBinary(codec.desc, joined));
          }),
          { numRuns: RUNS },
        );
      });

      test("merging mutated bytes into a decoded mutated message equals mergeFromBinary where both accept", () => {
        const mutations = fc.array(byteMutation, { maxLength: 3 });
        fc.assert(
          fc.property(messages, messages, mutations, mutations, (a: Message, b: Message, ma, mb) => {
            const first = encodable(codec, a);
            const second = encodable(codec, b);
            if (first === undefined || second === undefined) return;
            const target = mutateBytes(first, ma);
            const more = mutateBytes(second, mb);
            const ours = outcomeOf(() => codec.merge(codec.decode(target), more));
            const theirs = outcomeOf(() => mergeFromBinary(codec.desc, fromBinary(codec.desc, target), more));
            // Unknown fields already in the target decide where a closed enum's undeclared values go.
            if (ours.ok && theirs.ok) assert.deepStrictEqual(ours.value, theirs.value);
            else if (!ours.ok) assert.ok(ours.error instanceof DecodeError, String(ours.error));
          }),
          { numRuns: RUNS },
        );
      });
    });
  }
}

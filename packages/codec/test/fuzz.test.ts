// Mutated and random bytes: our result equals protobuf-es's, or both reject. The
// one documented divergence: a known field with the wrong wire type, which
// protobuf-es reads by its declared type and we reject with INVALID_WIRE_TYPE.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertAgrees } from "@tickwire/testkit/differential";
import { byteMutation, mutateBytes } from "@tickwire/testkit/fuzz";
import { outcomeOf } from "@tickwire/testkit/outcome";
import { varint } from "@tickwire/testkit/wire";
import fc from "fast-check";
import { DecodeError, decodeMessage, FrameDecoder } from "../src/index.js";
import { messageBytes, reference } from "./arbitraries.js";

/** Generous: a decode of these inputs takes microseconds; this only catches hangs and blow-ups. */
const PER_INPUT_MS = 250;

function agreesWithReference(bytes: Uint8Array): void {
  let started = performance.now();
  const ours = outcomeOf(() => decodeMessage(bytes));
  let elapsed = performance.now() - started;
  // A loaded CI machine can pause any one call (GC, another process: once 250 ms for two
  // bytes); a real blow-up stays slow on every try.
  for (let retry = 0; retry < 3 && elapsed >= PER_INPUT_MS; retry++) {
    started = performance.now();
    outcomeOf(() => decodeMessage(bytes));
    elapsed = Math.min(elapsed, performance.now() - started);
  }
  assert.ok(elapsed < PER_INPUT_MS, `decoding ${bytes.length} bytes took ${elapsed} ms`);
  if (!ours.ok) assert.ok(ours.error instanceof DecodeError, `only DecodeError escapes, got ${String(ours.error)}`);
  assertAgrees(
    ours,
    outcomeOf(() => reference(bytes)),
    "INVALID_WIRE_TYPE",
  );
}

describe("fuzz: only DecodeError escapes, results equal protobuf-es or both reject", () => {
  test("mutated valid messages", () => {
    fc.assert(
      fc.property(messageBytes, fc.array(byteMutation, { minLength: 1, maxLength: 4 }), (bytes, mutations) => {
        agreesWithReference(mutateBytes(bytes, mutations));
      }),
      { numRuns: 3000 },
    );
  });

  test("random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => agreesWithReference(bytes)),
      { numRuns: 3000 },
    );
  });

  test("random bytes built from plausible tags", () => {
    const piece = fc.oneof(
      fc.constantFrom(0x08, 0x10, 0x18, 0x0a, 0x12, 0x22, 0x29, 0x2a, 0xa2, 0xd2, 0x1f, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f),
      fc.constantFrom([0xa2, 0x1f], [0xd2, 0x1f], [0xaa, 0x1f], [0xca, 0x1f], [0xda, 0x1f], [0x8a, 0x19]),
      fc.integer({ min: 0, max: 255 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 48 }), (pieces) => agreesWithReference(new Uint8Array(pieces.flat()))),
      { numRuns: 3000 },
    );
  });

  test("large adversarial inputs finish quickly", () => {
    const huge = 1 << 20;
    const cases = [
      new Uint8Array(huge).fill(0x80), // one endless varint
      new Uint8Array([0x98, 0x06, ...new Uint8Array(huge).fill(0x80), 0x00]), // unknown varint of 1 MiB
      new Uint8Array(huge).fill(0x0b), // start-group tags all the way down
      new Uint8Array([...varint((99 << 3) | 2), ...varint(huge * 4)]), // length far past the end
    ];
    for (const bytes of cases) agreesWithReference(bytes);
  });

  test("a fuzzed frame decoded in place inside a chunk never reads its neighbours", () => {
    fc.assert(
      fc.property(
        messageBytes,
        fc.array(byteMutation, { minLength: 1, maxLength: 3 }),
        messageBytes,
        (a, mutations, b) => {
          const bad = mutateBytes(a, mutations);
          const stream = new Uint8Array([...varint(bad.length), ...bad, ...varint(b.length), ...b]);
          const errors: DecodeError[] = [];
          const decoder = new FrameDecoder({ onError: (e) => errors.push(e) });
          const messages = decoder.push(stream);
          decoder.end();
          const alone = outcomeOf(() => decodeMessage(bad));
          if (alone.ok) {
            assert.deepStrictEqual(messages, [alone.value, decodeMessage(b)]);
          } else {
            assert.deepStrictEqual(messages, [decodeMessage(b)]);
            assert.equal(errors.length, 1);
            assert.equal(errors[0].frameIndex, 0);
            assert.equal(errors[0].code, (alone.error as DecodeError).code);
            assert.equal(errors[0].offset, (alone.error as DecodeError).offset + varint(bad.length).length);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

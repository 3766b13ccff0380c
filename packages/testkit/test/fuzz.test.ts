import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { byteMutation, mutateBytes } from "../src/fuzz.js";

const input = new Uint8Array([1, 2, 3, 4]);

test("each mutation does what it names, positions taken modulo the length plus one", () => {
  assert.deepEqual([...mutateBytes(input, [{ kind: "flip", at: 1, bit: 7 }])], [1, 0x82, 3, 4]);
  assert.deepEqual([...mutateBytes(input, [{ kind: "set", at: 5 + 3, value: 9 }])], [1, 2, 3, 9]);
  assert.deepEqual([...mutateBytes(input, [{ kind: "set", at: 4, value: 9 }])], [1, 2, 3, 4], "past the end: no-op");
  assert.deepEqual(
    [...mutateBytes(input, [{ kind: "insert", at: 4, bytes: new Uint8Array([7, 8]) }])],
    [1, 2, 3, 4, 7, 8],
  );
  assert.deepEqual([...mutateBytes(input, [{ kind: "delete", at: 1, count: 2 }])], [1, 4]);
  assert.deepEqual([...mutateBytes(input, [{ kind: "truncate", at: 3 }])], [1, 2, 3]);
  assert.deepEqual(
    [
      ...mutateBytes(
        [5, 6],
        [
          { kind: "truncate", at: 1 },
          { kind: "set", at: 0, value: 0 },
        ],
      ),
    ],
    [0],
    "in order",
  );
});

test("any generated mutation applies to any input, the empty one included, and leaves the input as it was", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 16 }), fc.array(byteMutation, { maxLength: 4 }), (bytes, mutations) => {
      const before = [...bytes];
      const out = mutateBytes(bytes, mutations);
      assert.ok(out instanceof Uint8Array);
      assert.deepEqual([...bytes], before);
    }),
  );
});

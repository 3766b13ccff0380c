import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { concatBytes } from "../src/bytes.js";

test("concatBytes holds every part in order, in a new array", () => {
  fc.assert(
    fc.property(fc.array(fc.uint8Array({ maxLength: 20 }), { maxLength: 8 }), (parts) => {
      const joined = concatBytes(parts);
      assert.deepEqual(
        [...joined],
        parts.flatMap((part) => [...part]),
      );
      for (const part of parts) if (part.length > 0) assert.notEqual(joined.buffer, part.buffer);
    }),
  );
  assert.deepEqual(concatBytes([]), new Uint8Array(0));
});

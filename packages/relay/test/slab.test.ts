// The slab's arrays: each its own bytes (no view overlaps another), zero-filled, copies equal to their source.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Slab } from "../src/slab.js";

test("arrays cut from a slab never share bytes, across blocks, and copies keep their content", () => {
  const slab = new Slab();
  const arrays: Uint8Array[] = [];
  for (let i = 0; i < 5000; i++) {
    const size = (i * 37) % 300;
    const a = slab.alloc(size);
    assert.equal(a.length, size);
    assert.ok(a.every((b) => b === 0));
    a.fill(i % 251);
    arrays.push(a);
  }
  for (let i = 0; i < arrays.length; i++)
    assert.ok(
      arrays[i].every((b) => b === i % 251),
      `array ${i} overwritten`,
    );
  const source = Uint8Array.from({ length: 100 }, (_, i) => i);
  const copy = slab.copy(source);
  source.fill(9);
  assert.deepEqual(
    [...copy],
    Array.from({ length: 100 }, (_, i) => i),
  );
  const large = slab.alloc(100_000);
  assert.equal(large.byteOffset, 0);
  assert.equal(large.buffer.byteLength, 100_000);
});

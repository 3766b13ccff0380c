// Where an encoder's result lives (encoded-bytes.ts): results of 65 bytes to 2 KiB share slabs,
// so what matters is that no later encode touches an earlier result, and that a result whose
// buffer was transferred away leaves the next results whole.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SLAB_MAX_RESULT, takeBytes } from "../src/encoded-bytes.js";
import { Writer } from "../src/index.js";

/** `len` bytes written to a writer, each `(seed + i) & 0xff`. */
function written(len: number, seed: number): Writer {
  const w = new Writer();
  w.buf = new Uint8Array(Math.max(len, 1));
  for (let i = 0; i < len; i++) w.buf[i] = (seed + i) & 0xff;
  w.pos = len;
  return w;
}

const expected = (len: number, seed: number) => Uint8Array.from({ length: len }, (_, i) => (seed + i) & 0xff);

describe("takeBytes", () => {
  test("every result keeps its bytes while thousands of results of every size follow it", () => {
    const sizes = [0, 1, 64, 65, 100, 135, 807, 1191, 2047, SLAB_MAX_RESULT, SLAB_MAX_RESULT + 1, 5530];
    const kept: { bytes: Uint8Array; len: number; seed: number }[] = [];
    for (let k = 0; k < 3000; k++) {
      const len = sizes[k % sizes.length] ?? 0;
      const bytes = takeBytes(written(len, k));
      kept.push({ bytes, len, seed: k });
    }
    for (const { bytes, len, seed } of kept) assert.deepStrictEqual(bytes, expected(len, seed));
  });

  test("up to 64 bytes and above 2 KiB a result has a buffer of its own; between, a slab shared with the next result", () => {
    for (const len of [0, 1, 64, SLAB_MAX_RESULT + 1, 5530]) {
      const bytes = takeBytes(written(len, 1));
      assert.equal(bytes.byteOffset, 0);
      assert.equal(bytes.buffer.byteLength, len);
    }
    const a = takeBytes(written(100, 2));
    const b = takeBytes(written(100, 3));
    if (a.buffer === b.buffer) assert.equal(b.byteOffset, a.byteOffset + 104, "the next result starts 8-byte aligned");
    assert.equal(b.byteOffset % 8, 0);
  });

  test("a result whose buffer was transferred away (postMessage) leaves the next results whole", () => {
    const first = takeBytes(written(300, 5));
    structuredClone(first.buffer, { transfer: [first.buffer] });
    assert.equal(first.length, 0, "the slab went with the transfer");
    for (let k = 0; k < 50; k++) assert.deepStrictEqual(takeBytes(written(300, k)), expected(300, k));
  });
});

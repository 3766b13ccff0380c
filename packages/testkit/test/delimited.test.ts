import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { splitDelimited } from "../src/delimited.js";
import { varint } from "../src/wire.js";

const delimited = (frames: Uint8Array[]) =>
  new Uint8Array(frames.flatMap((frame) => [...varint(frame.length), ...frame]));

test("splitDelimited gives back each frame, as a view into the stream", () => {
  fc.assert(
    fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }), (frames) => {
      const stream = delimited(frames);
      const split = splitDelimited(stream);
      assert.deepEqual(split, frames);
      for (const frame of split) assert.equal(frame.buffer, stream.buffer);
    }),
  );
});

test("a stream cut inside a prefix or a frame is a RangeError naming where", () => {
  const stream = delimited([new Uint8Array(200).fill(1), new Uint8Array(3)]);
  assert.throws(() => splitDelimited(stream.subarray(0, 1)), { name: "RangeError", message: /cut short at byte 1/ });
  assert.throws(() => splitDelimited(stream.subarray(0, stream.length - 1)), {
    name: "RangeError",
    message: /frame 1 of 3 bytes at byte 203 runs past the end/,
  });
  assert.throws(() => splitDelimited(new Uint8Array([0x80, 0x80, 0x80, 0x80, 0x80, 0x01])), /longer than 5 bytes/);
});

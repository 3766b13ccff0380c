// RawFrameDecoder: FrameDecoder's splitting (framings, maxFrameBytes, typed errors) handing out frame bytes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DecodeError, type RawFrame, RawFrameDecoder } from "../src/index.js";

/** A delimited frame with a minimal one-byte prefix (payloads under 128 bytes). */
function delimited(...payload: number[]): number[] {
  return [payload.length, ...payload];
}

function payloads(frames: RawFrame[]): number[][] {
  return frames.map((frame) => [...frame.bytes]);
}

function decodeError(code: string, offset: number, frameIndex: number) {
  return (error: unknown) =>
    error instanceof DecodeError && error.code === code && error.offset === offset && error.frameIndex === frameIndex;
}

describe("RawFrameDecoder", () => {
  const stream = Uint8Array.from([...delimited(1, 2, 3), ...delimited(), ...delimited(9, 8, 7, 6, 5)]);

  test("whole chunk: each frame's bytes, offset of its prefix and index", () => {
    const frames = new RawFrameDecoder().push(stream);
    assert.deepEqual(payloads(frames), [[1, 2, 3], [], [9, 8, 7, 6, 5]]);
    assert.deepEqual(
      frames.map((f) => [f.offset, f.frameIndex]),
      [
        [0, 0],
        [4, 1],
        [5, 2],
      ],
    );
  });

  test("frames spanning chunks, cut at every byte, come out the same", () => {
    const decoder = new RawFrameDecoder();
    const frames: RawFrame[] = [];
    for (const byte of stream) frames.push(...decoder.push(Uint8Array.of(byte)));
    decoder.end();
    assert.deepEqual(payloads(frames), [[1, 2, 3], [], [9, 8, 7, 6, 5]]);
    assert.deepEqual(
      frames.map((f) => f.offset),
      [0, 4, 5],
    );
  });

  test("a frame's bytes are its own: later frames that span chunks do not overwrite them", () => {
    const decoder = new RawFrameDecoder();
    const first = decoder.push(Uint8Array.of(3, 1, 2))[0];
    assert.equal(first, undefined);
    const [spanned] = decoder.push(Uint8Array.of(3, 3, 4));
    const [next] = decoder.push(Uint8Array.of(5, 6));
    assert.deepEqual([...spanned.bytes], [1, 2, 3]);
    assert.deepEqual([...next.bytes], [4, 5, 6]);
  });

  test("the offset is where a longer (or non-minimal) prefix begins", () => {
    const big = new Array<number>(200).fill(7);
    const bytes = Uint8Array.from([0x85, 0x00, 1, 2, 3, 4, 5, 0xc8, 0x01, ...big]);
    const frames = new RawFrameDecoder().push(bytes);
    assert.deepEqual(
      frames.map((f) => [f.offset, f.bytes.length]),
      [
        [0, 5],
        [7, 200],
      ],
    );
  });

  test("a frame over maxFrameBytes is a FRAME_TOO_LARGE error before anything is buffered", () => {
    const bytes = Uint8Array.from([...delimited(1, 2, 3, 4, 5), ...delimited(6)]);
    assert.throws(() => new RawFrameDecoder({ maxFrameBytes: 4 }).push(bytes), decodeError("FRAME_TOO_LARGE", 0, 0));
    const errors: DecodeError[] = [];
    const frames = new RawFrameDecoder({ maxFrameBytes: 4, onError: (e) => errors.push(e) }).push(bytes);
    assert.deepEqual(payloads(frames), [[6]], "the next frame still comes out");
    assert.equal(frames[0].frameIndex, 1);
    assert.deepEqual(
      errors.map((e) => e.code),
      ["FRAME_TOO_LARGE"],
    );
  });

  test("a prefix of more than 10 bytes is VARINT_TOO_LONG, and nothing after it is split", () => {
    const errors: DecodeError[] = [];
    const decoder = new RawFrameDecoder({ onError: (e) => errors.push(e) });
    const frames = decoder.push(Uint8Array.from([...delimited(1), ...new Array<number>(11).fill(0x80), 1, 2]));
    assert.deepEqual(payloads(frames), [[1]]);
    assert.ok(decodeError("VARINT_TOO_LONG", 2, 1)(errors[0]), errors[0]?.message);
    assert.deepEqual(decoder.push(Uint8Array.from(delimited(5))), []);
  });

  test("a truncated tail is a TRUNCATED error at end(), at its prefix", () => {
    const decoder = new RawFrameDecoder();
    assert.deepEqual(payloads(decoder.push(Uint8Array.from([...delimited(1), 4, 9, 9]))), [[1]]);
    assert.throws(() => decoder.end(), decodeError("TRUNCATED", 2, 1));
    const cutPrefix = new RawFrameDecoder();
    cutPrefix.push(Uint8Array.of(0x80));
    assert.throws(() => cutPrefix.end(), decodeError("TRUNCATED", 0, 0));
  });

  test("base64 framing: each string is one frame, decoded", () => {
    const decoder = new RawFrameDecoder({ framing: "base64" });
    assert.deepEqual(payloads(decoder.push("AQID")), [[1, 2, 3]]);
    assert.throws(() => decoder.push("A"), decodeError("INVALID_BASE64", 3, 1));
  });
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { delimitBytes, FrameDecoder } from "../src/index.js";
import { streamOfMessages } from "./arbitraries.js";

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

describe("FrameDecoder.frameBytes (forwarding frames unchanged)", () => {
  test("hands the visitor each message's own bytes, in every framing and at any chunking", () => {
    fc.assert(
      fc.property(streamOfMessages, ([list, cut]) => {
        const stream = new Uint8Array(list.flatMap((bytes) => [...delimitBytes(bytes)]));
        const delimited = new FrameDecoder({ framing: "delimited" });
        const seen: number[][] = [];
        for (let i = 0; i < stream.length; i += cut) {
          delimited.pushEach(stream.subarray(i, i + cut), () => seen.push([...delimited.frameBytes()]));
        }
        assert.deepEqual(
          seen,
          list.map((bytes) => [...bytes]),
        );

        const base64 = new FrameDecoder({ framing: "base64" });
        const fromText: number[][] = [];
        for (const bytes of list) base64.pushEach(toBase64(bytes), () => fromText.push([...base64.frameBytes()]));
        assert.deepEqual(fromText, seen);
      }),
      { numRuns: 150 },
    );
  });

  test("is empty outside a visitor and skips nothing after a bad frame", () => {
    const decoder = new FrameDecoder({ framing: "message", onError: () => {} });
    const good = new Uint8Array([0x08, 0x05]); // MessageCode 5
    const seen: number[][] = [];
    decoder.pushEach(new Uint8Array([0x0f]), () => seen.push([...decoder.frameBytes()]));
    decoder.pushEach(good, () => seen.push([...decoder.frameBytes()]));
    assert.deepEqual(seen, [[0x08, 0x05]]);
    assert.equal(decoder.frameBytes().length, 0);
  });
});

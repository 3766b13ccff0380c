// decodeBase64, the codec's base64 decoder on its own (the tickwire command's inspect and stats use it), follows the
// same rules as FrameDecoder's base64 framing and fails with the same error.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { base64DecodedLength, DecodeError, decodeBase64, FrameDecoder } from "../src/index.js";

test("decodeBase64 returns the bytes of standard, URL-safe and unpadded text (checked against btoa)", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      const standard = btoa(String.fromCharCode(...bytes));
      const urlSafe = standard.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
      assert.deepStrictEqual(decodeBase64(standard), bytes);
      assert.deepStrictEqual(decodeBase64(urlSafe), bytes);
      assert.equal(base64DecodedLength(urlSafe), bytes.length);
    }),
    { numRuns: 300 },
  );
});

test('decodeBase64 refuses what FrameDecoder refuses, with the same error (the 4n + 1 length "A" included)', () => {
  const invalid = ["A", "AAAAA", "CA U=", "C", "CA=U", "CAU==", "ÿÿÿÿ", "CAU\u0100", "CAU=\n", "==", "Q="];
  for (const [index, text] of invalid.entries()) {
    const reported: DecodeError[] = [];
    const decoder = new FrameDecoder({ framing: "base64", onError: (error) => reported.push(error) });
    decoder.push(text);
    assert.equal(reported.length, 1, `FrameDecoder accepted ${JSON.stringify(text)}`);
    assert.throws(
      () => decodeBase64(text, { offset: reported[0].offset, frameIndex: reported[0].frameIndex }),
      (error: unknown) =>
        error instanceof DecodeError && error.code === "INVALID_BASE64" && error.message === reported[0].message,
      `decodeBase64 on ${JSON.stringify(text)} (#${index})`,
    );
  }
  assert.throws(() => decodeBase64("A", { offset: 12, frameIndex: 3 }), {
    message: "INVALID_BASE64: the text length or padding is not base64 (frame 3, byte offset 12)",
  });
});

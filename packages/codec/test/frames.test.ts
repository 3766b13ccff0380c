import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { concatBytes } from "@tickwire/testkit/bytes";
import { varint } from "@tickwire/testkit/wire";
import fc from "fast-check";
import {
  createDecodeStream,
  DecodeError,
  decodeFrames,
  decodeMessage,
  delimitBytes,
  encodeDelimited,
  FrameDecoder,
} from "../src/index.js";
import { message, messageBytes, toBytes } from "./arbitraries.js";

/** Splits `bytes` at the given cut points (taken modulo its length). */
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % (bytes.length + 1))))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    chunks.push(bytes.subarray(from, p));
    from = p;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

function pushAll(decoder: FrameDecoder, chunks: Uint8Array[]) {
  const out = [];
  for (const c of chunks) out.push(...decoder.push(c));
  decoder.end();
  return out;
}

const frames = fc.array(messageBytes, { maxLength: 6 });

describe("delimited framing", () => {
  test("any split of a stream yields the same messages", () => {
    fc.assert(
      fc.property(frames, fc.array(fc.nat(), { maxLength: 12 }), (list, cuts) => {
        const stream = concatBytes(list.map((b) => concatBytes([new Uint8Array(varint(b.length)), b])));
        const expected = list.map((b) => decodeMessage(b));
        assert.deepStrictEqual(pushAll(new FrameDecoder(), split(stream, cuts)), expected);
      }),
      { numRuns: 300 },
    );
  });

  test("one byte at a time", () => {
    fc.assert(
      fc.property(frames, (list) => {
        const stream = concatBytes(list.map((b) => concatBytes([new Uint8Array(varint(b.length)), b])));
        const chunks = Array.from(stream, (_, i) => stream.subarray(i, i + 1));
        assert.deepStrictEqual(
          pushAll(new FrameDecoder(), chunks),
          list.map((b) => decodeMessage(b)),
        );
      }),
      { numRuns: 60 },
    );
  });

  test("encodeDelimited output round-trips, including empty messages and 128+ byte frames", () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 5 }), (list) => {
        const stream = concatBytes(list.map((m) => encodeDelimited(m)));
        assert.deepStrictEqual(
          pushAll(new FrameDecoder(), [stream]),
          list.map((m) => decodeMessage(toBytes(m))),
        );
      }),
      { numRuns: 200 },
    );
  });

  test("push returns exactly the messages that chunk completed", () => {
    const a = encodeDelimited(decodeMessage(new Uint8Array([0x08, 0x01])));
    const b = encodeDelimited(decodeMessage(new Uint8Array([0x08, 0x02])));
    const decoder = new FrameDecoder();
    assert.equal(decoder.push(a.subarray(0, 2)).length, 0);
    const second = decoder.push(concatBytes([a.subarray(2), b.subarray(0, 1)]));
    assert.deepStrictEqual(
      second.map((m) => m.MessageCode),
      [1],
    );
    assert.deepStrictEqual(
      decoder.push(b.subarray(1)).map((m) => m.MessageCode),
      [2],
    );
  });

  test("a 2^40 length prefix fails at once, before any buffering", () => {
    const decoder = new FrameDecoder();
    assert.throws(
      () => decoder.push(new Uint8Array(varint(2n ** 40n))),
      (e: unknown) => e instanceof DecodeError && e.code === "FRAME_TOO_LARGE" && e.offset === 0 && e.frameIndex === 0,
    );
    assert.equal(Reflect.get(decoder, "partial").length, 0, "no frame buffer was allocated");
  });

  test("maxFrameBytes: an oversized frame is reported from its prefix, skipped across chunks, neighbours kept", () => {
    const small = encodeDelimited(decodeMessage(new Uint8Array([0x08, 0x07])));
    const big = concatBytes([new Uint8Array(varint(100)), new Uint8Array(100).fill(0x08)]);
    const stream = concatBytes([small, big, small]);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 6 }), (cuts) => {
        const errors: DecodeError[] = [];
        const decoder = new FrameDecoder({ maxFrameBytes: 50, onError: (e) => errors.push(e) });
        const got = pushAll(decoder, split(stream, cuts));
        assert.deepStrictEqual(
          got.map((m) => m.MessageCode),
          [7, 7],
        );
        assert.deepStrictEqual(
          errors.map((e) => [e.code, e.offset, e.frameIndex]),
          [["FRAME_TOO_LARGE", small.length, 1]],
        );
      }),
    );
  });

  test("a spanning frame is held in one buffer of exactly its size", () => {
    const frame = encodeDelimited(decodeMessage(toBytes(fc.sample(message, { numRuns: 1, seed: 7 })[0])));
    const decoder = new FrameDecoder();
    decoder.push(frame.subarray(0, frame.length - 1));
    const prefixLength = varint(frame.length).length;
    const body = frame.length - prefixLength;
    if (body > 0) assert.equal(Reflect.get(decoder, "partial").length, body);
    assert.equal(decoder.push(frame.subarray(frame.length - 1)).length, 1);
    assert.equal(Reflect.get(decoder, "partial").length, 0);
  });

  test("frames inside one chunk are decoded in place: no assembly buffer is created", () => {
    const stream = concatBytes([
      encodeDelimited(decodeMessage(new Uint8Array([0x08, 0x01]))),
      encodeDelimited(decodeMessage(new Uint8Array([0x08, 0x02]))),
    ]);
    const decoder = new FrameDecoder();
    let created = 0;
    const original = Reflect.get(decoder, "decodeAt") as (buf: Uint8Array, ...rest: unknown[]) => void;
    Reflect.set(decoder, "decodeAt", function (this: FrameDecoder, buf: Uint8Array, ...rest: unknown[]) {
      if (buf !== stream) created++;
      return original.call(this, buf, ...rest);
    });
    assert.equal(decoder.push(stream).length, 2);
    assert.equal(created, 0, "each frame was decoded from the pushed chunk itself");
  });

  test("a bad frame in the middle with onError loses none of its neighbours, under any split", () => {
    const good = (code: number) => encodeDelimited(decodeMessage(new Uint8Array([0x08, code])));
    const bad = new Uint8Array([3, 0x08, 0x80, 0x80]); // an intact prefix, a truncated varint inside
    const stream = concatBytes([good(1), good(2), bad, good(3), good(4)]);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), (cuts) => {
        const errors: DecodeError[] = [];
        const got = pushAll(new FrameDecoder({ onError: (e) => errors.push(e) }), split(stream, cuts));
        assert.deepStrictEqual(
          got.map((m) => m.MessageCode),
          [1, 2, 3, 4],
        );
        assert.equal(errors.length, 1);
        assert.equal(errors[0].code, "TRUNCATED");
        assert.equal(errors[0].frameIndex, 2);
        assert.equal(errors[0].offset, 8, "the stream offset of the cut varint: 2 frames of 3 bytes, a prefix, a tag");
      }),
    );
  });

  test("a frame that ends after a varint field's tag is truncated, though the next frame's first byte would fit", () => {
    // Generated loops read one-byte varints inline; the bound is the frame's end, not the chunk's.
    const good = (code: number) => encodeDelimited(decodeMessage(new Uint8Array([0x08, code])));
    const tagOnly = new Uint8Array([1, 0x08]);
    const errors: DecodeError[] = [];
    const got = new FrameDecoder({ onError: (e) => errors.push(e) }).push(concatBytes([good(1), tagOnly, good(3)]));
    assert.deepStrictEqual(
      got.map((m) => m.MessageCode),
      [1, 3],
    );
    assert.deepStrictEqual(
      errors.map((e) => [e.code, e.offset, e.frameIndex]),
      [["TRUNCATED", 5, 1]],
    );
  });

  test("without onError a bad frame throws, and the frames completed before it come with the next push", () => {
    const good = (code: number) => encodeDelimited(decodeMessage(new Uint8Array([0x08, code])));
    const decoder = new FrameDecoder();
    assert.throws(() => decoder.push(concatBytes([good(1), new Uint8Array([1, 0x00]), good(2)])), DecodeError);
    assert.deepStrictEqual(
      decoder.push(good(3)).map((m) => m.MessageCode),
      [1, 3],
    );
  });

  test("end() reports a trailing partial frame or prefix", () => {
    for (const tail of [new Uint8Array([5, 0x08]), new Uint8Array([0x80])]) {
      const errors: DecodeError[] = [];
      const decoder = new FrameDecoder({ onError: (e) => errors.push(e) });
      decoder.push(concatBytes([new Uint8Array([2, 0x08, 0x01]), tail]));
      decoder.end();
      assert.deepStrictEqual(
        errors.map((e) => [e.code, e.offset, e.frameIndex]),
        [["TRUNCATED", 3, 1]],
      );
      const throwing = new FrameDecoder();
      throwing.push(tail);
      assert.throws(
        () => throwing.end(),
        (e: unknown) => e instanceof DecodeError && e.code === "TRUNCATED",
      );
    }
  });

  test("a length prefix of 11 bytes stops the stream", () => {
    const errors: DecodeError[] = [];
    const decoder = new FrameDecoder({ onError: (e) => errors.push(e) });
    decoder.push(new Uint8Array(11).fill(0x80));
    assert.deepStrictEqual(decoder.push(new Uint8Array([0, 2, 8, 1])), []);
    assert.deepStrictEqual(
      errors.map((e) => e.code),
      ["VARINT_TOO_LONG"],
    );
    const throwing = new FrameDecoder();
    assert.throws(() => throwing.push(new Uint8Array(11).fill(0x80)), DecodeError);
    assert.throws(() => throwing.push(new Uint8Array([0])), DecodeError);
  });

  test("int64 option applies to every frame; number mode rejects a wide frame only", () => {
    const wide = encodeDelimited(decodeMessage(new Uint8Array([0x10, ...varint(2n ** 60n)])));
    const narrow = encodeDelimited(decodeMessage(new Uint8Array([0x10, ...varint(42)])));
    const errors: DecodeError[] = [];
    const decoder = new FrameDecoder({ int64: "number", onError: (e) => errors.push(e) });
    const got = decoder.push(concatBytes([narrow, wide, narrow]));
    assert.deepStrictEqual(
      got.map((m) => m.ID),
      [42, 42],
    );
    assert.deepStrictEqual(
      errors.map((e) => [e.code, e.frameIndex]),
      [["INT64_RANGE", 1]],
    );
  });
});

describe("message and base64 framing", () => {
  const bytesOf = fc.sample(messageBytes, { numRuns: 20, seed: 3 });

  test('"message": each chunk is one message', () => {
    const decoder = new FrameDecoder({ framing: "message" });
    const got = bytesOf.flatMap((b) => decoder.push(b));
    assert.deepStrictEqual(
      got,
      bytesOf.map((b) => decodeMessage(b)),
    );
  });

  test('"base64": standard with padding, URL-safe, unpadded; binary frames pass as raw messages', () => {
    const decoder = new FrameDecoder({ framing: "base64" });
    for (const b of bytesOf) {
      const standard = btoa(String.fromCharCode(...b));
      const urlSafe = standard.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
      const expected = decodeMessage(b);
      assert.deepStrictEqual(decoder.push(standard), [expected]);
      assert.deepStrictEqual(decoder.push(urlSafe), [expected]);
      assert.deepStrictEqual(decoder.push(b), [expected]);
    }
  });

  test("every byte string survives base64 (the decoder is checked against btoa)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (b) => {
        const decoder = new FrameDecoder({ framing: "base64", onError: () => {} });
        const viaBase64 = decoder.push(btoa(String.fromCharCode(...b)));
        const errors: unknown[] = [];
        const direct = new FrameDecoder({ framing: "message", onError: (e) => errors.push(e) }).push(b);
        assert.deepStrictEqual(viaBase64, direct);
      }),
      { numRuns: 500 },
    );
  });

  test("invalid base64 is INVALID_BASE64 and skipped; frames around it survive", () => {
    const errors: DecodeError[] = [];
    const decoder = new FrameDecoder({ framing: "base64", onError: (e) => errors.push(e) });
    const good = btoa(String.fromCharCode(0x08, 0x05));
    const got = ["CAU=", "CA U=", "C", "CA=U", "CAU==", "ÿÿÿÿ", "CAU\u0100", good].flatMap((s) => decoder.push(s));
    assert.deepStrictEqual(
      got.map((m) => m.MessageCode),
      [5, 5],
    );
    assert.deepStrictEqual(
      errors.map((e) => e.code),
      Array(6).fill("INVALID_BASE64"),
    );
    assert.deepStrictEqual(
      errors.map((e) => e.frameIndex),
      [1, 2, 3, 4, 5, 6],
    );
  });

  test("maxFrameBytes applies to the decoded size of a text frame", () => {
    const errors: DecodeError[] = [];
    const decoder = new FrameDecoder({ framing: "base64", maxFrameBytes: 3, onError: (e) => errors.push(e) });
    decoder.push("CAUIBQgF");
    assert.deepStrictEqual(
      errors.map((e) => e.code),
      ["FRAME_TOO_LARGE"],
    );
  });

  test("a string in delimited framing is INVALID_CHUNK, not a crash", () => {
    const errors: DecodeError[] = [];
    new FrameDecoder({ onError: (e) => errors.push(e) }).push("CAU=" as unknown as Uint8Array);
    assert.deepStrictEqual(
      errors.map((e) => e.code),
      ["INVALID_CHUNK"],
    );
  });
});

function streamOf<T>(chunks: T[]): ReadableStream<T> {
  return new ReadableStream<T>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

describe("async sources and streams", () => {
  const list = fc.sample(messageBytes, { numRuns: 10, seed: 11 });
  const stream = concatBytes(list.map((b) => concatBytes([new Uint8Array(varint(b.length)), b])));
  const expected = list.map((b) => decodeMessage(b));
  const chunks = split(stream, [3, 50, 51, 400, 1000]);

  test("decodeFrames over an async iterable", async () => {
    async function* source() {
      for (const c of chunks) yield c;
    }
    const got = [];
    for await (const m of decodeFrames(source())) got.push(m);
    assert.deepStrictEqual(got, expected);
  });

  test("decodeFrames over a ReadableStream, and a truncated end rejects", async () => {
    const got = [];
    for await (const m of decodeFrames(streamOf(chunks))) got.push(m);
    assert.deepStrictEqual(got, expected);
    await assert.rejects(async () => {
      for await (const _ of decodeFrames(streamOf([stream.subarray(0, stream.length - 1)]))) {
        // drain
      }
    }, DecodeError);
  });

  test("createDecodeStream: a TransformStream from chunks to messages", async () => {
    const got = [];
    const reader = streamOf(chunks)
      .pipeThrough(createDecodeStream({ int64: "string" }))
      .getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) got.push(next.value);
    assert.deepStrictEqual(
      got,
      list.map((b) => decodeMessage(b, { int64: "string" })),
    );
  });
});

test("delimitBytes frames already-encoded bytes exactly as encodeDelimited frames the message", () => {
  for (const generated of fc.sample(message, { numRuns: 30, seed: 13 })) {
    const bytes = toBytes(generated);
    const decoded = decodeMessage(bytes);
    assert.deepEqual(delimitBytes(bytes), encodeDelimited(decoded));
  }
  const big = new Uint8Array(300).fill(7); // a two-byte prefix: 300 = 0xac 0x02
  assert.deepEqual(delimitBytes(big).subarray(0, 3), Uint8Array.of(0xac, 0x02, 7));
  assert.equal(delimitBytes(new Uint8Array(0)).length, 1);
});

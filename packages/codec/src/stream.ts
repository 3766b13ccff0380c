import type { DecodedMessage, Int64Mode } from "./decode.js";
import { FrameDecoder, type FrameDecoderOptions } from "./frame-decoder.js";

export type FrameSource = AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array | string>;

async function* chunksOf(source: FrameSource): AsyncGenerator<Uint8Array | string> {
  if (typeof (source as ReadableStream).getReader === "function") {
    // getReader() rather than async iteration: not every browser iterates ReadableStream.
    const reader = (source as ReadableStream<Uint8Array | string>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* source as AsyncIterable<Uint8Array | string>;
}

/** Decodes every message of a chunked source; ends with a TRUNCATED error if the source stops inside a frame. */
export async function* decodeFrames<M extends Int64Mode = "bigint">(
  source: FrameSource,
  options: Omit<FrameDecoderOptions<M>, "reuse"> = {},
): AsyncGenerator<DecodedMessage<M>, void, undefined> {
  const decoder = new FrameDecoder<M>(options);
  for await (const chunk of chunksOf(source)) {
    yield* decoder.push(chunk);
  }
  decoder.end();
}

/** A WHATWG TransformStream from chunks (or base64 text frames) to messages, e.g. `response.body.pipeThrough(...)`. */
export function createDecodeStream<M extends Int64Mode = "bigint">(
  options: Omit<FrameDecoderOptions<M>, "reuse"> = {},
): TransformStream<Uint8Array | string, DecodedMessage<M>> {
  const decoder = new FrameDecoder<M>(options);
  return new TransformStream({
    transform(chunk, controller) {
      for (const message of decoder.push(chunk)) controller.enqueue(message);
    },
    flush() {
      decoder.end();
    },
  });
}

// Captures: the feed as protobuf's size-delimited stream (a varint length, then the message), the framing of files
// and relays in docs/platform.md. Written in one buffer per timer tick; read back with the codec's FrameDecoder.
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { delimitBytes, encodeMessage, FrameDecoder } from "@tickwire/codec";
import type { MarketDataMessageBase } from "@tickwire/proto";
import { messageIds, messageTime } from "@tickwire/proto";
import type { FeedFrame } from "./frame.js";

export class CaptureWriter {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  private closed: Promise<void> | undefined;
  frames = 0;
  bytes = 0;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path);
    this.stream.on("error", (error) => {
      this.failure = error;
    });
  }

  write(frames: readonly FeedFrame[]): void {
    if (frames.length === 0 || this.closed) return;
    if (this.failure) throw this.failure;
    const parts = frames.map((frame) => delimitBytes(frame.bytes));
    const chunk = Buffer.concat(parts);
    this.frames += frames.length;
    this.bytes += chunk.length;
    this.stream.write(chunk);
  }

  /** Flushes everything written and closes the file. Idempotent. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.stream.end();
      if (!this.stream.closed) await once(this.stream, "close");
      if (this.failure) throw this.failure;
    })();
    return this.closed;
  }
}

/**
 * The frames of a capture file, in order. Each message is re-encoded with the codec, which writes protobuf's
 * canonical form: for captures written by this sandbox (or by protobuf-es, or any encoder that writes fields in
 * number order) the bytes are the captured bytes exactly. Reads with backpressure: the file is read as fast as the
 * consumer takes frames.
 */
export async function* readCapture(path: string): AsyncGenerator<FeedFrame> {
  const decoder = new FrameDecoder({ framing: "delimited" });
  let lastTime = 0;
  const toFrame = (message: MarketDataMessageBase): FeedFrame => {
    lastTime = messageTime(message) ?? lastTime;
    return { bytes: encodeMessage(message), message, ids: messageIds(message), timeMs: lastTime };
  };
  for await (const chunk of createReadStream(path)) {
    for (const message of decoder.push(chunk as Buffer)) yield toFrame(message as MarketDataMessageBase);
  }
  decoder.end();
}

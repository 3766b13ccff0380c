// Splitting a stream into frames, for any message type: "delimited" (varint length
// prefixes, frames cut anywhere by chunk boundaries), "message" (one chunk, one frame)
// and "base64" (one text frame, one message). A subclass says how a frame is decoded.

import { base64DecodedLength, decodeBase64Into, invalidBase64 } from "./base64.js";
import { DecodeError } from "./errors.js";
import { Reader } from "./reader.js";

/**
 * - "delimited": a varint byte length, then the message (files, captures, TCP relays).
 * - "message": every pushed Uint8Array is one whole message (WebSocket BINARY frames).
 * - "base64": every pushed string is one base64-encoded message (WebSocket TEXT frames);
 *   a pushed Uint8Array is taken as one raw message, since the platform may send either.
 */
export type Framing = "delimited" | "message" | "base64";

export interface FrameSplitterOptions {
  framing?: Framing;
  /** Largest accepted message, checked against the length prefix before anything is buffered. Default 4 MiB. */
  maxFrameBytes?: number;
  /**
   * Called with each bad frame instead of throwing. The frame is skipped and
   * decoding goes on with the next one; frames before and after it are delivered.
   */
  onError?: (error: DecodeError) => void;
}

export const DEFAULT_MAX_FRAME_BYTES = 4 * 1024 * 1024;

const EMPTY = new Uint8Array(0);
const NONE: readonly unknown[] = Object.freeze([]);
/** More than 10 prefix bytes is not a varint; the stream cannot be resynchronised after it. */
const MAX_PREFIX_BYTES = 10;
const REUSED_ASSEMBLY_BYTES = 64 * 1024;
/**
 * Pieces up to this size are copied by a byte loop: `set` needs a subarray, an
 * object per piece, and a steady stream should allocate nothing. Above it the bulk
 * copy wins by more than that object costs.
 */
const COPY_LOOP_BYTES = 64 * 1024;

function copyBytes(from: Uint8Array, start: number, end: number, to: Uint8Array, at: number): void {
  if (end - start > COPY_LOOP_BYTES) {
    to.set(from.subarray(start, end), at);
    return;
  }
  for (let i = start; i < end; i++) to[at++] = from[i];
}

/**
 * Turns chunks of a byte stream (or WebSocket frames) into messages. A frame that
 * lies inside one chunk is decoded in place; a frame spanning chunks is copied once
 * into a buffer of exactly its size. At most `maxFrameBytes` plus the current chunk
 * is held at any time.
 */
export abstract class FrameSplitter<T, P = unknown> {
  private readonly framing: Framing;
  private readonly maxFrameBytes: number;
  private readonly onError: ((error: DecodeError) => void) | undefined;
  protected readonly reader = new Reader<P>();

  /** Stream offset of the next byte to be pushed. */
  private offset = 0;
  private frameIndex = 0;
  /** Bytes of a length prefix cut by a chunk boundary. */
  private readonly prefix = new Uint8Array(MAX_PREFIX_BYTES);
  private prefixLength = 0;
  private prefixOffset = 0;
  /** A frame spanning chunks, filled up to `partialFilled`; its first byte is at stream offset `partialOffset`. */
  private partial: Uint8Array = EMPTY;
  private partialSize = 0;
  private partialFilled = 0;
  /**
   * Reused for spanning frames up to REUSED_ASSEMBLY_BYTES: decoded messages never
   * point into frame bytes (strings are copied out), so the buffer is free again as
   * soon as its frame is decoded, and a steady stream allocates no byte arrays.
   */
  private assembly: Uint8Array = EMPTY;
  private partialOffset = 0;
  /** Where that frame's length prefix began: what a TRUNCATED end reports. */
  private partialFrameStart = 0;
  /** Bytes still to drop from a frame rejected by its length prefix. */
  private skipping = 0;
  /** Set by an error after which the stream cannot be resynchronised. */
  private fatal: DecodeError | undefined;
  private base64Scratch = new Uint8Array(1024);
  /** Messages completed before a throwing error: handed out by the next push. */
  private pending: T[] = [];
  /** Where decoded messages go during a push: the visitor of pushEach, else `collected`. */
  private visitor: ((message: T) => void) | undefined = undefined;
  /** The bytes of the frame being visited: what frameBytes() hands out. */
  private frameBuf: Uint8Array = EMPTY;
  private frameStart = 0;
  private frameEnd = 0;
  /**
   * For a subclass's decodeFrameAt: the stream offset where the frame being decoded begins, its length prefix
   * included ("delimited"); the same as the reader's streamOffset in the other framings.
   */
  protected frameOffset = 0;
  private collected = NONE as T[];

  constructor(options: FrameSplitterOptions = {}) {
    const framing = options.framing ?? "delimited";
    if (framing !== "delimited" && framing !== "message" && framing !== "base64") {
      throw new TypeError(`framing must be "delimited", "message" or "base64", not ${String(framing)}`);
    }
    const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    if (!Number.isSafeInteger(maxFrameBytes) || maxFrameBytes < 0) {
      throw new TypeError(`maxFrameBytes must be a non-negative integer, not ${String(maxFrameBytes)}`);
    }
    if (options.onError !== undefined && typeof options.onError !== "function") {
      throw new TypeError("onError must be a function");
    }
    this.framing = framing;
    this.maxFrameBytes = maxFrameBytes;
    this.onError = options.onError;
  }

  /** Pushes a chunk (a string in "base64" framing); returns the messages it completed, in order. */
  push(chunk: Uint8Array | string): T[] {
    const out = this.pending.length > 0 ? this.pending : [];
    this.pending = [];
    this.collected = out;
    try {
      this.consume(chunk);
    } catch (error) {
      this.pending = out;
      throw error;
    } finally {
      this.collected = NONE as T[];
    }
    return out;
  }

  /** Pushes a chunk and calls `visit` for each message it completes; allocates no array. */
  pushEach(chunk: Uint8Array | string, visit: (message: T) => void): void {
    if (this.pending.length > 0) {
      const pending = this.pending;
      this.pending = [];
      for (const message of pending) visit(message);
    }
    this.visitor = visit;
    try {
      this.consume(chunk);
    } finally {
      this.visitor = undefined;
    }
  }

  /**
   * Inside a `pushEach` visitor: the encoded bytes of the message being visited (a base64 frame's decoded bytes),
   * for forwarding a frame unchanged. A view into the decoder's buffers, valid until the visitor returns: copy it to
   * keep it. Outside a visitor: an empty array.
   */
  frameBytes(): Uint8Array {
    return this.frameBuf.subarray(this.frameStart, this.frameEnd);
  }

  /** Ends the stream: a frame or length prefix cut short is reported (or thrown) as TRUNCATED. */
  end(): void {
    if (this.fatal !== undefined) return;
    const cut = this.prefixLength > 0 || this.partial !== EMPTY;
    const at = this.prefixLength > 0 ? this.prefixOffset : this.partialFrameStart;
    this.prefixLength = 0;
    this.partial = EMPTY;
    this.partialFilled = 0;
    this.skipping = 0;
    if (cut) this.report(new DecodeError("TRUNCATED", "the stream ends inside a frame", at, this.frameIndex));
  }

  private consume(chunk: Uint8Array | string): void {
    try {
      this.consumeChunk(chunk);
    } finally {
      // Frames of one chunk share the reader's view of it; drop the chunk once it is consumed.
      this.reader.release();
      this.frameBuf = EMPTY;
    }
  }

  private consumeChunk(chunk: Uint8Array | string): void {
    if (this.fatal !== undefined) {
      // The stream cannot be resynchronised: with onError (already told) the rest is dropped.
      if (this.onError === undefined) throw this.fatal;
      return;
    }
    if (this.framing === "base64" && typeof chunk === "string") {
      this.consumeBase64(chunk);
      return;
    }
    if (!(chunk instanceof Uint8Array)) {
      const what = typeof chunk === "string" ? "a string outside base64 framing" : typeof chunk;
      this.report(new DecodeError("INVALID_CHUNK", `expected a Uint8Array, got ${what}`, this.offset, this.frameIndex));
      return;
    }
    if (this.framing === "delimited") {
      this.consumeDelimited(chunk);
      return;
    }
    // One whole message per chunk.
    const start = this.offset;
    this.offset += chunk.length;
    if (chunk.length > this.maxFrameBytes) {
      this.report(this.tooLarge(chunk.length, start));
      this.frameIndex++;
      return;
    }
    this.decodeAt(chunk, 0, chunk.length, start);
  }

  private consumeBase64(text: string): void {
    const start = this.offset;
    const size = base64DecodedLength(text);
    // The stream offset of a text frame counts decoded bytes, so offsets line up with "message" framing.
    this.offset += Math.max(size, 0);
    if (size < 0) {
      this.report(invalidBase64(-1, { offset: start, frameIndex: this.frameIndex++ }));
      return;
    }
    if (size > this.maxFrameBytes) {
      this.report(this.tooLarge(size, start));
      this.frameIndex++;
      return;
    }
    if (this.base64Scratch.length < size)
      this.base64Scratch = new Uint8Array(Math.max(size, this.base64Scratch.length * 2));
    // Decoded into one scratch buffer: a steady stream of text frames allocates no byte arrays.
    const bad = decodeBase64Into(text, this.base64Scratch);
    if (bad >= 0) {
      this.report(invalidBase64(bad, { offset: start, frameIndex: this.frameIndex++ }));
      return;
    }
    this.decodeAt(this.base64Scratch, 0, size, start);
  }

  private consumeDelimited(chunk: Uint8Array): void {
    const chunkOffset = this.offset;
    this.offset += chunk.length;
    const len = chunk.length;
    let pos = 0;

    if (this.skipping > 0) {
      const drop = Math.min(this.skipping, len);
      this.skipping -= drop;
      pos = drop;
    }
    if (this.partial !== EMPTY) {
      const size = this.partialSize;
      const take = Math.min(size - this.partialFilled, len - pos);
      copyBytes(chunk, pos, pos + take, this.partial, this.partialFilled);
      this.partialFilled += take;
      pos += take;
      if (this.partialFilled < size) return;
      const frame = this.partial;
      this.partial = EMPTY;
      this.partialFilled = 0;
      this.decodeAt(frame, 0, size, this.partialOffset, this.partialFrameStart);
    }
    while (pos < len) {
      // Fast path: a one-byte prefix (frames under 128 bytes) needs none of the bookkeeping below.
      const first = chunk[pos];
      if (first < 0x80 && this.prefixLength === 0 && pos + 1 + first <= len && first <= this.maxFrameBytes) {
        this.decodeAt(chunk, pos + 1, pos + 1 + first, chunkOffset + pos + 1, chunkOffset + pos);
        pos += 1 + first;
        continue;
      }
      // The length prefix: up to 10 bytes, possibly cut by the chunk boundary.
      const prefixStart = this.prefixLength > 0 ? this.prefixOffset : chunkOffset + pos;
      let size = 0;
      let scale = 1;
      let i = 0;
      let complete = false;
      for (; i < this.prefixLength; i++) {
        size += (this.prefix[i] & 0x7f) * scale;
        scale *= 128;
      }
      while (pos < len) {
        const b = chunk[pos++];
        if (i === MAX_PREFIX_BYTES) {
          this.fail(
            new DecodeError(
              "VARINT_TOO_LONG",
              "a frame length prefix has more than 10 bytes",
              prefixStart,
              this.frameIndex,
            ),
          );
          return;
        }
        // Accumulated as a double: exact below 2^53, and anything near that is far over maxFrameBytes anyway.
        size += (b & 0x7f) * scale;
        scale *= 128;
        i++;
        if (b < 0x80) {
          complete = true;
          break;
        }
        this.prefix[i - 1] = b;
      }
      if (!complete) {
        this.prefixLength = i;
        this.prefixOffset = prefixStart;
        return;
      }
      this.prefixLength = 0;
      const frameOffset = chunkOffset + pos;
      if (size > this.maxFrameBytes) {
        // Rejected before any buffering; the frame's bytes are dropped as they arrive.
        this.report(this.tooLarge(size, prefixStart));
        this.frameIndex++;
        const drop = Math.min(size, len - pos);
        pos += drop;
        this.skipping = size - drop;
        continue;
      }
      if (pos + size <= len) {
        // The whole frame is in this chunk: decode it in place, no copy.
        this.decodeAt(chunk, pos, pos + size, frameOffset, prefixStart);
        pos += size;
        continue;
      }
      // The frame spans chunks: one buffer of exactly its size, filled as chunks arrive.
      this.partial = this.assemblyFor(size);
      this.partialSize = size;
      copyBytes(chunk, pos, len, this.partial, 0);
      this.partialFilled = len - pos;
      this.partialOffset = frameOffset;
      this.partialFrameStart = prefixStart;
      return;
    }
  }

  private decodeAt(
    buf: Uint8Array,
    start: number,
    end: number,
    streamOffset: number,
    frameOffset = streamOffset,
  ): void {
    const r = this.reader;
    this.frameOffset = frameOffset;
    const frameIndex = this.frameIndex++;
    r.reset(buf, start, end, streamOffset, frameIndex);
    let message: T;
    try {
      message = this.decodeFrameAt(r);
    } catch (error) {
      if (!(error instanceof DecodeError)) throw error;
      this.report(error);
      return;
    }
    if (this.visitor === undefined) {
      this.collected.push(message);
      return;
    }
    this.frameBuf = buf;
    this.frameStart = start;
    this.frameEnd = end;
    this.visitor(message);
  }

  private assemblyFor(size: number): Uint8Array {
    if (size > REUSED_ASSEMBLY_BYTES) return new Uint8Array(size);
    if (this.assembly.length < size) {
      const grown = Math.min(2 * this.assembly.length, REUSED_ASSEMBLY_BYTES, this.maxFrameBytes);
      this.assembly = new Uint8Array(Math.max(size, grown));
    }
    return this.assembly;
  }

  /** Decodes the frame `r` points at (bounds, stream offset and frame index set); throws DecodeError. */
  protected abstract decodeFrameAt(r: Reader<P>): T;

  private tooLarge(size: number, at: number): DecodeError {
    return new DecodeError(
      "FRAME_TOO_LARGE",
      `a frame of ${size} bytes exceeds maxFrameBytes (${this.maxFrameBytes})`,
      at,
      this.frameIndex,
    );
  }

  private report(error: DecodeError): void {
    if (this.onError === undefined) throw error;
    this.onError(error);
  }

  /** An error that leaves no way to find the next frame: every later push fails with it too. */
  private fail(error: DecodeError): void {
    this.fatal = error;
    this.prefixLength = 0;
    this.partial = EMPTY;
    this.report(error);
  }
}

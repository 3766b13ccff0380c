// The decoder's state: one monomorphic Reader object that every wire-level function
// (varint.ts, scalars.ts, strings.ts, skip.ts, view-store.ts) reads and advances, in
// the style of mapbox/pbf and protobuf.js's reader. Every error leaves through `fail`
// so the hot functions stay small enough to inline.
//
// Bounds: `len` is the end of the current frame, not the end of `buf`. A frame that
// sits inside a larger chunk is decoded in place, so reading up to `buf.length`
// would leak into the next frame. Like protobuf-es, nested messages are checked
// against the frame end only (see README, "Compatibility").
import { DecodeError, type DecodeErrorCode } from "./errors.js";

/** How 64-bit fields are returned, as small integers so the hot readers compare cheaply. */
export const INT64_BIGINT = 0;
export const INT64_STRING = 1;
export const INT64_NUMBER = 2;

/** protobuf-es's recursion limit; group skipping gets `RECURSION_LIMIT - depth` levels. */
export const RECURSION_LIMIT = 100;

const EMPTY = new Uint8Array(0);

/**
 * Where a buffer of up to FRAME_COPY_BYTES is copied at its first double, so that its doubles are
 * read through one DataView made once per process (scalars.ts, `makeView`). Decoding is synchronous
 * and calls no user code, so one copy serves every reader; a reader drops it at its next frame
 * (`reset`), since another reader may have overwritten it in between.
 */
export const FRAME_COPY_BYTES = 2048;
export const frameCopy = new Uint8Array(FRAME_COPY_BYTES);
export const frameCopyView = new DataView(frameCopy.buffer);

/** `P`: the recycled-object pools of a reusing decoder (generated code decides their type). */
export class Reader<P = unknown> {
  buf: Uint8Array = EMPTY;
  pos = 0;
  /** Exclusive end of the frame being decoded. */
  len = 0;
  /** Where the frame starts in `buf`, and that position's offset in the whole stream. */
  frameStart = 0;
  streamOffset = 0;
  frameIndex = 0;
  int64 = INT64_BIGINT;
  /** The zero value of a 64-bit field in the current `int64` mode. */
  zero64: bigint | string | number = 0n;
  /** Set by the reusing decoder: where recycled message objects come from. */
  pools: P | undefined = undefined;
  /** Low and high words of the last 64-bit varint: returned here to avoid allocating a pair. */
  lo = 0;
  hi = 0;
  /** A view over `buf` (or over `frameCopy`, holding a copy of `buf`), made at the frame's first double. */
  view: DataView | undefined = undefined;
  /** The last short ASCII string read from this frame (length -1: none yet). */
  lastStringLength = -1;
  lastStringStart = 0;
  lastString = "";
  /** Keep unknown fields in `$unknown` (protobuf-es's readUnknownFields); generated decoders read it. */
  unknownFields = true;
  /**
   * bytes fields are copies: a frame decoder's chunk or its own buffer may be reused once
   * it returns. decodeX and mergeX clear it and return views into the caller's input,
   * as protobuf-es's fromBinary and protobuf.js do (no allocation of a buffer per field).
   */
  copyBytes = true;

  setMode(mode: number): void {
    this.int64 = mode;
    this.zero64 = mode === INT64_BIGINT ? 0n : mode === INT64_STRING ? "0" : 0;
  }

  /** Points the reader at `buf[start, end)`. */
  reset(buf: Uint8Array, start: number, end: number, streamOffset: number, frameIndex: number): void {
    if (buf !== this.buf || this.view === frameCopyView) {
      this.buf = buf;
      this.view = undefined;
    }
    this.lastStringLength = -1;
    this.pos = start;
    this.len = end;
    this.frameStart = start;
    this.streamOffset = streamOffset;
    this.frameIndex = frameIndex;
  }

  /** Drops the buffer so a module-level reader does not keep the caller's bytes alive. */
  release(): void {
    this.buf = EMPTY;
    this.view = undefined;
  }
}

export function fail(r: Reader, code: DecodeErrorCode, detail: string, at: number = r.pos): never {
  throw new DecodeError(code, detail, r.streamOffset + (at - r.frameStart), r.frameIndex);
}

export function failTruncated(r: Reader, at: number): never {
  fail(r, "TRUNCATED", "the message ends inside a field", at);
}

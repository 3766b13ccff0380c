import type { MarketDataMessageBase } from "@tickwire/proto";
import { FrameSplitter, type FrameSplitterOptions, type Reader } from "@tickwire/runtime";
import { type DecodedMessage, decodeFrame, decodeFrameInto, type Int64Mode, int64ModeOf } from "./decode.js";
import { Pools, zeroMarketDataMessageBase } from "./gen/tickwire/marketdata/v1/marketdata_tw.js";

export { DEFAULT_MAX_FRAME_BYTES, type Framing } from "@tickwire/runtime";

export interface FrameDecoderOptions<M extends Int64Mode = "bigint"> extends FrameSplitterOptions {
  int64?: M;
  /**
   * Recycle message objects (see `ReusingDecoder`). Only `pushEach` may be used:
   * each visited message is valid until the visitor returns.
   */
  reuse?: boolean;
}

/**
 * Turns chunks of a byte stream (or WebSocket frames) into `MarketDataMessageBase`s.
 * A frame that lies inside one chunk is decoded in place; a frame spanning chunks is
 * copied once into a buffer of exactly its size. At most `maxFrameBytes` plus the
 * current chunk is held at any time.
 */
export class FrameDecoder<M extends Int64Mode = "bigint"> extends FrameSplitter<DecodedMessage<M>, Pools> {
  private readonly pools: Pools | undefined;
  private readonly target: MarketDataMessageBase | undefined;

  constructor(options: FrameDecoderOptions<M> = {}) {
    super(options);
    this.reader.setMode(int64ModeOf(options.int64));
    if (options.reuse === true) {
      this.pools = new Pools(this.reader);
      this.reader.pools = this.pools;
      this.target = zeroMarketDataMessageBase(this.reader);
    }
  }

  /** Pushes a chunk (a string in "base64" framing); returns the messages it completed, in order. */
  override push(chunk: Uint8Array | string): DecodedMessage<M>[] {
    if (this.pools !== undefined) throw new TypeError("a FrameDecoder with reuse: true delivers through pushEach()");
    return super.push(chunk);
  }

  protected decodeFrameAt(r: Reader<Pools>): DecodedMessage<M> {
    return (
      this.pools === undefined || this.target === undefined
        ? decodeFrame(r)
        : decodeFrameInto(r, this.target, this.pools)
    ) as DecodedMessage<M>;
  }
}

/** One frame's bytes as they came, without decoding them. */
export interface RawFrame {
  /** The message bytes (no length prefix; a base64 frame decoded): a copy of its own, safe to keep. */
  readonly bytes: Uint8Array;
  /** Stream offset where the frame begins: its length prefix in "delimited" framing. */
  readonly offset: number;
  /** Frames counted from 0, bad ones included (as in DecodeError.frameIndex). */
  readonly frameIndex: number;
}

export type RawFrameDecoderOptions = FrameSplitterOptions;

/**
 * Splits a stream into frames as FrameDecoder does (the same framings, `maxFrameBytes` bound and typed DecodeErrors:
 * FRAME_TOO_LARGE, VARINT_TOO_LONG, TRUNCATED at `end()`), but hands out each frame's bytes instead of a message:
 * for tools that look at frames without decoding them, or forward them.
 */
export class RawFrameDecoder extends FrameSplitter<RawFrame> {
  protected decodeFrameAt(r: Reader): RawFrame {
    // A copy: a frame that spanned chunks sits in a buffer the splitter reuses for the next one.
    return { bytes: r.buf.slice(r.pos, r.len), offset: this.frameOffset, frameIndex: r.frameIndex };
  }
}

import type { MarketDataMessageBase } from "@tickwire/proto";
import { type DecodedMessage, decodeFrame, decodeFrameInto, type Int64Mode, int64ModeOf } from "./decode.js";
import { Pools, zeroMarketDataMessageBase } from "./gen/tickwire/marketdata/v1/marketdata_tw.js";
import { FrameSplitter, type FrameSplitterOptions } from "./runtime/frames.js";
import type { Reader } from "./runtime/reader.js";

export { DEFAULT_MAX_FRAME_BYTES, type Framing } from "./runtime/frames.js";

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

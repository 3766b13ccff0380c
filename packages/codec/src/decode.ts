import type { MarketDataMessageBase } from "@tickwire/proto";
import { DecodeError, type Int64Mode, type Int64Type, int64ModeOf, Reader, type WithInt64 } from "@tickwire/runtime";
import {
  Pools,
  readMarketDataMessageBase,
  resetMarketDataMessageBase,
  reuseMarketDataMessageBase,
  zeroMarketDataMessageBase,
} from "./gen/tickwire/marketdata/v1/marketdata_tw.js";

// The int64 modes are the runtime's, shared with protoc-gen-tickwire's generated code; re-exported as part of this API.
export { type Int64Mode, type Int64Type, int64ModeOf, type WithInt64 };

/** What `decodeMessage` returns in a mode: protobuf-es's `MarketDataMessageBase` for "bigint". */
export type DecodedMessage<M extends Int64Mode = "bigint"> = M extends "bigint"
  ? MarketDataMessageBase
  : WithInt64<MarketDataMessageBase, Int64Type<M>>;

export interface DecodeOptions<M extends Int64Mode = Int64Mode> {
  /**
   * "bigint" (default, as protobuf-es), "string" (decimal), or "number": exact for
   * magnitudes below 2^53, and a larger value fails the frame with INT64_RANGE; never rounded.
   */
  int64?: M;
}

export function checkBytes(bytes: unknown, r: Reader): asserts bytes is Uint8Array {
  if (!(bytes instanceof Uint8Array)) {
    throw new DecodeError("INVALID_CHUNK", `expected a Uint8Array, got ${typeof bytes}`, r.streamOffset, r.frameIndex);
  }
}

/** Decodes `r.buf[r.pos, r.len)` as one MarketDataMessageBase into a fresh message. */
export function decodeFrame(r: Reader<Pools>): MarketDataMessageBase {
  // The codec's messages equal fromBinary with readUnknownFields: false (see README): unknown fields are skipped.
  r.unknownFields = false;
  return readMarketDataMessageBase(r, r.len, 1);
}

/** Decodes into `target`, recycling nested objects from `r.pools` (the reuse path). */
export function decodeFrameInto(r: Reader<Pools>, target: MarketDataMessageBase, pools: Pools): MarketDataMessageBase {
  r.unknownFields = false;
  pools.rewind();
  resetMarketDataMessageBase(target, r);
  reuseMarketDataMessageBase(r, r.len, target, 1);
  return target;
}

// decodeMessage is synchronous and calls no user code, so one reader serves every call.
const shared = new Reader<Pools>();

/**
 * Decodes one `MarketDataMessageBase`. The result deep-equals protobuf-es's
 * `fromBinary(MarketDataMessageBaseSchema, bytes, { readUnknownFields: false })`
 * (with 64-bit fields converted in the "string" and "number" modes). Throws
 * `DecodeError` for bytes protobuf-es rejects, and for a known field with the
 * wrong wire type (see README).
 */
export function decodeMessage(bytes: Uint8Array, options?: DecodeOptions<"bigint">): MarketDataMessageBase;
export function decodeMessage<M extends Int64Mode>(bytes: Uint8Array, options: DecodeOptions<M>): DecodedMessage<M>;
export function decodeMessage(bytes: Uint8Array, options?: DecodeOptions): unknown {
  const r = shared;
  r.setMode(int64ModeOf(options?.int64));
  r.streamOffset = 0;
  r.frameIndex = 0;
  r.frameStart = 0;
  checkBytes(bytes, r);
  r.reset(bytes, 0, bytes.length, 0, 0);
  try {
    return decodeFrame(r);
  } finally {
    r.release();
  }
}

/**
 * The low-allocation path for hot loops: `decode()` returns the same message
 * object every time, with nested messages, lists, oneof holders and unchanged
 * strings recycled. A result is valid until the next `decode()`; copy what you keep.
 * No message objects, lists or unchanged strings are allocated per frame; V8 may
 * still box stored numbers (measured figures: README, "The low-allocation path").
 */
export class ReusingDecoder<M extends Int64Mode = "bigint"> {
  private readonly reader = new Reader<Pools>();
  private readonly pools: Pools;
  private readonly target: MarketDataMessageBase;

  constructor(options?: DecodeOptions<M>) {
    this.reader.setMode(int64ModeOf(options?.int64));
    this.pools = new Pools(this.reader);
    this.reader.pools = this.pools;
    this.target = zeroMarketDataMessageBase(this.reader);
  }

  decode(bytes: Uint8Array): DecodedMessage<M> {
    const r = this.reader;
    checkBytes(bytes, r);
    r.reset(bytes, 0, bytes.length, 0, 0);
    try {
      return decodeFrameInto(r, this.target, this.pools) as DecodedMessage<M>;
    } finally {
      r.release();
    }
  }
}

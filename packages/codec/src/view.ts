// The zero-allocation path: a ViewDecoder decodes every frame into one reused
// MarketDataMessageBaseView. Numbers are kept in typed arrays, so storing them
// never allocates (an object field may need a fresh heap box per double, depending
// on what V8 has learnt about that field); unchanged strings and the oneof holder
// are reused, and list element views are recycled. Measured per message in the
// bench's allocation suite ("codec-view"): README, "The zero-allocation path".
import { type DecodeError, FrameSplitter, type Framing, INT64_NUMBER, Reader } from "@tickwire/runtime";
import { checkBytes } from "./decode.js";
import { MarketDataMessageBaseView } from "./gen/tickwire/marketdata/v1/marketdata_tw.js";

export interface ViewDecoderOptions {
  /** How `pushEach` splits its input (as FrameDecoder). Default "delimited". */
  framing?: Framing;
  /** As FrameDecoder: the largest accepted frame, checked from its length prefix. Default 4 MiB. */
  maxFrameBytes?: number;
  /** As FrameDecoder: report a bad frame and go on, instead of throwing. */
  onError?: (error: DecodeError) => void;
}

/** The frame decoder behind `pushEach`: decodes each frame into the shared view, not a new message. */
class ViewFrames extends FrameSplitter<MarketDataMessageBaseView> {
  constructor(
    options: ViewDecoderOptions,
    private readonly view: MarketDataMessageBaseView,
  ) {
    super(options);
    this.reader.setMode(INT64_NUMBER);
  }

  protected decodeFrameAt(r: Reader): MarketDataMessageBaseView {
    return decodeIntoView(r, this.view);
  }
}

function decodeIntoView(r: Reader, view: MarketDataMessageBaseView): MarketDataMessageBaseView {
  view.reset();
  view.mergeFrom(r, r.len, 1);
  return view;
}

/**
 * Decodes frames into one reused view, allocating nothing per frame in steady state
 * (strings seen for the first time and list entries beyond any earlier frame's count
 * are the exceptions). 64-bit fields are numbers, exact below 2^53; a larger value
 * fails the frame with INT64_RANGE, as `int64: "number"` does. A view is valid until
 * the next frame is decoded: copy what you keep, or call `toObject()`.
 */
export class ViewDecoder {
  private readonly reader = new Reader();
  private readonly view = new MarketDataMessageBaseView();
  private readonly frames: ViewFrames;

  constructor(options: ViewDecoderOptions = {}) {
    this.frames = new ViewFrames(options, this.view);
    this.reader.setMode(INT64_NUMBER);
  }

  /** Decodes one whole message; throws DecodeError as `decodeMessage` does. */
  decode(bytes: Uint8Array): MarketDataMessageBaseView {
    const r = this.reader;
    checkBytes(bytes, r);
    r.reset(bytes, 0, bytes.length, 0, 0);
    try {
      return decodeIntoView(r, this.view);
    } finally {
      r.release();
    }
  }

  /** Pushes a chunk (a string in "base64" framing) and calls `visit` with the view for each frame it completes. */
  pushEach(chunk: Uint8Array | string, visit: (view: MarketDataMessageBaseView) => void): void {
    this.frames.pushEach(chunk, visit);
  }

  /** Ends the stream: a frame cut short is reported (or thrown) as TRUNCATED. */
  end(): void {
    this.frames.end();
  }
}

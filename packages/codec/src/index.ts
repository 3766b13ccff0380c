export {
  type Base64Position,
  base64DecodedLength,
  DecodeError,
  type DecodeErrorCode,
  decodeBase64,
  EncodeError,
  type EncodeErrorCode,
  type ViewList,
} from "@tickwire/runtime";
export {
  type DecodedMessage,
  type DecodeOptions,
  decodeMessage,
  type Int64Mode,
  type Int64Type,
  ReusingDecoder,
  type WithInt64,
} from "./decode.js";
export { delimitBytes, type EncodableMessage, encodeDelimited, encodeMessage } from "./encode.js";
export {
  DEFAULT_MAX_FRAME_BYTES,
  FrameDecoder,
  type FrameDecoderOptions,
  type Framing,
  type RawFrame,
  RawFrameDecoder,
  type RawFrameDecoderOptions,
} from "./frame-decoder.js";
export type {
  IncrementalUpdateMessageObject,
  IncrementalUpdateMessageView,
  IndexDataListMessageObject,
  IndexDataListMessageView,
  IndexDataMessageObject,
  IndexDataMessageView,
  IndexDataObject,
  IndexDataView,
  MarketDataMessageBaseObject,
  MarketDataMessageBaseView,
  MarketDepthMessageObject,
  MarketDepthMessageView,
  MDEntriesObject,
  MDEntriesView,
  PriceDepthLevelObject,
  PriceDepthLevelView,
  TickDataMessageObject,
  TickDataMessageView,
  TickDataObject,
  TickDataView,
  TouchLineDataMessageObject,
  TouchLineDataMessageView,
} from "./gen/tickwire/marketdata/v1/marketdata_tw.js";
export { createDecodeStream, decodeFrames, type FrameSource } from "./stream.js";
export { ViewDecoder, type ViewDecoderOptions } from "./view.js";

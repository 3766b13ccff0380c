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
export { DecodeError, type DecodeErrorCode, EncodeError, type EncodeErrorCode } from "./errors.js";
export { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, type FrameDecoderOptions, type Framing } from "./frame-decoder.js";
export { createDecodeStream, decodeFrames, type FrameSource } from "./stream.js";

import { brandErrorClass } from "./brand.js";

/** Why a frame could not be decoded. */
export type DecodeErrorCode =
  /** The bytes end inside a tag, a value or a length-delimited field, or a stream ends inside a frame. */
  | "TRUNCATED"
  /** A varint has more than 10 bytes (5 for a frame length prefix). */
  | "VARINT_TOO_LONG"
  /** A field tag is malformed: field number 0, or a tag that does not fit 32 bits. */
  | "INVALID_TAG"
  /** Wire type 6 or 7, a stray end-group tag, or a known field arriving with a wire type other than its own. */
  | "INVALID_WIRE_TYPE"
  /** A group's end tag carries another field number than its start tag. */
  | "INVALID_GROUP"
  /** Groups nested deeper than the recursion limit (100, as protobuf-es). */
  | "NESTING_TOO_DEEP"
  /** A string field is not valid UTF-8. */
  | "INVALID_UTF8"
  /** A 64-bit value does not fit the requested `int64: "number"` representation exactly. */
  | "INT64_RANGE"
  /** A frame's length prefix exceeds `maxFrameBytes`. */
  | "FRAME_TOO_LARGE"
  /** A base64 frame holds characters outside the alphabet or has a bad length or padding. */
  | "INVALID_BASE64"
  /** A pushed chunk has the wrong type for the framing (e.g. a string in "delimited" framing). */
  | "INVALID_CHUNK";

/**
 * The one error type the decoder throws or reports. `offset` is the byte offset in the
 * stream (for `decodeMessage`, in the given bytes) where the problem was found;
 * `frameIndex` counts frames from 0 (always 0 for `decodeMessage`).
 */
export class DecodeError extends Error {
  static {
    brandErrorClass(DecodeError, "DecodeError");
  }

  override readonly name = "DecodeError";
  readonly code: DecodeErrorCode;
  readonly offset: number;
  readonly frameIndex: number;

  constructor(code: DecodeErrorCode, detail: string, offset: number, frameIndex: number) {
    super(`${code}: ${detail} (frame ${frameIndex}, byte offset ${offset})`);
    this.code = code;
    this.offset = offset;
    this.frameIndex = frameIndex;
  }
}

/** Why a message could not be encoded. */
export type EncodeErrorCode = "INVALID_VALUE" | "INVALID_MESSAGE" | "MISSING_REQUIRED";

/** Thrown by `encodeMessage` for a value its field's type cannot hold, naming the field. */
export class EncodeError extends Error {
  static {
    brandErrorClass(EncodeError, "EncodeError");
  }

  override readonly name = "EncodeError";
  readonly code: EncodeErrorCode;
  /** The field path, e.g. `"MarketDataMessageBase.TickData.InstrumentID"`. */
  readonly field: string;

  constructor(code: EncodeErrorCode, field: string, detail: string) {
    super(`${code}: ${field}: ${detail}`);
    this.code = code;
    this.field = field;
  }
}

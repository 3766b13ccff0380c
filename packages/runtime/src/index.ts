// @tickwire/runtime: what generated decoders and encoders import (protoc-gen-tickwire's output for any schema,
// @tickwire/codec's market-data code among them), and the errors they throw. No schema and no other package.
// One file per job: reader.ts the state and errors, varint.ts varints and tags, scalars.ts the other scalar types,
// packed.ts and packed-varints.ts packed repeated runs, strings.ts strings and their intern table, skip.ts unknown
// fields, view-store.ts and view-list.ts the view path's stores and lists, writer.ts encoding (packed-writer.ts its
// packed runs, map-entry-writer.ts string-keyed map entries, encoded-bytes.ts where a result lives), frames.ts splitting streams into frames, base64.ts
// base64 frames, editions.ts what proto2 and editions add (groups, closed enums, required fields, unvalidated strings),
// struct.ts google.protobuf.Struct fields as JSON objects.
export { type Base64Position, base64DecodedLength, decodeBase64 } from "./base64.js";
export { closeGroup, failRequired, groupEnd, keepUnknownEnum, readStringUnvalidated } from "./editions.js";
export { takeBytes } from "./encoded-bytes.js";
export { DecodeError, type DecodeErrorCode, EncodeError, type EncodeErrorCode } from "./errors.js";
export { DEFAULT_MAX_FRAME_BYTES, FrameSplitter, type FrameSplitterOptions, type Framing } from "./frames.js";
export { mapValues, openStringKeyEntry, writeStringEntry } from "./map-entry-writer.js";
export {
  boolKey,
  type Decoded,
  type DecodeOptions,
  decodeReader,
  decodeWith,
  encodeDelimitedWith,
  encodeWith,
  encodeWriter,
  type Int64Mode,
  type Int64Type,
  int32Key,
  int64Key,
  int64ModeOf,
  isSet,
  keepUnknown,
  longString,
  longStringZero,
  MessageFrameDecoder,
  type MessageFramesOptions,
  mergeWith,
  prepareReader,
  readFixed64Key,
  readInt64Key,
  readUnknown,
  setEntry,
  type UnknownField,
  type WithInt64,
} from "./messages.js";
export {
  readPackedDouble,
  readPackedFixed32,
  readPackedFixed64,
  readPackedFloat,
  readPackedSfixed32,
  readPackedSfixed64,
} from "./packed.js";
export {
  readPackedBool,
  readPackedInt32,
  readPackedInt64,
  readPackedSint32,
  readPackedSint64,
  readPackedUint32,
  readPackedUint64,
} from "./packed-varints.js";
export {
  writePackedBool,
  writePackedDouble,
  writePackedFixed32,
  writePackedFixed64,
  writePackedFloat,
  writePackedInt32,
  writePackedInt64,
  writePackedSfixed32,
  writePackedSfixed64,
  writePackedSint32,
  writePackedSint64,
  writePackedUint32,
  writePackedUint64,
} from "./packed-writer.js";
export { fail, INT64_BIGINT, INT64_NUMBER, INT64_STRING, RECURSION_LIMIT, Reader } from "./reader.js";
export {
  EMPTY_BYTES,
  readBool,
  readBytes,
  readDouble,
  readFixed32,
  readFixed64,
  readFloat,
  readInt32,
  readInt64,
  readSfixed32,
  readSfixed64,
  readSint32,
  readSint64,
  readUint32,
  readUint64,
} from "./scalars.js";
export { failNesting, failWireType, skipField, skipUnknown } from "./skip.js";
export { InternSite, readString, readStringReusing } from "./strings.js";
export {
  type JsonObject,
  type JsonValue,
  jsonToStruct,
  type StructMessage,
  structToJson,
  type ValueMessage,
} from "./struct.js";
export { readLengthEnd, readTag, readVarint32, readVarint64 } from "./varint.js";
export { ViewList } from "./view-list.js";
export { readDoubleTo, readInt32To, readInt64To, readUint32To, readUint64To } from "./view-store.js";
export { tagOf, WireType } from "./wire-type.js";
export {
  failMessage,
  fork,
  join,
  Writer,
  writeBool,
  writeByte,
  writeBytes,
  writeDouble,
  writeFixed32,
  writeFixed64,
  writeFloat,
  writeInt32,
  writeInt64,
  writeSfixed32,
  writeSfixed64,
  writeSint32,
  writeSint64,
  writeString,
  writeTwoBytes,
  writeUint32,
  writeUint64,
  writeUnknown,
  writeVarint32,
} from "./writer.js";

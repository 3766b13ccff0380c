// The entry points that protoc-gen-tickwire's generated code wraps around its
// per-message functions: decode options and int64 modes, one shared reader and
// writer, map-entry helpers and the 64-bit conversions protobuf-es applies.

import { takeBytes } from "./encoded-bytes.js";
import { DecodeError } from "./errors.js";
import { FrameSplitter, type FrameSplitterOptions } from "./frames.js";
import { fail, INT64_BIGINT, INT64_NUMBER, INT64_STRING, Reader } from "./reader.js";
import { skipUnknown } from "./skip.js";
import { readVarint64 } from "./varint.js";
import { fork, join, Writer } from "./writer.js";

/** How 64-bit fields are returned: "bigint" (as protobuf-es), "string" (decimal) or "number" (exact below 2^53, else INT64_RANGE). */
export type Int64Mode = "bigint" | "string" | "number";

/** The JavaScript type of a 64-bit field in a mode. */
export type Int64Type<M extends Int64Mode> = M extends "number" ? number : M extends "string" ? string : bigint;

/** `T` with every bigint replaced by `R`, through nested messages, lists, maps and oneofs. */
export type WithInt64<T, R> = T extends bigint
  ? R
  : T extends Uint8Array
    ? T
    : T extends readonly (infer U)[]
      ? WithInt64<U, R>[]
      : T extends object
        ? { [K in keyof T]: WithInt64<T[K], R> }
        : T;

/** What a generated `decodeX` returns in a mode: protobuf-es's type for "bigint". */
export type Decoded<T, M extends Int64Mode = "bigint"> = M extends "bigint" ? T : WithInt64<T, Int64Type<M>>;

export interface DecodeOptions<M extends Int64Mode = Int64Mode> {
  /** Default "bigint", protobuf-es's representation (a field with `jstype = JS_STRING` stays a string). */
  int64?: M;
  /** Keep unknown fields in `$unknown` as protobuf-es does (default true); false drops them. */
  readUnknownFields?: boolean;
}

export function int64ModeOf(mode: unknown): number {
  if (mode === undefined || mode === "bigint") return INT64_BIGINT;
  if (mode === "string") return INT64_STRING;
  if (mode === "number") return INT64_NUMBER;
  throw new TypeError(`int64 must be "bigint", "string" or "number", not ${String(mode)}`);
}

/** Points `r` at the whole of `bytes` with `options`; throws DecodeError for a non-Uint8Array. */
export function prepareReader(r: Reader, bytes: Uint8Array, options: DecodeOptions | undefined): void {
  r.setMode(int64ModeOf(options?.int64));
  r.unknownFields = options?.readUnknownFields !== false;
  if (!(bytes instanceof Uint8Array)) {
    throw new DecodeError("INVALID_CHUNK", `expected a Uint8Array, got ${typeof bytes}`, 0, 0);
  }
  r.reset(bytes, 0, bytes.length, 0, 0);
}

// Generated decoders are synchronous and call no user code, so one reader serves every call.
const sharedReader = new Reader();
// The caller owns the input: bytes fields are views into it, as fromBinary's are.
sharedReader.copyBytes = false;

/**
 * The shared reader, pointed at all of `bytes` with `options`. Generated `decodeX` and `mergeX`
 * call their own reader on it and `release()` it when done: a call of a function passed in (as
 * decodeWith does) is one call site for every message type, which turns megamorphic in a process
 * that decodes several types, so V8 stops inlining the reader there.
 */
export function decodeReader(bytes: Uint8Array, options: DecodeOptions | undefined): Reader {
  prepareReader(sharedReader, bytes, options);
  return sharedReader;
}

/** Decodes all of `bytes` with `read` (a generated message reader; generated code now calls decodeReader). */
export function decodeWith<T>(
  bytes: Uint8Array,
  options: DecodeOptions | undefined,
  read: (r: Reader, end: number, depth: number) => T,
): T {
  const r = sharedReader;
  prepareReader(r, bytes, options);
  try {
    return read(r, r.len, 1);
  } finally {
    r.release();
  }
}

/** Merges all of `bytes` into `target` with `merge` (a generated field loop), as protobuf-es's mergeFromBinary. */
export function mergeWith<T>(
  target: T,
  bytes: Uint8Array,
  options: DecodeOptions | undefined,
  merge: (r: Reader, end: number, m: T, depth: number) => void,
): T {
  const r = sharedReader;
  prepareReader(r, bytes, options);
  try {
    merge(r, r.len, target, 1);
    return target;
  } finally {
    r.release();
  }
}

// Encoders call no user code while writing, so one growing buffer serves every call.
const sharedWriter = new Writer();

/**
 * The shared writer, emptied. Generated `encodeX` write into it with their own writer and take the
 * result with takeBytes (decodeReader says why they do not pass their writer to encodeWith).
 */
export function encodeWriter(): Writer {
  sharedWriter.pos = 0;
  return sharedWriter;
}

/**
 * Encodes `message` with `write` (a generated message writer) into an array of exactly its
 * size (of 65 bytes to 2 KiB: a view into a slab shared with other results; see takeBytes).
 */
export function encodeWith<T>(message: T, write: (w: Writer, m: T) => void): Uint8Array {
  const w = sharedWriter;
  w.pos = 0;
  write(w, message);
  return takeBytes(w);
}

/** As encodeWith, behind a varint length prefix (protobuf's writeDelimitedTo; the "delimited" framing). */
export function encodeDelimitedWith<T>(message: T, write: (w: Writer, m: T) => void): Uint8Array {
  const w = sharedWriter;
  w.pos = 0;
  const mark = fork(w);
  write(w, message);
  join(w, mark);
  return takeBytes(w);
}

/** A `jstype = JS_STRING` field: protobuf-es gives a decimal string where the mode would give a bigint. */
export function longString(value: bigint): string {
  return (typeof value === "bigint" ? String(value) : value) as string;
}

/** The zero of a `jstype = JS_STRING` field in the reader's mode. */
export function longStringZero(r: Reader): string {
  return (r.int64 === INT64_BIGINT ? "0" : r.zero64) as string;
}

/** A 64-bit map key as protobuf-es stores it: the decimal string, in every mode and at any magnitude. */
export function readInt64Key(r: Reader, signed: boolean, zigzag: boolean): string {
  readVarint64(r);
  let lo = r.lo;
  let hi = r.hi;
  if (zigzag) {
    const sign = -(lo & 1);
    lo = ((lo >>> 1) | ((hi & 1) << 31)) ^ sign;
    hi = (hi >>> 1) ^ sign;
  }
  const bits = (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
  return String(signed ? BigInt.asIntN(64, bits) : bits);
}

/** Sets a map entry; `__proto__` is a key like any other (as protobuf-es's setOwn). */
export function setEntry<V>(record: { [key: string]: V }, key: string, value: V): void {
  if (key === "__proto__")
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/** Map keys are object keys (strings); their wire value, as protobuf-es converts them back. */
export function boolKey(key: string): boolean {
  return (key === "true" ? true : key === "false" ? false : key) as boolean;
}

export function int32Key(key: string): number {
  const n = Number.parseInt(key, 10);
  return (Number.isFinite(n) ? n : key) as number;
}

export function int64Key(key: string): bigint {
  return (/^-?[0-9]+$/.test(key) ? BigInt(key) : key) as bigint;
}

/** protobuf-es's own-property test for fields with explicit presence. */
export function isSet(message: object, key: string): boolean {
  return Object.hasOwn(message, key);
}

/** A fixed64 / sfixed64 map key as protobuf-es stores it: the decimal string at any magnitude. */
export function readFixed64Key(r: Reader, signed: boolean): string {
  const pos = r.pos;
  if (pos + 8 > r.len) fail(r, "TRUNCATED", "the message ends inside a field", pos);
  const buf = r.buf;
  let bits = 0n;
  for (let i = 7; i >= 0; i--) bits = (bits << 8n) | BigInt(buf[pos + i]);
  r.pos = pos + 8;
  return String(signed ? BigInt.asIntN(64, bits) : bits);
}

/** Keeps an unknown field in `m.$unknown` as protobuf-es does (unless dropped), or rejects a known field's wrong wire type. */
export function readUnknown(r: Reader, m: { $unknown?: object[] | undefined }, tag: number, depth: number): void {
  const data = skipUnknown(r, tag, depth);
  if (r.unknownFields) {
    const entry = { no: tag >>> 3, wireType: tag & 7, data };
    const unknown = m.$unknown;
    if (unknown === undefined) m.$unknown = [entry];
    else unknown.push(entry);
  }
}

/** An entry of protobuf-es's `$unknown`. */
export interface UnknownField {
  no: number;
  wireType: number;
  data: Uint8Array;
}

/**
 * readUnknown for a decoder that builds its message at the end: returns `list` with the
 * field appended (a new list for the first one), or `list` as it was when unknown fields are dropped.
 */
export function keepUnknown(
  r: Reader,
  list: UnknownField[] | undefined,
  tag: number,
  depth: number,
): UnknownField[] | undefined {
  const data = skipUnknown(r, tag, depth);
  if (!r.unknownFields) return list;
  const entry = { no: tag >>> 3, wireType: tag & 7, data };
  if (list === undefined) return [entry];
  list.push(entry);
  return list;
}

/** Options of a generated message's frame decoder: framing as FrameDecoder's, decoding as decodeX's. */
export type MessageFramesOptions = FrameSplitterOptions & DecodeOptions;

/** Splits a stream into frames and decodes each with a generated reader (`newXFrameDecoder`). */
export class MessageFrameDecoder<T> extends FrameSplitter<T> {
  constructor(
    options: MessageFramesOptions,
    private readonly read: (r: Reader, end: number, depth: number) => T,
  ) {
    super(options);
    this.reader.setMode(int64ModeOf(options.int64));
    this.reader.unknownFields = options.readUnknownFields !== false;
  }

  protected decodeFrameAt(r: Reader): T {
    return this.read(r, r.len, 1);
  }
}

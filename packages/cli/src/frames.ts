// Raw frames of an input, without decoding them: what `stats` and `inspect` look at. `decode` uses the codec's
// FrameDecoder instead; both number frames from 0 and give byte offsets in the input.
import { base64DecodedLength, DecodeError, decodeBase64, type Framing } from "@tickwire/codec";
import { CliError } from "./exit-codes.js";
import { lines } from "./io.js";

export type { Framing };
export const FRAMINGS: readonly Framing[] = ["delimited", "base64", "message"];

export interface RawFrame {
  readonly index: number;
  /** Byte offset of the frame's first byte (its length prefix, for delimited input) in the input. */
  readonly offset: number;
  /** The message bytes, without the length prefix. */
  readonly bytes: Uint8Array;
  /** The input line (from 1) of a base64 frame. */
  readonly line?: number;
}

/** A framing problem: the stream cannot be split further (or, for base64, one line is not base64). */
export class FramingError extends Error {
  override readonly name = "FramingError";
  constructor(
    message: string,
    readonly frameIndex: number,
    readonly offset: number,
    readonly fatal: boolean,
  ) {
    super(`${message} (frame ${frameIndex}, byte offset ${offset})`);
  }
}

export type FrameEvent = { frame: RawFrame } | { error: FramingError | DecodeError; line?: number };

export async function* rawFrames(chunks: AsyncIterable<Uint8Array>, framing: Framing): AsyncGenerator<FrameEvent> {
  if (framing === "base64") {
    let index = 0;
    let lineNumber = 0;
    // The codec's convention for text frames: an error's offset counts decoded bytes, as `decode` reports it.
    let decodedOffset = 0;
    for await (const { line, offset } of lines(chunks)) {
      lineNumber++;
      if (line.trim() === "") continue;
      const position = { offset: decodedOffset, frameIndex: index };
      decodedOffset += Math.max(base64DecodedLength(line), 0);
      index++;
      let bytes: Uint8Array;
      try {
        bytes = decodeBase64(line, position);
      } catch (error) {
        yield { error: error as DecodeError, line: lineNumber };
        continue;
      }
      yield { frame: { index: position.frameIndex, offset, bytes, line: lineNumber } };
    }
    return;
  }
  if (framing === "message") {
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    yield { frame: { index: 0, offset: 0, bytes: concat(parts) } };
    return;
  }
  yield* delimitedFrames(chunks);
}

async function* delimitedFrames(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<FrameEvent> {
  let buffer: Uint8Array = new Uint8Array(0);
  let base = 0; // input offset of buffer[0]
  let index = 0;
  for await (const chunk of chunks) {
    buffer = buffer.length === 0 ? chunk : concat([buffer, chunk]);
    let pos = 0;
    for (;;) {
      const prefix = readVarint(buffer, pos);
      if (prefix === "incomplete") break;
      if (prefix === "too-long") {
        yield {
          error: new FramingError("VARINT_TOO_LONG: a length prefix of more than 10 bytes", index, base + pos, true),
        };
        return;
      }
      const [length, next] = prefix;
      if (next + length > buffer.length) break;
      yield { frame: { index, offset: base + pos, bytes: buffer.subarray(next, next + length) } };
      index++;
      pos = next + length;
    }
    buffer = buffer.subarray(pos);
    base += pos;
  }
  if (buffer.length > 0) {
    yield { error: new FramingError("TRUNCATED: the input ends inside a frame", index, base, true) };
  }
}

function readVarint(bytes: Uint8Array, start: number): [number, number] | "incomplete" | "too-long" {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (start + i >= bytes.length) return "incomplete";
    const byte = bytes[start + i];
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return [value, start + i + 1];
  }
  return "too-long";
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let pos = 0;
  for (const part of parts) {
    out.set(part, pos);
    pos += part.length;
  }
  return out;
}

/** One stderr line for a frame that failed: `decode`, `inspect` and `stats` word it alike. */
export function frameProblem(inputName: string, error: unknown, line?: number): string {
  return `${inputName}: ${line === undefined ? "" : `line ${line}: `}${describe(error)}`;
}

export function describe(error: unknown): string {
  if (error instanceof DecodeError) return `decode error: ${error.message}`;
  if (error instanceof CliError) return error.message;
  return `error: ${(error as Error).message}`;
}

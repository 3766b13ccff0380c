// Raw frames of an input, without decoding them: what `stats` and `inspect` look at. `decode` uses the codec's
// FrameDecoder; delimited input is split here by its RawFrameDecoder, so both split alike (the same maxFrameBytes
// bound, the same errors), number frames from 0 and give byte offsets in the input.
import { base64DecodedLength, DecodeError, decodeBase64, type Framing, RawFrameDecoder } from "@tickwire/codec";
import { Option } from "commander";
import { CliError } from "./exit-codes.js";
import { lines } from "./io.js";

export type { Framing };
export const FRAMINGS: readonly Framing[] = ["delimited", "base64", "message"];

/** `--framing`, as decode, inspect and stats take it. */
export const framingOption = () =>
  new Option(
    "--framing <framing>",
    "delimited: varint length + message (files, captures); base64: one frame a line; message: the whole input is one message",
  )
    .choices(FRAMINGS)
    .default("delimited");

export interface RawFrame {
  readonly index: number;
  /** Byte offset of the frame's first byte (its length prefix, for delimited input) in the input. */
  readonly offset: number;
  /** The message bytes, without the length prefix. */
  readonly bytes: Uint8Array;
  /** The input line (from 1) of a base64 frame. */
  readonly line?: number;
}

export type FrameEvent = { frame: RawFrame } | { error: DecodeError; line?: number };

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
  let errors: DecodeError[] = [];
  const decoder = new RawFrameDecoder({ framing: "delimited", onError: (error) => errors.push(error) });
  for await (const chunk of chunks) {
    const frames = decoder.push(chunk);
    const found = errors;
    errors = [];
    // Frames and errors of one chunk, in frame order.
    let next = 0;
    for (const error of found) {
      while (next < frames.length && frames[next].frameIndex < error.frameIndex) yield frameEvent(frames[next++]);
      yield { error };
      // A length prefix of more than 10 bytes: the stream cannot be split further.
      if (error.code === "VARINT_TOO_LONG") return;
    }
    while (next < frames.length) yield frameEvent(frames[next++]);
  }
  decoder.end();
  for (const error of errors) yield { error };
}

function frameEvent(frame: { bytes: Uint8Array; offset: number; frameIndex: number }): FrameEvent {
  return { frame: { index: frame.frameIndex, offset: frame.offset, bytes: frame.bytes } };
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

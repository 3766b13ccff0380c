// The codec against protobuf-es in the runtime under test, over the sandbox simulator's capture: every framing,
// every int64 mode, the view decoder, encoding, and errors. Node's own reading of the capture is the cross-check.
import { fromBinary, toJsonString } from "@bufbuild/protobuf";
import {
  DecodeError,
  decodeMessage,
  delimitBytes,
  encodeMessage,
  FrameDecoder,
  type Framing,
  type Int64Mode,
  ViewDecoder,
} from "@tickwire/codec";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { assertDeepEqual, type ConformanceEnv, ensure, fail, fromBase64, type NamedCheck } from "./checks.js";

const MODES: readonly Int64Mode[] = ["bigint", "string", "number"];
const FRAMINGS: readonly Framing[] = ["delimited", "message", "base64"];

const framesOf = (env: ConformanceEnv) => env.frames.map(fromBase64);
const reference = (bytes: Uint8Array) => fromBinary(MarketDataMessageBaseSchema, bytes, { readUnknownFields: false });

/** protobuf-es's reading in the codec's int64 mode: every bigint (only 64-bit fields hold one) as the mode has it. */
function inMode(value: unknown, mode: Int64Mode): unknown {
  if (mode === "bigint") return value;
  if (typeof value === "bigint") return mode === "string" ? value.toString() : Number(value);
  if (Array.isArray(value)) return value.map((item) => inMode(item, mode));
  if (value !== null && typeof value === "object" && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = inMode(item, mode);
    return out;
  }
  return value;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
}

/** Splits a stream at pseudo-random points (seeded, so every runtime sees the same chunks). */
function chunked(stream: Uint8Array, seed: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let state = seed >>> 0;
  for (let at = 0; at < stream.length; ) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const size = 1 + (state % 97);
    chunks.push(stream.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

const SAFE = 2n ** 53n;

/** Whether number mode can hold every 64-bit value of the message (it refuses the frame otherwise). */
function fitsNumbers(value: unknown): boolean {
  if (typeof value === "bigint") return value < SAFE && value > -SAFE;
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return true;
  return Object.values(value).every(fitsNumbers);
}

/** Every frame through a FrameDecoder's push(); a refused frame is its DecodeError, in frame order. */
function decodeThrough(framing: Framing, mode: Int64Mode, frames: readonly Uint8Array[]): unknown[] {
  const messages: unknown[] = [];
  // onError is called during a push, push() returns the chunk's messages after it: merge by frame index.
  const refused = new Map<number, DecodeError>();
  const decoder = new FrameDecoder({ framing, int64: mode, onError: (error) => refused.set(error.frameIndex, error) });
  if (framing === "delimited") {
    for (const chunk of chunked(concat(frames.map(delimitBytes)), frames.length)) messages.push(...decoder.push(chunk));
  } else if (framing === "message") {
    for (const frame of frames) messages.push(...decoder.push(frame));
  } else {
    for (const frame of frames) messages.push(...decoder.push(toBase64(frame)));
  }
  decoder.end();
  const inOrder: unknown[] = [];
  let next = 0;
  for (let i = 0; i < messages.length + refused.size; i++) inOrder.push(refused.get(i) ?? messages[next++]);
  return inOrder;
}

/** protobuf-es's reading in the mode, or, for a frame number mode cannot hold, the INT64_RANGE refusal. */
function expectFrame(decoded: unknown, bytes: Uint8Array, mode: Int64Mode, index: number): void {
  const expected = reference(bytes);
  if (mode === "number" && !fitsNumbers(expected)) {
    ensure(
      decoded instanceof DecodeError && decoded.code === "INT64_RANGE" && decoded.frameIndex === index,
      `frame ${index} holds a value of 2^53 or more and was not refused with INT64_RANGE`,
    );
    return;
  }
  if (decoded instanceof DecodeError) fail(`frame ${index}: ${decoded.message}`);
  assertDeepEqual(decoded, inMode(expected, mode), `frame ${index}`);
}

const framingChecks: NamedCheck[] = FRAMINGS.flatMap((framing) =>
  MODES.map((mode) => ({
    name: `codec: FrameDecoder ${framing} framing, int64 ${mode}, equals protobuf-es`,
    run: (env: ConformanceEnv) => {
      const frames = framesOf(env);
      const decoded = decodeThrough(framing, mode, frames);
      ensure(decoded.length === frames.length, `${decoded.length} results from ${frames.length} frames`);
      decoded.forEach((message, i) => {
        expectFrame(message, frames[i], mode, i);
      });
      if (mode === "number") {
        const refused = decoded.filter((item) => item instanceof DecodeError).length;
        ensure(refused < frames.length / 2, `number mode refused ${refused} of ${frames.length} frames`);
      }
    },
  })),
);

export const codecChecks: readonly NamedCheck[] = [
  {
    name: "codec: decodeMessage equals Node's reading of every frame",
    run: (env) => {
      const frames = framesOf(env);
      ensure(frames.length === env.nodeJson.length, "capture and Node's reading differ in length");
      frames.forEach((bytes, i) => {
        const json = toJsonString(MarketDataMessageBaseSchema, decodeMessage(bytes));
        if (json !== env.nodeJson[i]) fail(`frame ${i}: ${json} where Node read ${env.nodeJson[i]}`);
      });
    },
  },
  ...framingChecks,
  {
    name: "codec: encodeMessage gives back the simulator's bytes",
    run: (env) => {
      framesOf(env).forEach((bytes, i) => {
        assertDeepEqual(encodeMessage(decodeMessage(bytes)), bytes, `frame ${i}`);
      });
    },
  },
  {
    name: "codec: ViewDecoder.pushEach over the delimited stream equals decodeMessage in number mode",
    run: (env) => {
      const frames = framesOf(env);
      const seen: unknown[] = [];
      const views = new ViewDecoder({ onError: (error) => seen.push(error) });
      for (const chunk of chunked(concat(frames.map(delimitBytes)), 7)) {
        views.pushEach(chunk, (view) => {
          seen.push(view.toObject());
        });
      }
      views.end();
      ensure(seen.length === frames.length, `${seen.length} views from ${frames.length} frames`);
      seen.forEach((item, i) => {
        expectFrame(item, frames[i], "number", i);
      });
    },
  },
  {
    name: "codec: a bad frame is a typed DecodeError with code, frame and offset; the frames around it survive",
    run: (env) => {
      const frames = framesOf(env).slice(0, 3);
      const bad = new Uint8Array([0x0f]);
      const errors: DecodeError[] = [];
      const decoder = new FrameDecoder({ framing: "message", onError: (error) => errors.push(error) });
      const good = [...decoder.push(frames[0]), ...decoder.push(bad), ...decoder.push(frames[1])];
      ensure(good.length === 2, `${good.length} good messages around the bad frame`);
      ensure(
        errors.length === 1 && errors[0] instanceof DecodeError,
        "the bad frame was not reported as a DecodeError",
      );
      ensure(errors[0].code === "INVALID_WIRE_TYPE", `code ${errors[0].code}`);
      ensure(errors[0].frameIndex === 1, `frameIndex ${errors[0].frameIndex}`);
      ensure(errors[0].offset === frames[0].length, `offset ${errors[0].offset}`);
    },
  },
  {
    name: "codec: int64 number mode refuses a value of 2^53 instead of rounding it",
    run: () => {
      // MarketDataMessageBase.ID (field 2, varint) = 2^53.
      const bytes = new Uint8Array([0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10]);
      ensure(decodeMessage(bytes).ID === 2n ** 53n, "bigint mode lost 2^53");
      ensure(decodeMessage(bytes, { int64: "string" }).ID === "9007199254740992", "string mode lost 2^53");
      try {
        decodeMessage(bytes, { int64: "number" });
      } catch (error) {
        ensure(error instanceof DecodeError && error.code === "INT64_RANGE", `wrong error: ${String(error)}`);
        return;
      }
      fail("number mode accepted 2^53");
    },
  },
];

// Streaming: a capture of the mixed feed (100 MB by default) through FrameDecoder in
// 1 KiB and 64 KiB chunks, one WebSocket message per push (binary and base64 text),
// and the same frames decoded one by one with decodeMessage (the target's yardstick).
import { Buffer } from "node:buffer";
import { decodeMessage, FrameDecoder } from "@tickwire/codec";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { splitDelimited } from "@tickwire/testkit/delimited";
import { delimitedCapture, FIRST_MESSAGE_ID } from "./feed.js";
import { type BenchCase, benchCase, type CaseFilter } from "./measure.js";
import { canonical, firstDifference } from "./normalise.js";
import type { Subject } from "./subjects.js";
import { VerificationError } from "./verify.js";

export const STREAM_VARIANTS = ["one-by-one", "chunks-1KiB", "chunks-64KiB", "per-message", "base64-text"] as const;

let sink = 0;

interface Capture {
  bytes: Uint8Array;
  /** Each frame of the capture, as a view into it. */
  frames: Uint8Array[];
  base64: string[];
}

function buildCapture(mixed: Subject, minBytes: number): Capture {
  const { bytes, count } = delimitedCapture(mixed.frames, minBytes);
  const frames = splitDelimited(bytes);
  if (frames.length !== count) throw new Error(`the capture holds ${frames.length} frames, ${count} were written`);
  const base64 = mixed.frames.map((f) => Buffer.from(f.buffer, f.byteOffset, f.length).toString("base64"));
  return { bytes, frames, base64: frames.map((_, i) => base64[i % base64.length]) };
}

function chunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

type Visit = (m: { ID: bigint; MessageCode: number }, index: number) => void;

/** One pass over the capture per variant; `visit` sees each message (verification only). */
function passes(capture: Capture, sabotage: (variant: string) => boolean): Record<string, (visit?: Visit) => number> {
  const small = chunks(capture.bytes, 1024);
  const large = chunks(capture.bytes, 64 * 1024);
  const { frames, base64 } = capture;
  const delimited = (list: Uint8Array[]) => (visit?: Visit) => {
    const decoder = new FrameDecoder();
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      const out = decoder.push(list[i]);
      if (visit !== undefined) for (const m of out) visit(m, n++);
      else n += out.length;
    }
    decoder.end();
    return n;
  };
  const all: Record<string, (visit?: Visit) => number> = {
    "one-by-one": (visit) => {
      for (let i = 0; i < frames.length; i++) {
        const m = decodeMessage(frames[i]);
        if (visit !== undefined) visit(m, i);
        sink += m.MessageCode;
      }
      return frames.length;
    },
    "chunks-1KiB": delimited(small),
    "chunks-64KiB": delimited(large),
    "per-message": (visit) => {
      const decoder = new FrameDecoder({ framing: "message" });
      let n = 0;
      for (let i = 0; i < frames.length; i++) {
        const out = decoder.push(frames[i]);
        if (visit !== undefined) for (const m of out) visit(m, n++);
        else n += out.length;
      }
      return n;
    },
    "base64-text": (visit) => {
      const decoder = new FrameDecoder({ framing: "base64" });
      let n = 0;
      for (let i = 0; i < base64.length; i++) {
        const out = decoder.push(base64[i]);
        if (visit !== undefined) for (const m of out) visit(m, n++);
        else n += out.length;
      }
      return n;
    },
  };
  for (const name of Object.keys(all)) {
    if (sabotage(name)) {
      const honest = all[name];
      all[name] = (visit) => honest(visit) - 1;
    }
  }
  return all;
}

export interface StreamContext extends CaseFilter {
  mixed: Subject;
  captureBytes: number;
}

/**
 * Verifies every chosen variant over the whole capture (each message's ID in sequence,
 * its kind, and a full field comparison for one pass of the distinct frames), then
 * returns the timed cases.
 */
export function streamCases(ctx: StreamContext): { cases: BenchCase[]; captureBytes: number; messages: number } {
  const chosen = STREAM_VARIANTS.filter((v) => ctx.selected(`stream/capture/${v}`));
  if (chosen.length === 0) return { cases: [], captureBytes: 0, messages: 0 };
  const capture = buildCapture(ctx.mixed, ctx.captureBytes);
  const run = passes(capture, (v) => ctx.sabotage(`stream/capture/${v}`));
  const distinct = ctx.mixed.messages;
  const expected = distinct.map((m) => canonical(m, MarketDataMessageBaseSchema));
  const payload = capture.frames.reduce((n, f) => n + f.length, 0);

  const cases: BenchCase[] = [];
  for (const variant of chosen) {
    const count = run[variant]((m, i) => {
      const k = i % distinct.length;
      if (m.ID !== FIRST_MESSAGE_ID + BigInt(k) || m.MessageCode !== distinct[k].MessageCode) {
        throw new VerificationError(
          `stream/${variant}: message ${i} is ID ${m.ID}, expected ${FIRST_MESSAGE_ID + BigInt(k)}`,
        );
      }
      if (i < distinct.length) {
        const difference = firstDifference(expected[k], canonical(m, MarketDataMessageBaseSchema));
        if (difference !== undefined) throw new VerificationError(`stream/${variant}: message ${i}: ${difference}`);
      }
    });
    if (count !== capture.frames.length) {
      throw new VerificationError(`stream/${variant}: ${count} messages, the capture holds ${capture.frames.length}`);
    }
    const pass = run[variant];
    cases.push(
      benchCase("stream", "capture", variant, {
        opsPerCall: capture.frames.length,
        // Binary payload in every variant (base64 text is 4/3 of it), prefixes included where framed.
        bytesPerCall:
          variant === "one-by-one" || variant === "per-message" || variant === "base64-text"
            ? payload
            : capture.bytes.length,
        fn: () => {
          sink += pass();
        },
        // Each pass leaves ~100 MB of garbage; collect it untimed so no pass pays for the one before.
        beforeSample: () => (globalThis as { gc?: () => void }).gc?.(),
      }),
    );
  }
  return { cases, captureBytes: capture.bytes.length, messages: capture.frames.length };
}

export function streamSink(): number {
  return sink;
}

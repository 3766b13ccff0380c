// The cases `bench:bounds` times: per subject of both suites, tickwire's decoder and encoder
// and the bound of each (output.ts), verified before anything is timed.
import { isDeepStrictEqual } from "node:util";
import { decodeMessage, encodeMessage } from "@tickwire/codec";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";
import { generalRepeats, generatedCodec } from "../general/cases.js";
import type { GeneralSubject } from "../general/subjects.js";
import { repeatsFor, subjects } from "../subjects.js";
import { decodeBound, encodeBound } from "./output.js";

export const DIRECTIONS = ["decode", "encode"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const BOUND_VARIANTS = ["tickwire", "bound"] as const;
export type BoundVariant = (typeof BOUND_VARIANTS)[number];

/** One subject in the form both suites share. */
export interface BoundSubject {
  suite: "market-data" | "general";
  name: string;
  frames: Uint8Array[];
  messages: readonly unknown[];
  bytes: number;
  /** Passes over the subject per call: about 16 KiB of input, as the suites repeat. */
  repeats: number;
  decode: (bytes: Uint8Array) => unknown;
  encode: (message: never) => Uint8Array;
  desc: Parameters<typeof decodeBound>[0];
}

export function marketDataBoundSubjects(mixedCount = 2000): BoundSubject[] {
  return subjects(mixedCount).map((s) => ({
    suite: "market-data",
    name: s.name,
    frames: s.frames,
    messages: s.messages,
    bytes: s.bytes,
    repeats: repeatsFor(s),
    decode: (b) => decodeMessage(b),
    encode: (m: never) => encodeMessage(m as MarketDataMessageBase),
    desc: MarketDataMessageBaseSchema,
  }));
}

export function generalBoundSubject(s: GeneralSubject): BoundSubject {
  const codec = generatedCodec(s.feature);
  return {
    suite: "general",
    name: s.name,
    frames: s.frames,
    messages: s.messages,
    bytes: s.bytes,
    repeats: generalRepeats(s),
    decode: (b) => codec.decode(b),
    encode: codec.encode,
    desc: s.desc,
  };
}

export class BoundMismatch extends Error {}

let sink: unknown;
/** Read after a run, so the loops' stores are observable. */
export function lastBoundResult(): unknown {
  return sink;
}

/**
 * One call of the case: `repeats` passes over the subject. The decode bound is checked
 * deep-equal (prototypes included) to what tickwire returned, the encode bound's bytes
 * to the frame, before the function is handed out.
 */
export function boundCall(subject: BoundSubject, direction: Direction, variant: BoundVariant): () => void {
  const { frames, repeats } = subject;
  if (direction === "decode") {
    const outputs = frames.map((f) => subject.decode(f));
    if (variant === "tickwire") {
      const decode = subject.decode;
      return () => {
        for (let r = 0; r < repeats; r++) for (let i = 0; i < frames.length; i++) sink = decode(frames[i]);
      };
    }
    const bound = decodeBound(subject.desc, outputs);
    if (!isDeepStrictEqual(bound.build(), outputs.at(-1)))
      throw new BoundMismatch(`${subject.name}: the decode bound does not build what tickwire returns`);
    const build = bound.build;
    return () => {
      for (let r = 0; r < repeats; r++) sink = build();
    };
  }
  const messages = subject.messages;
  if (variant === "tickwire") {
    const encode = subject.encode;
    return () => {
      for (let r = 0; r < repeats; r++) for (let i = 0; i < messages.length; i++) sink = encode(messages[i] as never);
    };
  }
  const bound = encodeBound(subject.desc, messages, frames);
  const last = bound.write();
  if (!isDeepStrictEqual(last, frames.at(-1)) || bound.valueBytes() === 0)
    throw new BoundMismatch(`${subject.name}: the encode bound wrote nothing or the wrong bytes`);
  const write = bound.write;
  return () => {
    for (let r = 0; r < repeats; r++) sink = write();
  };
}

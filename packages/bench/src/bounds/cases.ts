// The cases `bench:bounds` times: per subject of both suites, tickwire's decoder (int64 as
// bigint, and int64 as number: the number path) and encoder, the bound of each (output.ts),
// and the peer each is compared with in the suites, verified before anything is timed.
import { isDeepStrictEqual } from "node:util";
import { type DescMessage, fromBinary, toBinary } from "@bufbuild/protobuf";
import { decodeMessage, encodeMessage } from "@tickwire/codec";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";
import { generalRepeats, generatedCodec } from "../general/cases.js";
import type { GeneralSubject } from "../general/subjects.js";
import { canonical, firstDifference } from "../normalise.js";
import { type PbjsType, protobufjsLongs } from "../peers.js";
import { repeatsFor, subjects } from "../subjects.js";
import { sameBytes } from "../verify.js";
import { type DecodeBound, decodeBound, type EncodeBound, encodeBound } from "./output.js";
import { wireValueBytes } from "./wire-values.js";

/** `decode-number`: tickwire's number path (`int64: "number"`), whose peer is protobufjs (64-bit as numbers). */
export const DIRECTIONS = ["decode", "decode-number", "encode"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const BOUND_VARIANTS = ["tickwire", "bound"] as const;
/** The suites' pairings: `decodeMessage` against fromBinary, the number path against protobufjs, encode against both. */
export const PEERS: Record<Direction, readonly Peer[]> = {
  decode: ["protobuf-es"],
  "decode-number": ["protobufjs"],
  encode: ["protobuf-es", "protobufjs"],
};
export type Peer = "protobuf-es" | "protobufjs";
export type Variant = (typeof BOUND_VARIANTS)[number] | Peer;

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
  decodeNumber: (bytes: Uint8Array) => unknown;
  encode: (message: never) => Uint8Array;
  desc: DescMessage;
  /** protobufjs's static class for the message (the bench has one for every message of both suites). */
  pbjs?: PbjsType;
}

export function marketDataBoundSubjects(mixedCount = 2000, pbjs?: PbjsType): BoundSubject[] {
  return subjects(mixedCount).map((s) => ({
    suite: "market-data",
    name: s.name,
    frames: s.frames,
    messages: s.messages,
    bytes: s.bytes,
    repeats: repeatsFor(s),
    decode: (b) => decodeMessage(b),
    decodeNumber: (b) => decodeMessage(b, { int64: "number" }),
    encode: (m: never) => encodeMessage(m as MarketDataMessageBase),
    desc: MarketDataMessageBaseSchema,
    pbjs,
  }));
}

export function generalBoundSubject(s: GeneralSubject, pbjs?: PbjsType): BoundSubject {
  const codec = generatedCodec(s.feature);
  return {
    suite: "general",
    name: s.name,
    frames: s.frames,
    messages: s.messages,
    bytes: s.bytes,
    repeats: generalRepeats(s),
    decode: (b) => codec.decode(b),
    decodeNumber: (b) => codec.decode(b, { int64: "number" }),
    encode: codec.encode,
    desc: s.desc,
    pbjs,
  };
}

/** Whether a direction has the variant for this subject: protobufjs only where the bench has its class. */
export function hasVariant(subject: Pick<BoundSubject, "pbjs">, direction: Direction, variant: Variant): boolean {
  if (variant === "tickwire" || variant === "bound") return true;
  if (!PEERS[direction].includes(variant)) return false;
  return variant !== "protobufjs" || subject.pbjs !== undefined;
}

export class BoundMismatch extends Error {
  override name = "BoundMismatch";
}

let sink: unknown;
/** Read after a run, so the loops' stores are observable. */
export function lastBoundResult(): unknown {
  return sink;
}

/** A loop compiled apart per process and variant, so its call site sees one function (cpu-windows.ts's reason). */
function passes(fn: (i: number) => unknown, count: number, repeats: number): () => void {
  const make = new Function(
    "fn",
    "count",
    "repeats",
    "store",
    "return () => { let last; for (let r = 0; r < repeats; r++) for (let i = 0; i < count; i++) last = fn(i); store(last); };",
  ) as (fn: (i: number) => unknown, count: number, repeats: number, store: (v: unknown) => void) => () => void;
  return make(fn, count, repeats, (v) => {
    sink = v;
  });
}

/**
 * Throws unless `bound` builds every one of `outputs` deep-equal (prototypes included): a bound
 * that builds less than the decoder returns fails before it is timed.
 */
export function checkDecodeBound(name: string, bound: DecodeBound, outputs: readonly unknown[]): void {
  const built = bound.buildAll();
  if (built.length !== outputs.length)
    throw new BoundMismatch(`${name}: the decode bound built ${built.length} outputs, not ${outputs.length}`);
  built.forEach((b, i) => {
    // isDeepStrictEqual compares prototypes and own keys.
    if (!isDeepStrictEqual(b, outputs[i]))
      throw new BoundMismatch(`${name}: the decode bound does not build what tickwire returns for frame ${i}`);
  });
}

/**
 * Throws unless `bound` ends in the last frame's bytes having written, per message, at least
 * the frame's value bytes (all but tags and lengths; it writes proto3 defaults too, which the
 * wire leaves out): a walk that skips values fails before it is timed.
 */
export function checkEncodeBound(
  name: string,
  bound: EncodeBound,
  desc: DescMessage,
  frames: readonly Uint8Array[],
): void {
  if (!sameBytes(bound.write(), frames[frames.length - 1]))
    throw new BoundMismatch(`${name}: the encode bound does not end in the last frame's bytes`);
  const written = bound.valueBytesEach();
  frames.forEach((f, i) => {
    const values = wireValueBytes(desc, f);
    if (!(written[i] >= values) || written[i] === 0)
      throw new BoundMismatch(
        `${name}: the encode bound wrote ${written[i]} bytes for message ${i}, whose frame holds ${values} bytes of values`,
      );
  });
}

/**
 * The checked decode bound's timed builder. tickwire's outputs live only in this function: a
 * 1 MB feed's outputs kept alive beside the timed loop are tens of MB of old generation that
 * every collection of the timed process would mark.
 */
function boundDecoder(subject: BoundSubject, decode: (bytes: Uint8Array) => unknown): () => unknown {
  const outputs = subject.frames.map((f) => decode(f));
  const bound = decodeBound(subject.desc, outputs);
  checkDecodeBound(subject.name, bound, outputs);
  return bound.build;
}

/**
 * One call of the case: `repeats` passes over the subject. Every variant is checked before
 * the function is handed out: the decode bound builds what tickwire returns for every frame
 * (deep-equal, prototypes included), a peer's decode equals tickwire's (canonical form), the
 * encode bound ends in the frame's bytes having written the values, an encoder writes the frame.
 */
export function boundCall(subject: BoundSubject, direction: Direction, variant: Variant): () => void {
  if (!hasVariant(subject, direction, variant))
    throw new Error(`${subject.name}: no ${variant} variant for ${direction}`);
  const { frames, repeats, desc } = subject;
  if (variant === "protobufjs") protobufjsLongs(false);
  if (direction === "decode" || direction === "decode-number") {
    const decode = direction === "decode" ? subject.decode : subject.decodeNumber;
    // No process keeps a decoder's outputs beyond its checks (see boundDecoder).
    if (variant === "tickwire") return passes((i) => decode(frames[i]), frames.length, repeats);
    if (variant === "bound") {
      const build = boundDecoder(subject, decode);
      return passes(build, 1, repeats);
    }
    const pbjs = subject.pbjs as PbjsType;
    const peer = variant === "protobuf-es" ? (b: Uint8Array) => fromBinary(desc, b) : (b: Uint8Array) => pbjs.decode(b);
    frames.forEach((f, i) => {
      const difference = firstDifference(canonical(decode(f), desc), canonical(peer(f), desc));
      if (difference !== undefined)
        throw new BoundMismatch(`${subject.name}/${variant}: frame ${i} decodes unlike tickwire: ${difference}`);
    });
    return passes((i) => peer(frames[i]), frames.length, repeats);
  }
  const messages = subject.messages;
  let encode: (i: number) => Uint8Array;
  if (variant === "bound") {
    const bound = encodeBound(desc, messages, frames);
    checkEncodeBound(subject.name, bound, desc, frames);
    return passes(() => bound.write(), 1, repeats);
  }
  if (variant === "tickwire") {
    const tw = subject.encode;
    encode = (i) => tw(messages[i] as never);
  } else if (variant === "protobuf-es") {
    encode = (i) => toBinary(desc, messages[i] as never);
  } else {
    const pbjs = subject.pbjs as PbjsType;
    const pbjsMessages = frames.map((f) => pbjs.decode(f));
    encode = (i) => pbjs.encode(pbjsMessages[i]).finish();
  }
  frames.forEach((f, i) => {
    const out = encode(i);
    if (!sameBytes(out, f))
      throw new BoundMismatch(
        `${subject.name}/${variant}: message ${i} encodes to ${out.length} bytes unlike the frame's ${f.length}`,
      );
  });
  return passes(encode, frames.length, repeats);
}

// The decoders and encoders under test. Every timed loop is its own function literal,
// so each call site stays monomorphic, and every loop keeps its last result alive in
// a module variable, so no engine can drop the work as dead.
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  decodeMessage,
  encodeMessage,
  type MarketDataMessageBaseView,
  ReusingDecoder,
  ViewDecoder,
} from "@tickwire/codec";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";
import { type Canonical, canonical } from "./normalise.js";
import { type PbjsMessage, type PbjsType, protobufjsLongs } from "./peers.js";
import { type ScanPlan, scanPlan, skipScan } from "./skip-scan.js";

export const DECODERS = [
  "codec",
  "codec-number",
  "codec-reuse",
  "codec-view",
  "protobuf-es",
  "protobufjs",
  "protobufjs-long",
  "skip-scan",
] as const;
export type DecoderName = (typeof DECODERS)[number];

export const ENCODERS = ["codec", "protobuf-es", "protobufjs"] as const;
export type EncoderName = (typeof ENCODERS)[number];

/** What each name means, for the reports. */
export const DESCRIPTIONS: Record<string, string> = {
  codec: "@tickwire/codec decodeMessage / encodeMessage (int64 as bigint)",
  "codec-number": '@tickwire/codec decodeMessage with int64: "number"',
  "codec-reuse":
    '@tickwire/codec ReusingDecoder, int64: "number" (the low-allocation path: protobuf-es-shaped objects recycled)',
  "codec-view": "@tickwire/codec ViewDecoder (the zero-allocation path: typed-array-backed views, int64 as numbers)",
  "protobuf-es": "@bufbuild/protobuf fromBinary / toBinary",
  protobufjs: "protobufjs static code (pbjs), util.Long unset: 64-bit as numbers, its fastest mode",
  "protobufjs-long": "protobufjs static code, 64-bit as Long objects (its default when `long` is installed)",
  "skip-scan": "the floor: walk every tag and length, materialise nothing",
};

let sink: unknown;
/** Read by the harness after a run, so the stores above are observable. */
export function lastResult(): unknown {
  return sink;
}

export interface Decoder {
  name: DecoderName;
  setup?: () => void;
  decode: (bytes: Uint8Array) => unknown;
  /** What verification compares: the canonical message, or for the skip-scan the tag count. */
  check: (result: unknown) => Canonical | number;
  loop: (list: Uint8Array[]) => () => void;
}

/** A decoder that answers wrongly, to prove the verification catches it (`--sabotage`). */
function sabotaged(decode: (bytes: Uint8Array) => unknown): (bytes: Uint8Array) => unknown {
  return (bytes) => {
    const result = decode(bytes);
    if (typeof result === "number") return result + 1;
    (result as { MessageCode: number }).MessageCode += 1;
    return result;
  };
}

export function makeDecoders(pbjs: PbjsType, sabotage: (name: string) => boolean): Decoder[] {
  const desc = MarketDataMessageBaseSchema;
  const plan: ScanPlan = scanPlan(desc);
  const reusing = new ReusingDecoder({ int64: "number" });
  const views = new ViewDecoder();
  const asMessage = (r: unknown) => canonical(r, desc);
  const wrap = (name: DecoderName, f: (bytes: Uint8Array) => unknown) => (sabotage(name) ? sabotaged(f) : f);

  const codec = wrap("codec", (b) => decodeMessage(b));
  const codecNumber = wrap("codec-number", (b) => decodeMessage(b, { int64: "number" }));
  const codecReuse = wrap("codec-reuse", (b) => reusing.decode(b));
  const codecView = wrap("codec-view", (b) => views.decode(b));
  const es = wrap("protobuf-es", (b) => fromBinary(desc, b));
  const pbjsNumbers = wrap("protobufjs", (b) => pbjs.decode(b));
  const pbjsLong = wrap("protobufjs-long", (b) => pbjs.decode(b));
  const scan = wrap("skip-scan", (b) => skipScan(b, plan));

  return [
    {
      name: "codec",
      decode: codec,
      check: asMessage,
      loop: (list) => () => {
        for (let i = 0; i < list.length; i++) sink = codec(list[i]);
      },
    },
    {
      name: "codec-number",
      decode: codecNumber,
      check: asMessage,
      loop: (list) => () => {
        for (let i = 0; i < list.length; i++) sink = codecNumber(list[i]);
      },
    },
    {
      name: "codec-reuse",
      decode: codecReuse,
      check: asMessage,
      loop: (list) => () => {
        for (let i = 0; i < list.length; i++) sink = codecReuse(list[i]);
      },
    },
    {
      name: "codec-view",
      decode: codecView,
      check: (r) => canonical((r as MarketDataMessageBaseView).toObject(), desc),
      loop: (list) => () => {
        for (let i = 0; i < list.length; i++) sink = codecView(list[i]);
      },
    },
    {
      name: "protobuf-es",
      decode: es,
      check: asMessage,
      loop: (list) => () => {
        for (let i = 0; i < list.length; i++) sink = es(list[i]);
      },
    },
    {
      name: "protobufjs",
      setup: () => protobufjsLongs(false),
      decode: pbjsNumbers,
      check: asMessage,
      loop: (list) => () => {
        for (let i = 0; i < list.length; i++) sink = pbjsNumbers(list[i]);
      },
    },
    {
      name: "protobufjs-long",
      setup: () => protobufjsLongs(true),
      decode: pbjsLong,
      check: asMessage,
      loop: (list) => () => {
        for (let i = 0; i < list.length; i++) sink = pbjsLong(list[i]);
      },
    },
    {
      name: "skip-scan",
      decode: scan,
      check: (r) => r as number,
      loop: (list) => () => {
        let tags = 0;
        for (let i = 0; i < list.length; i++) tags += scan(list[i]) as number;
        sink = tags;
      },
    },
  ];
}

/** An encoder whose last byte is flipped, to prove verification catches it (`--sabotage`). */
export function lyingEncoder<T>(encode: (input: T) => Uint8Array): (input: T) => Uint8Array {
  return (input) => {
    const out = encode(input).slice();
    out[out.length - 1] ^= 1;
    return out;
  };
}

export interface Encoder {
  name: EncoderName;
  setup?: () => void;
  /** Input prepared per library: protobuf-es messages, or protobufjs message instances. */
  encode: (index: number) => Uint8Array;
  loop: () => void;
}

/** Encoders over the subject's messages: codec and protobuf-es take the same objects, protobufjs its own. */
export function makeEncoders(
  messages: MarketDataMessageBase[],
  pbjsMessages: PbjsMessage[],
  pbjs: PbjsType,
  repeats: number,
  sabotage: (name: string) => boolean,
): Encoder[] {
  const desc = MarketDataMessageBaseSchema;
  const corrupt = (name: EncoderName, f: (i: number) => Uint8Array) => (sabotage(name) ? lyingEncoder(f) : f);
  const codec = corrupt("codec", (i) => encodeMessage(messages[i]));
  const es = corrupt("protobuf-es", (i) => toBinary(desc, messages[i]));
  const pj = corrupt("protobufjs", (i) => pbjs.encode(pbjsMessages[i]).finish());
  const n = messages.length;
  return [
    {
      name: "codec",
      encode: codec,
      loop: () => {
        for (let r = 0; r < repeats; r++) for (let i = 0; i < n; i++) sink = codec(i);
      },
    },
    {
      name: "protobuf-es",
      encode: es,
      loop: () => {
        for (let r = 0; r < repeats; r++) for (let i = 0; i < n; i++) sink = es(i);
      },
    },
    {
      name: "protobufjs",
      setup: () => protobufjsLongs(false),
      encode: pj,
      loop: () => {
        for (let r = 0; r < repeats; r++) for (let i = 0; i < n; i++) sink = pj(i);
      },
    },
  ];
}

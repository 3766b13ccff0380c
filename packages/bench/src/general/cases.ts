// The general suite's decoders and encoders over the plugin's output, verified before
// they are handed to the timer, as the market-data suite's are (src/suites.ts).
import { type DescMessage, fromBinary, toBinary } from "@bufbuild/protobuf";
import { lyingEncoder } from "../decoders.js";
import * as editions from "../gen/tickwire/bench/v1/editions_tw.js";
import * as features from "../gen/tickwire/bench/v1/features_tw.js";
import * as payload from "../gen/tickwire/bench/v1/payload_tw.js";
import * as proto2 from "../gen/tickwire/bench/v1/proto2_tw.js";
import * as orders from "../gen/tickwire/orders/v1/orders_tw.js";
import { type BenchCase, benchCase, type CaseFilter } from "../measure.js";
import { type Canonical, canonical, firstDifference } from "../normalise.js";
import { type PbjsType, protobufjsLongs } from "../peers.js";
import { sameBytes, VerificationError } from "../verify.js";
import type { Feature, GeneralSubject } from "./subjects.js";

export const GENERAL_DECODERS = ["tickwire", "tickwire-number", "protobuf-es", "protobufjs"] as const;
export const GENERAL_ENCODERS = ["tickwire", "protobuf-es"] as const;

export const GENERAL_DESCRIPTIONS: Record<string, string> = {
  tickwire: "protoc-gen-tickwire's decodeX / encodeX (int64 as bigint, protobuf-es's representation)",
  "tickwire-number": 'protoc-gen-tickwire\'s decodeX with int64: "number"',
  "protobuf-es": "@bufbuild/protobuf fromBinary / toBinary",
  protobufjs: "protobufjs static code (pbjs), util.Long unset: 64-bit as numbers, its fastest mode",
};

type Decode = (bytes: Uint8Array, options?: { int64: "number" }) => object;
type Encode = (message: never) => Uint8Array;
/** The overloads of a generated decodeX, seen as the one signature the loops call. */
const pair = (decode: unknown, encode: Encode) => ({ decode: decode as Decode, encode });

/** The generated functions per feature message (protobuf-es's names: the Nested feature is the Node message). */
const GENERATED: Record<Feature, { decode: Decode; encode: Encode }> = {
  Scalars: pair(features.decodeScalars, features.encodeScalars),
  PackedScalars: pair(features.decodePackedScalars, features.encodePackedScalars),
  RepeatedMessages: pair(features.decodeRepeatedMessages, features.encodeRepeatedMessages),
  StringMap: pair(features.decodeStringMap, features.encodeStringMap),
  MessageMap: pair(features.decodeMessageMap, features.encodeMessageMap),
  Nested: pair(features.decodeNode, features.encodeNode),
  Order: pair(orders.decodeOrder, orders.encodeOrder),
  Proto2: pair(proto2.decodeLegacyQuote, proto2.encodeLegacyQuote),
  Struct: pair(payload.decodeEvent, payload.encodeEvent),
  Editions: pair(editions.decodeExecution, editions.encodeExecution),
};

/** protoc-gen-tickwire's decodeX and encodeX for a feature (the bounds and the mixed-process mode use them too). */
export function generatedCodec(feature: Feature): { decode: Decode; encode: Encode } {
  return GENERATED[feature];
}

/** The protobufjs static classes, by the message's protobuf type name. */
export type GeneralPbjs = (typeName: string) => PbjsType;

/** Loads the committed pbjs modules (plain JavaScript under src/gen, loaded by URL from src/ and dist/ alike). */
export async function loadGeneralPbjs(): Promise<GeneralPbjs> {
  const load = async (path: string) =>
    ((await import(new URL(`../../src/gen/${path}`, import.meta.url).href)) as { tickwire: unknown }).tickwire;
  // Each module's `tickwire` namespace, by the package below it ("bench" or "orders").
  const namespaces: Record<string, unknown> = {
    bench: await load("tickwire/bench/v1/features_pbjs.js"),
    orders: await load("tickwire/orders/v1/orders_pbjs.js"),
  };
  return (typeName) => {
    const path = typeName.split(".").slice(1);
    let node = namespaces[path[0]];
    for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
    if (node === undefined) throw new Error(`no protobufjs class for ${typeName}`);
    return node as PbjsType;
  };
}

let sink: unknown;
/** Read after a run, so the loops' stores are observable. */
export function lastGeneralResult(): unknown {
  return sink;
}

interface GeneralDecoder {
  name: (typeof GENERAL_DECODERS)[number];
  setup?: () => void;
  decode: (bytes: Uint8Array) => unknown;
}

/**
 * One loop literal serves every subject, so within a process its call site sees up to
 * ten decode functions; a call of a large function is not inlined either way, and
 * every decoder pays the same dispatch.
 */
function decodeLoop(decode: (bytes: Uint8Array) => unknown, list: Uint8Array[]): () => void {
  return () => {
    for (let i = 0; i < list.length; i++) sink = decode(list[i]);
  };
}

function decoders(subject: GeneralSubject, pbjs: GeneralPbjs, lies: (name: string) => boolean): GeneralDecoder[] {
  const generated = GENERATED[subject.feature];
  const desc = subject.desc;
  const pbjsType = pbjs(desc.typeName);
  const wrap = (name: string, f: (bytes: Uint8Array) => object) => (lies(name) ? sabotaged(f, desc) : f);
  return [
    { name: "tickwire", decode: wrap("tickwire", (b) => generated.decode(b)) },
    { name: "tickwire-number", decode: wrap("tickwire-number", (b) => generated.decode(b, { int64: "number" })) },
    { name: "protobuf-es", decode: wrap("protobuf-es", (b) => fromBinary(desc, b)) },
    {
      name: "protobufjs",
      setup: () => protobufjsLongs(false),
      decode: wrap("protobufjs", (b) => pbjsType.decode(b)),
    },
  ];
}

/** A decoder made to drop its message's first field, to prove verification catches it (`--sabotage`). */
function sabotaged(decode: (bytes: Uint8Array) => object, desc: DescMessage): (bytes: Uint8Array) => object {
  const first = desc.fields[0].localName;
  return (bytes) => {
    const result = decode(bytes) as Record<string, unknown>;
    result[first] = undefined;
    return result;
  };
}

/** How often a call repeats the subject: about 16 KiB of input per call, so even 100 B subjects time well above the clock. */
export function generalRepeats(subject: GeneralSubject): number {
  return Math.min(256, Math.max(1, Math.ceil(16384 / subject.bytes)));
}

export interface GeneralContext extends CaseFilter {
  subjects: GeneralSubject[];
  /** False only where the parent process verified these very bytes (loadSubjects). */
  verify: boolean;
  pbjs: GeneralPbjs;
}

/** Decode cases: one op is one pass over the subject (its one message, or the Scalars feed's messages). */
export function generalDecodeCases(ctx: GeneralContext): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const subject of ctx.subjects) {
    const chosen = decoders(subject, ctx.pbjs, (name) => ctx.sabotage(`decode/${subject.name}/${name}`)).filter((d) =>
      ctx.selected(`decode/${subject.name}/${d.name}`),
    );
    if (chosen.length === 0) continue;
    const expected = ctx.verify ? subject.messages.map((m) => canonical(m, subject.desc)) : [];
    for (const d of ctx.verify ? chosen : []) {
      d.setup?.();
      subject.frames.forEach((frame, i) => {
        let got: Canonical;
        try {
          got = canonical(d.decode(frame), subject.desc);
        } catch (error) {
          throw new VerificationError(`${subject.name}/${d.name}: frame ${i} failed to decode: ${String(error)}`);
        }
        const difference = firstDifference(expected[i], got);
        if (difference !== undefined)
          throw new VerificationError(`${subject.name}/${d.name}: frame ${i} decodes wrongly: ${difference}`);
      });
    }
    const repeats = generalRepeats(subject);
    const list = Array.from({ length: repeats }, () => subject.frames).flat();
    for (const d of chosen) {
      cases.push(
        benchCase("decode", subject.name, d.name, {
          opsPerCall: repeats,
          bytesPerCall: repeats * subject.bytes,
          fn: decodeLoop(d.decode, list),
          setup: d.setup,
        }),
      );
    }
  }
  return cases;
}

/** Encode cases: the generated encoder must write toBinary's bytes exactly, for every message. */
export function generalEncodeCases(ctx: GeneralContext): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const subject of ctx.subjects) {
    const generated = GENERATED[subject.feature];
    const desc = subject.desc;
    const lies = (name: string) => ctx.sabotage(`encode/${subject.name}/${name}`);
    const corrupt = (name: string, f: (m: object) => Uint8Array) => (lies(name) ? lyingEncoder(f) : f);
    const encoders = [
      { name: "tickwire", encode: corrupt("tickwire", (m) => generated.encode(m as never)) },
      { name: "protobuf-es", encode: corrupt("protobuf-es", (m) => toBinary(desc, m as never)) },
    ].filter((e) => ctx.selected(`encode/${subject.name}/${e.name}`));
    const messages = subject.messages;
    for (const e of ctx.verify ? encoders : []) {
      messages.forEach((m, i) => {
        const out = e.encode(m);
        if (!sameBytes(out, subject.frames[i]))
          throw new VerificationError(
            `${subject.name}/encode ${e.name}: message ${i}: ${out.length} bytes differ from toBinary's ${subject.frames[i].length} bytes`,
          );
      });
    }
    const repeats = generalRepeats(subject);
    for (const e of encoders) {
      const encode = e.encode;
      cases.push(
        benchCase("encode", subject.name, e.name, {
          opsPerCall: repeats,
          bytesPerCall: repeats * subject.bytes,
          fn: () => {
            for (let r = 0; r < repeats; r++) for (let i = 0; i < messages.length; i++) sink = encode(messages[i]);
          },
        }),
      );
    }
  }
  return cases;
}

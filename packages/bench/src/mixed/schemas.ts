// The message sets the mixed-process mode decodes and encodes: the market-data frames, the general suite's ten
// message types (their 100 B and 10 KB subjects) and Google's proto3 test schemas with seeded
// random data. Google's generated code and the data generator are the plugin's test fixtures
// (packages/protoc-gen/test: gen/, arbitrary.ts, generated.ts), loaded as TypeScript, so a
// process that reads the `google` schema runs under `--import tsx`; they are regenerated with
// the plugin, so this mode always times the emitter's current output.
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type DescMessage, toBinary } from "@bufbuild/protobuf";
import { marketDataBoundSubjects } from "../bounds/cases.js";
import { generatedCodec } from "../general/cases.js";
import { generalSubjects } from "../general/subjects.js";

/** One message type of a schema with its data: what a batch decodes and encodes. */
export interface MixedMessage {
  name: string;
  frames: Uint8Array[];
  messages: unknown[];
  bytes: number;
  decode: (bytes: Uint8Array) => unknown;
  encode: (message: never) => Uint8Array;
}

export const SCHEMAS = ["market-data", "general", "google"] as const;
export type SchemaName = (typeof SCHEMAS)[number];

/** The market-data suite's five frames and its mixed feed, through decodeMessage and encodeMessage (int64 as bigint). */
export function marketDataMessages(): MixedMessage[] {
  return marketDataBoundSubjects().map((s) => ({
    name: s.name,
    frames: s.frames,
    messages: [...s.messages],
    bytes: s.bytes,
    decode: s.decode,
    encode: s.encode,
  }));
}

/** The general suite's 100 B and 10 KB subjects, one entry each (the 1 MB ones are the collector's case). */
export function generalMessages(): MixedMessage[] {
  return generalSubjects((n) => !n.endsWith("-1MB")).map((s) => {
    const codec = generatedCodec(s.feature);
    return {
      name: s.name,
      frames: s.frames,
      messages: s.messages,
      bytes: s.bytes,
      decode: (b) => codec.decode(b),
      encode: codec.encode,
    };
  });
}

const testDir = join(dirname(fileURLToPath(import.meta.url)), "../../../protoc-gen/test");
const load = async (path: string) => (await import(pathToFileURL(join(testDir, path)).href)) as Record<string, unknown>;

/** The proto3 files of Google's test schemas (test_messages_proto3, unittest_proto3, map_unittest). */
const GOOGLE_FILES = [
  ["gen/google/protobuf/test_messages_proto3_pb.ts", "gen/google/protobuf/test_messages_proto3_tw.ts"],
  ["gen/google/protobuf/unittest_proto3_pb.ts", "gen/google/protobuf/unittest_proto3_tw.ts"],
  ["gen/google/protobuf/map_unittest_pb.ts", "gen/google/protobuf/map_unittest_tw.ts"],
] as const;

/** Samples per message type, from a fixed seed: every process builds the same bytes. */
export const GOOGLE_SAMPLES = 8;
export const GOOGLE_SEED = 20261127;

interface Codec {
  desc: DescMessage;
  decode: (bytes: Uint8Array) => unknown;
  encode: (message: unknown) => Uint8Array;
}

/**
 * Every message of those files that has fields and a name `keep` accepts, with GOOGLE_SAMPLES seeded random messages
 * each. Each type's samples come from the fixed seed alone, so a type's bytes do not depend on which others are kept;
 * sampling only the kept ones spares a filtered run (the smoke test's two of over 100 types) most of its start-up.
 */
export async function googleMessages(keep: (name: string) => boolean = () => true): Promise<MixedMessage[]> {
  const { codecsOf } = (await load("generated.ts")) as unknown as {
    codecsOf: (file: unknown, module: Record<string, unknown>) => Codec[];
  };
  const { messageArb } = (await load("arbitrary.ts")) as unknown as { messageArb: (d: DescMessage) => unknown };
  const fc = (await import(pathToFileURL(join(testDir, "../node_modules/fast-check/lib/fast-check.js")).href)) as {
    sample: (arb: unknown, opts: { seed: number; numRuns: number }) => unknown[];
  };
  const out: MixedMessage[] = [];
  for (const [pb, tw] of GOOGLE_FILES) {
    const pbModule = await load(pb);
    const file = Object.entries(pbModule).find(([k]) => k.startsWith("file_"))?.[1];
    for (const codec of codecsOf(file, await load(tw))) {
      if (codec.desc.fields.length === 0 || !keep(codec.desc.typeName)) continue;
      // A message that requires a field its sample left unset cannot be encoded; such samples are skipped.
      const frames: Uint8Array[] = [];
      for (const m of fc.sample(messageArb(codec.desc), { seed: GOOGLE_SEED, numRuns: 4 * GOOGLE_SAMPLES })) {
        if (frames.length === GOOGLE_SAMPLES) break;
        try {
          frames.push(toBinary(codec.desc, m as never));
        } catch {}
      }
      const bytes = frames.reduce((n, f) => n + f.length, 0);
      if (bytes === 0) continue;
      // The encoder's input is the decoder's output, as a service re-encodes what it decoded.
      const decoded = frames.map((f) => codec.decode(f));
      out.push({
        name: codec.desc.typeName,
        frames,
        messages: decoded,
        bytes,
        decode: codec.decode,
        encode: codec.encode as (m: never) => Uint8Array,
      });
    }
  }
  return out;
}

/** The schema's message types whose names `keep` accepts (all by default). */
export async function schemaMessages(
  schema: SchemaName,
  keep: (name: string) => boolean = () => true,
): Promise<MixedMessage[]> {
  if (schema === "google") return googleMessages(keep);
  return (schema === "market-data" ? marketDataMessages() : generalMessages()).filter((m) => keep(m.name));
}

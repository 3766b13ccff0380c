// node dist/short-cpu.js [--rounds 5] [--filter <regex on case names>] [--other <another checkout's packages/bench/dist/short-cpu.js>]
//
// The fixed costs on the number path: what a decoder pays per message and per packed list,
// seen on messages so short that little else is paid. Cases of the bench schema (features.proto):
// an empty Point (the cost of a call and an empty result), Point with one and two fields and all
// six, an empty PackedScalars (a result of 14 empty lists), PackedScalars with one int32 list of 1 and of 8 values, and with all 14 lists of 1 and of 8
// values (the shape of Google's TestPackedTypes). Decoders: protoc-gen-tickwire's decodeX with
// int64 "number", protobufjs static code with util.Long unset (numbers: like for like) and
// protobuf-es's fromBinary. `--other` adds the tickwire decoder of another build (its
// dist/short-cpu.js is run as the worker): an A/B of two emitters.
//
// One decoder per process, processes interleaved in an order rotated each round, CPU time (the
// machine is shared): each process warms up for 300 ms of CPU time, then times seven 40 ms
// windows and reports the median. Per case: median ns over rounds and the median over rounds of
// peer / tickwire from the same round, with its 95% interval (order statistics).
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { type Decode, decodeLoop, medianCpuNs } from "./cpu-windows.js";
import { PackedScalarsSchema, PointSchema } from "./gen/tickwire/bench/v1/features_pb.js";
import { decodePackedScalars, decodePoint } from "./gen/tickwire/bench/v1/features_tw.js";
import { loadGeneralPbjs } from "./general/cases.js";
import { medianInterval } from "./measure.js";
import { protobufjsLongs } from "./peers.js";

const TIMING = { warmupMs: 300, windows: 7, windowMs: 40 };
/** Distinct frames per case, so no decoder sees one input over and over. */
const FRAMES = 16;

interface ShortCase {
  name: string;
  typeName: string;
  frames: Uint8Array[];
}

const PACKED_FIELDS = [
  "fDouble",
  "fFloat",
  "fInt32",
  "fInt64",
  "fUint32",
  "fUint64",
  "fSint32",
  "fSint64",
  "fFixed32",
  "fFixed64",
  "fSfixed32",
  "fSfixed64",
  "fBool",
  "fEnum",
] as const;

/** A value of the i-th frame for a packed field: small, varied, in range for every type. */
function packedValue(field: (typeof PACKED_FIELDS)[number], i: number): unknown {
  if (field === "fBool") return i % 2 === 0;
  if (field === "fEnum") return 1 + (i % 2);
  if (field === "fDouble" || field === "fFloat") return i + 0.5;
  if (field.endsWith("64")) return BigInt(1000 + 37 * i);
  return 1000 + 37 * i;
}

function packed(lists: readonly (typeof PACKED_FIELDS)[number][], length: number, frame: number): Uint8Array {
  const init: Record<string, unknown[]> = {};
  for (const f of lists) init[f] = Array.from({ length }, (_, k) => packedValue(f, frame * length + k));
  return toBinary(PackedScalarsSchema, create(PackedScalarsSchema, init as never));
}

export function shortCases(): ShortCase[] {
  const frames = (make: (i: number) => Uint8Array) => Array.from({ length: FRAMES }, (_, i) => make(i));
  const point = (init: (i: number) => Record<string, unknown>) =>
    frames((i) => toBinary(PointSchema, create(PointSchema, init(i) as never)));
  const pointType = PointSchema.typeName;
  const packedType = PackedScalarsSchema.typeName;
  return [
    { name: "Point-empty", typeName: pointType, frames: point(() => ({})) },
    { name: "Point-1-field", typeName: pointType, frames: point((i) => ({ id: BigInt(100000 + i) })) },
    { name: "Point-2-fields", typeName: pointType, frames: point((i) => ({ id: BigInt(100000 + i), flags: 3 + i })) },
    {
      name: "Point-6-fields",
      typeName: pointType,
      frames: point((i) => ({ id: BigInt(100000 + i), x: i + 0.25, y: i - 0.75, label: `p${i}`, level: 1, flags: i })),
    },
    { name: "Packed-empty", typeName: packedType, frames: frames(() => packed([], 0, 0)) },
    { name: "Packed-1-list-of-1", typeName: packedType, frames: frames((i) => packed(["fInt32"], 1, i)) },
    { name: "Packed-1-list-of-8", typeName: packedType, frames: frames((i) => packed(["fInt32"], 8, i)) },
    { name: "Packed-14-lists-of-1", typeName: packedType, frames: frames((i) => packed(PACKED_FIELDS, 1, i)) },
    { name: "Packed-14-lists-of-8", typeName: packedType, frames: frames((i) => packed(PACKED_FIELDS, 8, i)) },
  ];
}

/** A decoded message as plain JSON: 64-bit values as numbers, arrays and fields in a fixed order, $typeName left out. */
function plain(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "object" && value !== null && typeof (value as { length?: unknown }).length === "number") {
    return Array.from(value as ArrayLike<unknown>, plain);
  }
  // protobufjs's default for an unset 64-bit field is a Long made when its module loaded.
  if (typeof value === "object" && value !== null && "low" in value && "high" in value && "unsigned" in value) {
    const { low, high } = value as { low: number; high: number };
    return high * 2 ** 32 + (low >>> 0);
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      if (key !== "$typeName") out[key] = plain((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * Every decoder gives the same values for every frame, so the timings are of decoders that agree.
 * Throws on the first frame that differs.
 */
export async function verifyShortCases(cases: readonly ShortCase[] = shortCases()): Promise<number> {
  let checked = 0;
  for (const c of cases) {
    const decoders = await Promise.all(VARIANTS.map(async (v) => [v, await decoderFor(v, c)] as const));
    for (const frame of c.frames) {
      const outputs = decoders.map(([v, decode]) => [v, decode(frame) as Record<string, unknown>] as const);
      // protobufjs's message holds its defaults on the prototype: read it by tickwire's field names.
      const fields = Object.keys(outputs[0]?.[1] ?? {});
      const results = outputs.map(([v, out]) => {
        const value = v === "protobufjs" ? Object.fromEntries(fields.map((f) => [f, out[f]])) : out;
        return [v, JSON.stringify(plain(value))] as const;
      });
      for (const [v, json] of results) {
        if (json !== results[0]?.[1])
          throw new Error(`${c.name}: ${v} decodes ${json}, ${results[0]?.[0]} ${results[0]?.[1]}`);
      }
      checked++;
    }
  }
  return checked;
}

const VARIANTS = ["tickwire", "protobufjs", "protobuf-es"] as const;

const cliOptions = () =>
  parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      rounds: { type: "string" },
      filter: { type: "string" },
      other: { type: "string" },
      worker: { type: "string" },
      case: { type: "string" },
    },
  }).values;

let opts: ReturnType<typeof cliOptions> = {};

const LOOP_REPEATS = 64;

async function decoderFor(variant: string, c: ShortCase): Promise<Decode> {
  if (variant === "protobufjs") {
    const type = (await loadGeneralPbjs())(c.typeName);
    protobufjsLongs(false);
    return (bytes) => type.decode(bytes);
  }
  const isPoint = c.typeName === PointSchema.typeName;
  if (variant === "protobuf-es") {
    const schema = isPoint ? PointSchema : PackedScalarsSchema;
    return (bytes) => fromBinary(schema as typeof PointSchema, bytes);
  }
  const options = { int64: "number" } as const;
  return isPoint ? (bytes) => decodePoint(bytes, options) : (bytes) => decodePackedScalars(bytes, options);
}

async function worker(variant: string, caseName: string): Promise<void> {
  const c = shortCases().find((s) => s.name === caseName);
  if (c === undefined) throw new Error(`no case ${caseName}`);
  const loop = decodeLoop(await decoderFor(variant, c), c.frames, LOOP_REPEATS);
  process.stdout.write(`${JSON.stringify(medianCpuNs(loop, LOOP_REPEATS * c.frames.length, TIMING))}\n`);
}

const interval = (values: number[]) => medianInterval([...values].sort((a, b) => a - b));
const fmt = (m: { median: number; low: number; high: number }) =>
  `${m.median.toFixed(2)}x (${m.low.toFixed(2)}-${m.high.toFixed(2)})`;

async function parent(): Promise<void> {
  const rounds = Number(opts.rounds ?? 5);
  const filter = new RegExp(opts.filter ?? "");
  const variants = [...VARIANTS, ...(opts.other === undefined ? [] : ["other"])];
  const cases = shortCases().filter((c) => filter.test(c.name));
  await verifyShortCases(cases);
  const load = loadavg().map((l) => l.toFixed(2));
  const began = Date.now();
  const ns = new Map<string, number[]>(); // `${case} ${variant}` -> per round
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      for (let i = 0; i < variants.length; i++) {
        const variant = variants[(i + round) % variants.length] as string;
        const script = variant === "other" ? (opts.other as string) : (process.argv[1] as string);
        const out = execFileSync(
          process.execPath,
          [script, "--worker", variant === "other" ? "tickwire" : variant, "--case", c.name],
          { encoding: "utf8" },
        );
        const key = `${c.name} ${variant}`;
        ns.set(key, [...(ns.get(key) ?? []), (JSON.parse(out) as { ns: number }).ns]);
      }
    }
    process.stderr.write(`round ${round + 1} of ${rounds} done\n`);
  }
  const header = [
    "case",
    "bytes (16 frames)",
    ...variants.map((v) => `${v} ns`),
    "protobufjs / tickwire",
    "protobuf-es / tickwire",
  ];
  if (opts.other !== undefined) header.push("other / tickwire");
  const lines = [
    `node ${process.version}, ${rounds} rounds, CPU time, one decoder per process; load average ${load.join(", ")} at the start, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} at the end; ${Math.round((Date.now() - began) / 1000)} s`,
    "",
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
  ];
  for (const c of cases) {
    const of = (v: string) => ns.get(`${c.name} ${v}`) ?? [];
    const tw = of("tickwire");
    const ratio = (v: string) => fmt(interval(of(v).map((p, i) => p / (tw[i] as number))));
    const row = [
      c.name,
      String(c.frames.reduce((n, f) => n + f.length, 0)),
      ...variants.map((v) => interval(of(v)).median.toFixed(1)),
      ratio("protobufjs"),
      ratio("protobuf-es"),
    ];
    if (opts.other !== undefined) row.push(ratio("other"));
    lines.push(`| ${row.join(" | ")} |`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

// Run as a command (not when a test imports the cases).
if (process.argv[1]?.endsWith("short-cpu.js")) {
  opts = cliOptions();
  if (opts.worker !== undefined) await worker(opts.worker, opts.case ?? "");
  else await parent();
}

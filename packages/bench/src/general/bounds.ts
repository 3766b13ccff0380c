// What bounds a decoder on the general suite's string maps and packed lists: the output
// alone, built without any decoding, timed against protobuf-es's fromBinary.
// - String maps: `fresh` makes every key and value string from its character codes (what
//   a decoder that does not intern strings must at least do) and inserts it into a plain
//   object; `interned` inserts the strings of an earlier decode again (what a decoder whose
//   intern table hits on every string must still do, as this suite's
//   one-message-over-and-over subjects allow).
// - Packed lists: `fresh` fills each of the 14 lists from a typed array of its values,
//   sized up front, every 64-bit value a new bigint loaded from a BigInt64Array (the
//   cheapest way to make one found); `interned` puts the bigints of an earlier decode in
//   the 64-bit lists (what a decoder with a bigint cache that always hits would do).
// fromBinary's time over a bound is the most any decoder can be faster by.
//
// node dist/general/bounds.js [--rounds 5]: one process per subject and variant,
// processes interleaved over the rounds, medians, as the suite's own method.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { fromBinary } from "@bufbuild/protobuf";
import type { PackedScalars } from "../gen/tickwire/bench/v1/features_pb.js";
import { generalSubjects } from "./subjects.js";

export const SUBJECTS = [
  "StringMap-100B",
  "StringMap-10KB",
  "StringMap-1MB",
  "PackedScalars-100B",
  "PackedScalars-10KB",
  "PackedScalars-1MB",
];
export const VARIANTS = ["protobuf-es", "fresh", "interned"] as const;
export type Variant = (typeof VARIANTS)[number];

// biome-ignore lint/correctness/noUnusedVariables: only written, so that the optimiser keeps each call whose result it holds
let sink: unknown;

/** The three ways to the subject's output; fresh and interned build the message fromBinary gives. */
export function boundBuilders(subjectName: string): { bytes: number; build: Record<Variant, () => unknown> } {
  const [subject] = generalSubjects((n) => n === subjectName);
  if (subject === undefined) throw new Error(`no subject ${subjectName}`);
  const frame = subject.frames[0];
  const decoded = fromBinary(subject.desc, frame) as unknown as Record<string, unknown>;
  const outputs = subject.feature === "PackedScalars" ? packedOutputs(decoded) : stringMapOutputs(decoded);
  const build: Record<Variant, () => unknown> = {
    "protobuf-es": () => fromBinary(subject.desc, frame),
    fresh: () => outputs.fresh(subject.desc.typeName),
    interned: () => outputs.interned(subject.desc.typeName),
  };
  return { bytes: subject.bytes, build };
}

/** The whole message, its type name first as fromBinary gives it. */
type Fields = (typeName: string) => object;

function stringMapOutputs(decoded: Record<string, unknown>): { fresh: Fields; interned: Fields } {
  const map = decoded.entries as Record<string, string>;
  const keys = Object.keys(map);
  const values = keys.map((k) => map[k]);
  const codes = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
  const keyCodes = keys.map(codes);
  const valueCodes = values.map(codes);
  return {
    fresh: (typeName) => {
      const entries: Record<string, string> = {};
      for (let i = 0; i < keyCodes.length; i++)
        entries[String.fromCharCode.apply(String, keyCodes[i])] = String.fromCharCode.apply(String, valueCodes[i]);
      return { $typeName: typeName, entries };
    },
    interned: (typeName) => {
      const entries: Record<string, string> = {};
      for (let i = 0; i < keys.length; i++) entries[keys[i]] = values[i];
      return { $typeName: typeName, entries };
    },
  };
}

/**
 * Each list's values in a typed array, built by a function of its own, so every element
 * load in a fill loop sees one array type (with one shared function for all four array
 * types the fresh output took 10.9 µs against 8.7 at 10 KB and 4.1 ms against 2.8 at
 * 1 MB on Node 20, which would make the bound look lower than it is), into one object
 * literal as a generated decoder makes it (properties added one by one cost more at 100 B).
 */
function packedOutputs(decoded: Record<string, unknown>): { fresh: Fields; interned: Fields } {
  const m = decoded as unknown as PackedScalars;
  const f64 = (list: number[]) => Float64Array.from(list);
  const c = {
    fDouble: f64(m.fDouble),
    fFloat: f64(m.fFloat),
    fInt32: f64(m.fInt32),
    fUint32: f64(m.fUint32),
    fSint32: f64(m.fSint32),
    fFixed32: f64(m.fFixed32),
    fSfixed32: f64(m.fSfixed32),
    fEnum: f64(m.fEnum),
    fBool: Uint8Array.from(m.fBool, (v) => (v ? 1 : 0)),
    fInt64: BigInt64Array.from(m.fInt64),
    fSint64: BigInt64Array.from(m.fSint64),
    fSfixed64: BigInt64Array.from(m.fSfixed64),
    fUint64: BigUint64Array.from(m.fUint64),
    fFixed64: BigUint64Array.from(m.fFixed64),
  };
  return {
    fresh: (typeName) => ({
      $typeName: typeName,
      fDouble: numbers(c.fDouble),
      fFloat: numbers(c.fFloat),
      fInt32: numbers(c.fInt32),
      fInt64: signedBigints(c.fInt64),
      fUint32: numbers(c.fUint32),
      fUint64: unsignedBigints(c.fUint64),
      fSint32: numbers(c.fSint32),
      fSint64: signedBigints(c.fSint64),
      fFixed32: numbers(c.fFixed32),
      fFixed64: unsignedBigints(c.fFixed64),
      fSfixed32: numbers(c.fSfixed32),
      fSfixed64: signedBigints(c.fSfixed64),
      fBool: bools(c.fBool),
      fEnum: numbers(c.fEnum),
    }),
    interned: (typeName) => ({
      $typeName: typeName,
      fDouble: numbers(c.fDouble),
      fFloat: numbers(c.fFloat),
      fInt32: numbers(c.fInt32),
      fInt64: reused(m.fInt64),
      fUint32: numbers(c.fUint32),
      fUint64: reused(m.fUint64),
      fSint32: numbers(c.fSint32),
      fSint64: reused(m.fSint64),
      fFixed32: numbers(c.fFixed32),
      fFixed64: reused(m.fFixed64),
      fSfixed32: numbers(c.fSfixed32),
      fSfixed64: reused(m.fSfixed64),
      fBool: bools(c.fBool),
      fEnum: numbers(c.fEnum),
    }),
  };
}

// The lists as a decoder that knew every value would build them: pushed when short (setting
// a length costs more than a few pushes), else sized once and filled by index.
const SIZED_MIN = 16;

function numbers(values: Float64Array): number[] {
  const n = values.length;
  const list: number[] = [];
  if (n < SIZED_MIN) {
    for (let i = 0; i < n; i++) list.push(values[i]);
    return list;
  }
  list.length = n;
  for (let i = 0; i < n; i++) list[i] = values[i];
  return list;
}

function signedBigints(values: BigInt64Array): bigint[] {
  const n = values.length;
  const list: bigint[] = [];
  if (n < SIZED_MIN) {
    for (let i = 0; i < n; i++) list.push(values[i]);
    return list;
  }
  list.length = n;
  for (let i = 0; i < n; i++) list[i] = values[i];
  return list;
}

function unsignedBigints(values: BigUint64Array): bigint[] {
  const n = values.length;
  const list: bigint[] = [];
  if (n < SIZED_MIN) {
    for (let i = 0; i < n; i++) list.push(values[i]);
    return list;
  }
  list.length = n;
  for (let i = 0; i < n; i++) list[i] = values[i];
  return list;
}

function reused(values: bigint[]): bigint[] {
  const n = values.length;
  const list: bigint[] = [];
  if (n < SIZED_MIN) {
    for (let i = 0; i < n; i++) list.push(values[i]);
    return list;
  }
  list.length = n;
  for (let i = 0; i < n; i++) list[i] = values[i];
  return list;
}

function bools(values: Uint8Array): boolean[] {
  const n = values.length;
  const list: boolean[] = [];
  if (n < SIZED_MIN) {
    for (let i = 0; i < n; i++) list.push(values[i] !== 0);
    return list;
  }
  list.length = n;
  for (let i = 0; i < n; i++) list[i] = values[i] !== 0;
  return list;
}

/** Microseconds per message of `variant` on `subject`, timed in this process (warm-up, then the median of 15 samples). */
function timeOne(subjectName: string, variant: Variant): number {
  const { bytes, build } = boundBuilders(subjectName);
  const fn = build[variant];
  const reps = Math.max(1, Math.ceil(16384 / bytes));
  const run = () => {
    for (let i = 0; i < reps; i++) sink = fn();
  };
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) run();
  const samples: number[] = [];
  for (let s = 0; s < 15; s++) {
    let calls = 0;
    const start = performance.now();
    while (performance.now() - start < 60) {
      run();
      calls++;
    }
    samples.push(((performance.now() - start) * 1000) / (calls * reps));
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

function main(argv: string[]): void {
  if (argv[0] === "--one") {
    console.log(JSON.stringify(timeOne(argv[1], argv[2] as Variant)));
    return;
  }
  const roundsAt = argv.indexOf("--rounds");
  const rounds = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : 5;
  const self = fileURLToPath(import.meta.url);
  const times = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const subject of SUBJECTS) {
      for (const variant of VARIANTS) {
        const out = execFileSync(process.execPath, [self, "--one", subject, variant], { encoding: "utf8" });
        const key = `${subject} ${variant}`;
        times.set(key, [...(times.get(key) ?? []), Number(out)]);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(
    `| subject | fromBinary µs | output, fresh strings / bigints µs | output, interned strings / bigints µs |`,
  );
  console.log(`|---|---:|---:|---:|`);
  for (const subject of SUBJECTS) {
    const [es, fresh, interned] = VARIANTS.map((v) => median(times.get(`${subject} ${v}`) ?? []));
    const cell = (t: number) => `${t.toFixed(1)} (${(es / t).toFixed(2)}x)`;
    console.log(`| ${subject} | ${es.toFixed(1)} | ${cell(fresh)} | ${cell(interned)} |`);
  }
  console.log(
    `(${rounds} rounds, node ${process.version}; in brackets fromBinary's time over the bound: the most a decoder can gain)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));

// pnpm --filter @tickwire/bench bench:mixed: does a message decode (and encode) as fast in a
// process that handles every message type of its schema as in one that handles it alone?
//
// A process runs passes over its message types, round-robin: per type, one batch of decodes
// (about 16 KiB of input: enough decodes that the clock's cost is small), then one batch of
// encodes, then the next type, and so on, as a service handles whatever arrives. Each batch
// is timed in CPU time (the machine is shared) by a loop of its own per type and direction. A `mixed`
// process holds every type of the schema; an `alone` process holds one. Both warm up with the
// same passes (the mixed one for as long per type as an alone one in all), then time passes for
// a window, summing each type's batches. Per round the mixed process and every alone process
// run, in an order rotated by one each round; per type the figure is the median over rounds of
// mixed time / alone time, with the 95% interval of that median (order statistics).
//
// node --import tsx dist/mixed/run.js [--schema all|market-data|general|google] [--rounds 3] [--filter <regex on names>]
//   [--warmup-ms 500] [--window-ms 300] [--out results] [--label <name>: files <name>-<schema>; default mixed-<schema>-node<major>]
// (tsx loads Google's generated code, which is TypeScript; see schemas.ts)
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { WORKER_FLAGS } from "../bounds/run.js";
import { medianInterval } from "../measure.js";
import { rotation } from "../rounds.js";
import { type MixedMessage, SCHEMAS, type SchemaName, schemaMessages } from "./schemas.js";

/**
 * Input bytes per batch: enough decodes that the CPU clock's own cost (about 1 µs a reading)
 * is a few percent of a batch: a 57-byte message decodes 256 times, a 10 KB one twice.
 */
export const BATCH_BYTES = 16384;

export function batchRepeats(m: MixedMessage): number {
  return Math.min(256, Math.max(1, Math.ceil(BATCH_BYTES / m.bytes)));
}

/** ns per message, decode and encode, for each type the process held. */
export interface PassTimes {
  decode: Record<string, number>;
  encode: Record<string, number>;
}

let sink: unknown;
const keep = (value: unknown) => {
  sink = value;
};

/** This process's CPU time in µs (user and system, all its threads): waiting for a core is not charged. */
export function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

type BatchLoop = (
  run: (input: never) => unknown,
  inputs: readonly unknown[],
  repeats: number,
  cpu: () => number,
  keep: (value: unknown) => void,
) => number;

/**
 * A batch loop of its own for one type and direction (`label`), compiled apart (new Function),
 * so its call site has its own feedback and sees one function: one loop shared by every type
 * turns megamorphic in the mixed process and charges its own slowdown to the codec. The label
 * ends the source as a comment: V8 caches what `new Function` compiles by its source, and
 * functions made from one cached source share one feedback vector (one loop for every type
 * again). Returns the batch's CPU µs.
 */
export function batchLoop(label: string): BatchLoop {
  return new Function(
    "run",
    "inputs",
    "repeats",
    "cpu",
    "keep",
    "let out; const t0 = cpu(); for (let k = 0; k < repeats; k++) for (let i = 0; i < inputs.length; i++) out = run(inputs[i]); const t = cpu() - t0; keep(out); return t;" +
      `\n// ${label.replace(/[\r\n\u2028\u2029]/g, " ")}`,
  ) as BatchLoop;
}

/**
 * Round-robin passes over `set`: warm-up for `warmupMs` per type, then timed passes for
 * `windowMs` per type; ns of CPU time per message from the sum of each type's batch times.
 */
export function roundRobin(set: readonly MixedMessage[], warmupMs: number, windowMs: number): PassTimes {
  const reps = set.map(batchRepeats);
  const decodeLoops = set.map((m) => batchLoop(`${m.name} decode`));
  const encodeLoops = set.map((m) => batchLoop(`${m.name} encode`));
  const decodeNs = new Float64Array(set.length);
  const encodeNs = new Float64Array(set.length);
  const counts = new Float64Array(set.length);
  const pass = (timed: boolean) => {
    for (let t = 0; t < set.length; t++) {
      const { frames, messages, decode, encode } = set[t];
      const decodeUs = decodeLoops[t](decode as (input: never) => unknown, frames, reps[t], cpuMicros, keep);
      const encodeUs = encodeLoops[t](encode, messages, reps[t], cpuMicros, keep);
      if (timed) {
        decodeNs[t] += decodeUs * 1e3;
        encodeNs[t] += encodeUs * 1e3;
        counts[t] += reps[t] * frames.length;
      }
    }
  };
  (globalThis as { gc?: () => void }).gc?.();
  let passes = 0;
  const warmEnd = performance.now() + warmupMs * set.length;
  while (performance.now() < warmEnd || passes < 2) {
    pass(false);
    passes++;
  }
  (globalThis as { gc?: () => void }).gc?.();
  passes = 0;
  const start = performance.now();
  while (performance.now() - start < windowMs * set.length || passes < 3) {
    pass(true);
    passes++;
  }
  const out: PassTimes = { decode: {}, encode: {} };
  set.forEach((m, t) => {
    out.decode[m.name] = decodeNs[t] / counts[t];
    out.encode[m.name] = encodeNs[t] / counts[t];
  });
  return out;
}

export interface MixedRow {
  name: string;
  direction: "decode" | "encode";
  bytes: number;
  aloneNs: number;
  mixedNs: number;
  /** Median over rounds of mixed ns / alone ns, with its 95% interval. */
  ratio: number;
  low: number;
  high: number;
}

export interface MixedReport {
  schema: "tickwire-bench-mixed/1";
  messageSet: SchemaName;
  node: string;
  rounds: number;
  types: number;
  batchBytes: number;
  warmupMs: number;
  windowMs: number;
  loadAverage: { start: number[]; end: number[] };
  seconds: number;
  rows: MixedRow[];
  /** Workers that failed or timed out, and their round; their figures are missing from that round. */
  failures: string[];
}

export function summariseMixed(
  rounds: { mixed: PassTimes; alone: Map<string, PassTimes> }[],
  set: readonly { name: string; bytes: number }[],
): MixedRow[] {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const rows: MixedRow[] = [];
  for (const direction of ["decode", "encode"] as const) {
    for (const { name, bytes } of set) {
      const ratios: number[] = [];
      const alone: number[] = [];
      const mixed: number[] = [];
      for (const r of rounds) {
        const a = r.alone.get(name)?.[direction][name];
        const m = r.mixed[direction][name];
        if (a === undefined || m === undefined) continue;
        alone.push(a);
        mixed.push(m);
        ratios.push(m / a);
      }
      if (ratios.length === 0) continue;
      const { median, low, high } = medianInterval(sorted(ratios));
      rows.push({
        name,
        direction,
        bytes,
        aloneNs: medianInterval(sorted(alone)).median,
        mixedNs: medianInterval(sorted(mixed)).median,
        ratio: median,
        low,
        high,
      });
    }
  }
  return rows;
}

const fmtNs = (ns: number) =>
  ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`;

export function mixedTable(report: MixedReport): string {
  const lines = [
    `Schema ${report.messageSet} (${report.types} message types), Node ${report.node}, ${report.rounds} rounds (batches of about ${report.batchBytes} B of input; warm-up ${report.warmupMs} ms and window ${report.windowMs} ms per type), ${report.seconds} s; load average (1, 5, 15 min) ${report.loadAverage.start.map((l) => l.toFixed(2)).join(", ")} at the start, ${report.loadAverage.end.map((l) => l.toFixed(2)).join(", ")} at the end.`,
    "",
    "| message | bytes | direction | alone per message | mixed per message | mixed / alone (95% interval) | ≤ 1.5x |",
    "|---|---:|---|---:|---:|---|---|",
  ];
  if (report.failures.length > 0) lines.splice(1, 0, "", `Skipped: ${report.failures.join("; ")}.`);
  for (const r of report.rows) {
    lines.push(
      `| ${r.name} | ${r.bytes} | ${r.direction} | ${fmtNs(r.aloneNs)} | ${fmtNs(r.mixedNs)} | ${r.ratio.toFixed(2)}x (${r.low.toFixed(2)}-${r.high.toFixed(2)}) | ${r.ratio <= 1.5 ? "yes" : "**no**"} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

interface WorkerSpec {
  schema: SchemaName;
  /** Names of the types this process holds: one (alone) or all of the set (mixed). */
  names: string[];
  warmupMs: number;
  windowMs: number;
}

async function main(): Promise<void> {
  const { values: opts } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      worker: { type: "string" },
      schema: { type: "string", default: "all" },
      rounds: { type: "string", default: "3" },
      filter: { type: "string", default: "" },
      out: { type: "string", default: "results" },
      label: { type: "string" },
      "warmup-ms": { type: "string", default: "500" },
      "window-ms": { type: "string", default: "300" },
    },
  });
  if (opts.worker !== undefined) {
    const spec = JSON.parse(opts.worker) as WorkerSpec;
    const all = await schemaMessages(spec.schema, (name) => spec.names.includes(name));
    const set = spec.names.map((n) => {
      const m = all.find((x) => x.name === n);
      if (m === undefined) throw new Error(`no message ${n} in ${spec.schema}`);
      return m;
    });
    console.log(JSON.stringify(roundRobin(set, spec.warmupMs, spec.windowMs)));
    return;
  }
  const schemas = opts.schema === "all" ? [...SCHEMAS] : [opts.schema as SchemaName];
  for (const schema of schemas) {
    if (!SCHEMAS.includes(schema)) throw new Error(`--schema ${opts.schema}: all, or one of ${SCHEMAS.join(", ")}`);
    await runSchema(schema, opts);
  }
}

interface Options {
  rounds: string;
  filter: string;
  out: string;
  label?: string;
  "warmup-ms": string;
  "window-ms": string;
}

/** The rounds over one schema's message set; writes its report. */
async function runSchema(schema: SchemaName, opts: Options): Promise<void> {
  const started = performance.now();
  const loadStart = loadavg();
  const filter = new RegExp(opts.filter);
  const set = await schemaMessages(schema, (name) => filter.test(name));
  const names = set.map((m) => m.name);
  const rounds = Number(opts.rounds);
  const warmupMs = Number(opts["warmup-ms"]);
  const windowMs = Number(opts["window-ms"]);
  const self = fileURLToPath(import.meta.url);
  const failures: string[] = [];
  /**
   * One worker; a worker that fails or outlives its budget many times over is recorded and
   * its round left without it (on this machine one alone process once ran for 18 minutes in
   * the kernel, for no reason found, where the same process took seconds in other rounds).
   */
  const run = (held: string[], round: number): PassTimes => {
    const budgetMs = (warmupMs + windowMs) * held.length;
    try {
      const out = execFileSync(
        process.execPath,
        [
          ...process.execArgv,
          "--expose-gc",
          ...WORKER_FLAGS,
          self,
          "--worker",
          JSON.stringify({ schema, names: held, warmupMs, windowMs } satisfies WorkerSpec),
        ],
        { encoding: "utf8", maxBuffer: 1 << 24, timeout: Math.max(120_000, 20 * budgetMs) },
      );
      return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as PassTimes;
    } catch (error) {
      const what = `round ${round + 1}: ${held.length === 1 ? held[0] : "the mixed process"}: ${String(error).split("\n")[0]}`;
      failures.push(what);
      console.error(`skipped: ${what}`);
      return { decode: {}, encode: {} };
    }
  };
  const groups = ["(mixed)", ...names];
  const perRound: { mixed: PassTimes; alone: Map<string, PassTimes> }[] = [];
  for (let round = 0; round < rounds; round++) {
    let mixed: PassTimes = { decode: {}, encode: {} };
    const alone = new Map<string, PassTimes>();
    for (const g of rotation(groups, round)) {
      if (g === "(mixed)") mixed = run(names, round);
      else alone.set(g, run([g], round));
    }
    perRound.push({ mixed, alone });
    console.error(`round ${round + 1}/${rounds} done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const report: MixedReport = {
    schema: "tickwire-bench-mixed/1",
    messageSet: schema,
    node: process.versions.node,
    rounds,
    types: set.length,
    batchBytes: BATCH_BYTES,
    warmupMs,
    windowMs,
    loadAverage: { start: loadStart, end: loadavg() },
    seconds: Math.round((performance.now() - started) / 1000),
    rows: summariseMixed(perRound, set),
    failures,
  };
  const label =
    opts.label === undefined ? `mixed-${schema}-node${process.versions.node.split(".")[0]}` : `${opts.label}-${schema}`;
  mkdirSync(opts.out, { recursive: true });
  writeFileSync(join(opts.out, `${label}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const md = mixedTable(report);
  writeFileSync(join(opts.out, `${label}.md`), md);
  console.log(md);
  void sink;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

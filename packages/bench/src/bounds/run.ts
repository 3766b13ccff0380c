// pnpm --filter @tickwire/bench bench:bounds: every case of both suites against its bound.
//
// Per round, one fresh process per group (suite or feature, direction, variant: tickwire or
// its bound), in an order rotated by one each round; a process warms each of its subjects up
// after a full collection and times a window, whose mean is the round's figure (the suites'
// method). Per case the figure is the median over rounds of tickwire's time over the bound's,
// both from the same round, with the 95% interval of that median (order statistics).
//
// node --expose-gc dist/bounds/run.js [--rounds 5] [--suite market-data|general] [--filter <regex on suite/subject>]
//   [--out results] [--label bounds-node<major>] [--warmup-ms 200] [--window-ms 250]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { frames } from "../frames.js";
import { FEATURES, GENERAL_SUBJECT_NAMES, generalSubjects, loadSubjects, saveSubjects } from "../general/subjects.js";
import { medianInterval } from "../measure.js";
import { rotation } from "../rounds.js";
import { MIXED } from "../subjects.js";
import {
  BOUND_VARIANTS,
  type BoundSubject,
  type BoundVariant,
  boundCall,
  DIRECTIONS,
  type Direction,
  generalBoundSubject,
  lastBoundResult,
  marketDataBoundSubjects,
} from "./cases.js";

/**
 * The optimising compiler works on the main thread in the timed processes. On this shared
 * 2-core machine under load, its background thread was starved: in a trial, processes that
 * held one large generated decoder were still running it unoptimised after their warm-up
 * (TestMapSubmessage 292 µs a decode in one process, 17-40 µs in others), while a process
 * that warmed many types for longer had its code optimised. Compiling on the main thread
 * makes the warm-up end with optimised code whatever the load; the code is the same.
 */
export const WORKER_FLAGS = ["--no-concurrent-recompilation"];

export interface Group {
  suite: "market-data" | "general";
  /** The general suite's feature; the market-data suite runs its six subjects in one process. */
  feature?: string;
  direction: Direction;
  variant: BoundVariant;
}

export interface BoundRow {
  suite: string;
  subject: string;
  direction: Direction;
  tickwireNs: number;
  boundNs: number;
  /** Median over rounds of tickwire's ns over the bound's, with its 95% interval. */
  ratio: number;
  low: number;
  high: number;
  rounds: number;
}

export interface BoundsReport {
  schema: "tickwire-bench-bounds/1";
  node: string;
  rounds: number;
  loadAverage: { start: number[]; end: number[] };
  warmupMs: number;
  windowMs: number;
  seconds: number;
  rows: BoundRow[];
}

/** The general suite's message types, in the order its tables list them. */
export const FEATURES_ORDER: readonly string[] = FEATURES;

export function boundGroups(suites: readonly string[]): Group[] {
  const groups: Group[] = [];
  for (const direction of DIRECTIONS) {
    for (const variant of BOUND_VARIANTS) {
      if (suites.includes("market-data")) groups.push({ suite: "market-data", direction, variant });
    }
  }
  if (suites.includes("general")) {
    for (const feature of FEATURES_ORDER)
      for (const direction of DIRECTIONS)
        for (const variant of BOUND_VARIANTS) groups.push({ suite: "general", feature, direction, variant });
  }
  return groups;
}

let sink: unknown;

/** Nanoseconds per pass over the subject: a full collection, warm-up, then the mean over a timed window. */
export function timeCall(call: () => void, repeats: number, warmupMs: number, windowMs: number): number {
  (globalThis as { gc?: () => void }).gc?.();
  let calls = 0;
  const warmEnd = performance.now() + warmupMs;
  while (performance.now() < warmEnd || calls < 2) {
    call();
    calls++;
  }
  calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < windowMs || calls < 3) {
    call();
    calls++;
    now = performance.now();
  }
  sink = lastBoundResult();
  return ((now - start) * 1e6) / (calls * repeats);
}

interface WorkerSpec extends Group {
  subjectsFile?: string;
  filter: string;
  warmupMs: number;
  windowMs: number;
  mixedCount?: number;
}

/** The group's subjects the filter selects, timed in this process: subject name to ns per pass. */
export function runWorker(spec: WorkerSpec): Record<string, number> {
  const filter = new RegExp(spec.filter);
  let list: BoundSubject[];
  if (spec.suite === "market-data") {
    list = marketDataBoundSubjects(spec.mixedCount).filter((s) => filter.test(`market-data/${s.name}`));
  } else {
    const wanted = (n: string) => n.startsWith(`${spec.feature}-`) && filter.test(`general/${n}`);
    const built =
      spec.subjectsFile === undefined
        ? generalSubjects(wanted)
        : loadSubjects(spec.subjectsFile, wanted, spec.direction === "encode");
    list = built.map(generalBoundSubject);
  }
  const out: Record<string, number> = {};
  for (const subject of list) {
    const call = boundCall(subject, spec.direction, spec.variant);
    out[subject.name] = timeCall(call, subject.repeats, spec.warmupMs, spec.windowMs);
  }
  return out;
}

export function summarise(perRound: Map<string, number>[], rounds: number): BoundRow[] {
  const rows: BoundRow[] = [];
  const keys = new Set<string>();
  for (const r of perRound) for (const k of r.keys()) keys.add(k.replace(/ (tickwire|bound)$/, ""));
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  for (const key of keys) {
    const [suite, subject, direction] = key.split(" ");
    const ratios: number[] = [];
    const tw: number[] = [];
    const bd: number[] = [];
    for (const r of perRound) {
      const t = r.get(`${key} tickwire`);
      const b = r.get(`${key} bound`);
      if (t !== undefined) tw.push(t);
      if (b !== undefined) bd.push(b);
      if (t !== undefined && b !== undefined) ratios.push(t / b);
    }
    if (ratios.length === 0) continue;
    const { median, low, high } = medianInterval(sorted(ratios));
    rows.push({
      suite,
      subject,
      direction: direction as Direction,
      tickwireNs: medianInterval(sorted(tw)).median,
      boundNs: medianInterval(sorted(bd)).median,
      ratio: median,
      low,
      high,
      rounds: Math.min(rounds, ratios.length),
    });
  }
  return rows;
}

const fmtNs = (ns: number) =>
  ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`;

export function markdownTable(report: BoundsReport): string {
  const lines = [
    `Node ${report.node}, ${report.rounds} rounds (warm-up ${report.warmupMs} ms, window ${report.windowMs} ms per case and process), ${report.seconds} s; load average (1, 5, 15 min) ${report.loadAverage.start.map((l) => l.toFixed(2)).join(", ")} at the start, ${report.loadAverage.end.map((l) => l.toFixed(2)).join(", ")} at the end.`,
    "",
    "| suite | subject | direction | tickwire per pass | bound per pass | tickwire / bound (95% interval) | ≤ 1.25x |",
    "|---|---|---|---:|---:|---|---|",
  ];
  for (const r of report.rows) {
    lines.push(
      `| ${r.suite} | ${r.subject} | ${r.direction} | ${fmtNs(r.tickwireNs)} | ${fmtNs(r.boundNs)} | ${r.ratio.toFixed(2)}x (${r.low.toFixed(2)}-${r.high.toFixed(2)}) | ${r.ratio <= 1.25 ? "yes" : "**no**"} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  const { values: opts } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      worker: { type: "string" },
      rounds: { type: "string", default: "5" },
      suite: { type: "string" },
      filter: { type: "string", default: "" },
      out: { type: "string", default: "results" },
      label: { type: "string" },
      "warmup-ms": { type: "string", default: "200" },
      "window-ms": { type: "string", default: "250" },
      "mixed-count": { type: "string", default: "2000" },
    },
  });
  if (opts.worker !== undefined) {
    console.log(JSON.stringify(runWorker(JSON.parse(opts.worker) as WorkerSpec)));
    return;
  }
  const started = performance.now();
  const loadStart = loadavg();
  const rounds = Number(opts.rounds);
  const suites = opts.suite === undefined ? ["market-data", "general"] : [opts.suite];
  const warmupMs = Number(opts["warmup-ms"]);
  const windowMs = Number(opts["window-ms"]);
  const filter = new RegExp(opts.filter);
  const marketData = [...frames.map((f) => f.name), MIXED];
  const groups = boundGroups(suites).filter((g) =>
    g.suite === "market-data"
      ? marketData.some((n) => filter.test(`market-data/${n}`))
      : GENERAL_SUBJECT_NAMES.some((n) => n.startsWith(`${g.feature}-`) && filter.test(`general/${n}`)),
  );
  let dir: string | undefined;
  let subjectsFile: string | undefined;
  if (suites.includes("general")) {
    // Built once here (a 1 MB subject takes a moment), read by every round's processes.
    dir = mkdtempSync(join(tmpdir(), "tickwire-bounds-"));
    subjectsFile = join(dir, "subjects");
    saveSubjects(
      generalSubjects((n) => filter.test(`general/${n}`)),
      subjectsFile,
    );
  }
  const self = fileURLToPath(import.meta.url);
  const perRound: Map<string, number>[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const figures = new Map<string, number>();
      for (const g of rotation(groups, round)) {
        const spec: WorkerSpec = {
          ...g,
          subjectsFile,
          filter: opts.filter,
          warmupMs,
          windowMs,
          mixedCount: Number(opts["mixed-count"]),
        };
        const out = execFileSync(
          process.execPath,
          [...process.execArgv, "--expose-gc", ...WORKER_FLAGS, self, "--worker", JSON.stringify(spec)],
          {
            encoding: "utf8",
            maxBuffer: 1 << 24,
          },
        );
        const times = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as Record<string, number>;
        for (const [subject, ns] of Object.entries(times))
          figures.set(`${g.suite} ${subject} ${g.direction} ${g.variant}`, ns);
      }
      perRound.push(figures);
      console.error(`round ${round + 1}/${rounds} done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
  const report: BoundsReport = {
    schema: "tickwire-bench-bounds/1",
    node: process.versions.node,
    rounds,
    loadAverage: { start: loadStart, end: loadavg() },
    warmupMs,
    windowMs,
    seconds: Math.round((performance.now() - started) / 1000),
    rows: summarise(perRound, rounds),
  };
  const label = opts.label ?? `bounds-node${process.versions.node.split(".")[0]}`;
  mkdirSync(opts.out, { recursive: true });
  writeFileSync(join(opts.out, `${label}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const md = markdownTable(report);
  writeFileSync(join(opts.out, `${label}.md`), md);
  console.log(md);
  void sink;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

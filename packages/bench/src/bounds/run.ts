// pnpm --filter @tickwire/bench bench:bounds: every case of both suites against its bound,
// beside the peer the suites compare it with.
//
// Per round, one fresh process per group (suite or feature, direction, variant: tickwire, its
// bound, or a peer), in an order rotated by one each round; a process warms each of its
// subjects up after a full collection and times a window of CPU time, whose mean is the
// round's figure. Per case the figure is the median over rounds of tickwire's time over the
// bound's, and of the peer's time over tickwire's, both times of a ratio from the same round,
// with the 95% interval of that median (order statistics, as rounds.ts).
//
// node --expose-gc dist/bounds/run.js [--rounds 5] [--suite market-data|general] [--filter <regex on suite/subject>]
//   [--direction decode|decode-number|encode] [--out results] [--label bounds-node<major>] [--warmup-ms 200] [--window-ms 250]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { cpuMs } from "../cpu-windows.js";
import { frames } from "../frames.js";
import { loadGeneralPbjs } from "../general/cases.js";
import {
  FEATURES,
  type Feature,
  featureDesc,
  GENERAL_SUBJECT_NAMES,
  generalSubjects,
  loadSubjects,
  saveSubjects,
} from "../general/subjects.js";
import { medianInterval } from "../measure.js";
import { generatePbjs, loadPbjs, type PbjsType } from "../peers.js";
import { rotation } from "../rounds.js";
import { MIXED } from "../subjects.js";
import {
  BOUND_VARIANTS,
  type BoundSubject,
  boundCall,
  DIRECTIONS,
  type Direction,
  generalBoundSubject,
  hasVariant,
  lastBoundResult,
  marketDataBoundSubjects,
  PEERS,
  type Peer,
  type Variant,
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
  variant: Variant;
}

/** A peer's time over tickwire's (above 1: tickwire is faster), median over rounds with its 95% interval. */
export interface PeerRatio {
  peer: Peer;
  ratio: number;
  low: number;
  high: number;
  rounds: number;
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
  /** The suites' peers for this direction, where the run timed them (absent in files before schema 2). */
  peers?: PeerRatio[];
}

export interface BoundsReport {
  schema: "tickwire-bench-bounds/1" | "tickwire-bench-bounds/2";
  node: string;
  rounds: number;
  loadAverage: { start: number[]; end: number[] };
  warmupMs: number;
  windowMs: number;
  /** How a window was timed: CPU time of the process (schema 2) or wall time (schema 1). */
  clock?: "cpu" | "wall";
  seconds: number;
  rows: BoundRow[];
}

/** The general suite's message types, in the order its tables list them. */
export const FEATURES_ORDER: readonly string[] = FEATURES;

/** The variants a direction times: tickwire, its bound, and the direction's peers where the subject has them. */
export function variantsOf(direction: Direction, pbjs: boolean): Variant[] {
  const all: Variant[] = [...BOUND_VARIANTS, ...PEERS[direction]];
  return all.filter((v) => hasVariant({ pbjs: pbjs ? ({} as PbjsType) : undefined }, direction, v));
}

/** Every process of a round; `generalPbjs` says which general features have a protobufjs class. */
export function boundGroups(
  suites: readonly string[],
  directions: readonly Direction[] = DIRECTIONS,
  generalPbjs: (feature: string) => boolean = () => false,
): Group[] {
  const groups: Group[] = [];
  if (suites.includes("market-data"))
    for (const direction of directions)
      for (const variant of variantsOf(direction, true)) groups.push({ suite: "market-data", direction, variant });
  if (suites.includes("general")) {
    for (const feature of FEATURES_ORDER)
      for (const direction of directions)
        for (const variant of variantsOf(direction, generalPbjs(feature)))
          groups.push({ suite: "general", feature, direction, variant });
  }
  return groups;
}

let sink: unknown;

/**
 * CPU nanoseconds per pass over the subject: a full collection, a warm-up, then the mean over
 * a timed window. CPU time (all of the process's threads: the collector's helpers are charged,
 * a wait for a core on this shared machine is not); the clock is read once per batch of calls
 * of about a millisecond (a reading costs about 1 µs, 10% of a short bound's call).
 */
export function timeCall(call: () => void, repeats: number, warmupMs: number, windowMs: number): number {
  (globalThis as { gc?: () => void }).gc?.();
  let calls = 0;
  const warmStart = cpuMs();
  let now = warmStart;
  while (now - warmStart < warmupMs || calls < 2) {
    call();
    calls++;
    now = cpuMs();
  }
  const batch = Math.max(1, Math.floor(calls / Math.max(1, now - warmStart)));
  calls = 0;
  const start = cpuMs();
  now = start;
  while (now - start < windowMs || calls < 3) {
    for (let b = 0; b < batch; b++) call();
    calls += batch;
    now = cpuMs();
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
export async function runWorker(spec: WorkerSpec): Promise<Record<string, number>> {
  const filter = new RegExp(spec.filter);
  const wantPbjs = spec.variant === "protobufjs";
  let list: BoundSubject[];
  if (spec.suite === "market-data") {
    const pbjs = wantPbjs ? await loadPbjs() : undefined;
    list = marketDataBoundSubjects(spec.mixedCount, pbjs).filter((s) => filter.test(`market-data/${s.name}`));
  } else {
    const wanted = (n: string) => n.startsWith(`${spec.feature}-`) && filter.test(`general/${n}`);
    const built =
      spec.subjectsFile === undefined
        ? generalSubjects(wanted)
        : loadSubjects(spec.subjectsFile, wanted, spec.direction === "encode");
    const pbjs = wantPbjs ? (await loadGeneralPbjs())(featureDesc(spec.feature as Feature).typeName) : undefined;
    list = built.map((s) => generalBoundSubject(s, pbjs));
  }
  const out: Record<string, number> = {};
  for (const subject of list) {
    const call = boundCall(subject, spec.direction, spec.variant);
    out[subject.name] = timeCall(call, subject.repeats, spec.warmupMs, spec.windowMs);
  }
  return out;
}

/** Per case: tickwire / bound and each peer / tickwire, every ratio's two times from the same round. */
export function summarise(perRound: Map<string, number>[], rounds: number): BoundRow[] {
  const rows: BoundRow[] = [];
  const keys = new Set<string>();
  for (const r of perRound) for (const k of r.keys()) keys.add(k.slice(0, k.lastIndexOf(" ")));
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const ratiosOf = (key: string, over: Variant, under: Variant) => {
    const values: number[] = [];
    for (const r of perRound) {
      const a = r.get(`${key} ${over}`);
      const b = r.get(`${key} ${under}`);
      if (a !== undefined && b !== undefined) values.push(a / b);
    }
    return values;
  };
  const timesOf = (key: string, variant: Variant) =>
    perRound.map((r) => r.get(`${key} ${variant}`)).filter((t): t is number => t !== undefined);
  for (const key of keys) {
    const [suite, subject, direction] = key.split(" ");
    const ratios = ratiosOf(key, "tickwire", "bound");
    if (ratios.length === 0) continue;
    const { median, low, high } = medianInterval(sorted(ratios));
    const peers: PeerRatio[] = [];
    for (const peer of PEERS[direction as Direction] ?? []) {
      const values = ratiosOf(key, peer, "tickwire");
      if (values.length === 0) continue;
      const m = medianInterval(sorted(values));
      peers.push({ peer, ratio: m.median, low: m.low, high: m.high, rounds: values.length });
    }
    rows.push({
      suite,
      subject,
      direction: direction as Direction,
      tickwireNs: medianInterval(sorted(timesOf(key, "tickwire"))).median,
      boundNs: medianInterval(sorted(timesOf(key, "bound"))).median,
      ratio: median,
      low,
      high,
      rounds: Math.min(rounds, ratios.length),
      peers,
    });
  }
  return rows;
}

const fmtNs = (ns: number) =>
  ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`;

/** "1.23x (1.10-1.40)": a median ratio with its 95% interval. */
export const ratioText = (r: { ratio: number; low: number; high: number }) =>
  `${r.ratio.toFixed(2)}x (${r.low.toFixed(2)}-${r.high.toFixed(2)})`;

export const BOUND_GOAL = 1.25;

export function markdownTable(report: BoundsReport): string {
  const peer = (r: BoundRow, name: Peer) => {
    const p = r.peers?.find((x) => x.peer === name);
    return p === undefined ? "" : ratioText(p);
  };
  const lines = [
    `Node ${report.node}, ${report.rounds} rounds (warm-up ${report.warmupMs} ms, window ${report.windowMs} ms of ${report.clock === "cpu" ? "CPU" : "wall"} time per case and process), ${report.seconds} s; load average (1, 5, 15 min) ${report.loadAverage.start.map((l) => l.toFixed(2)).join(", ")} at the start, ${report.loadAverage.end.map((l) => l.toFixed(2)).join(", ")} at the end.`,
    "",
    "Peer columns: the peer's time over tickwire's (above 1x: tickwire is faster); `decode` is int64 as bigint against protobuf-es, `decode-number` int64 as number against protobufjs.",
    "",
    `| suite | subject | direction | tickwire per pass | bound per pass | tickwire / bound (95% interval) | ≤ ${BOUND_GOAL}x | protobuf-es / tickwire | protobufjs / tickwire |`,
    "|---|---|---|---:|---:|---|---|---|---|",
  ];
  for (const r of report.rows) {
    lines.push(
      `| ${r.suite} | ${r.subject} | ${r.direction} | ${fmtNs(r.tickwireNs)} | ${fmtNs(r.boundNs)} | ${ratioText(r)} | ${r.ratio <= BOUND_GOAL ? "yes" : "**no**"} | ${peer(r, "protobuf-es")} | ${peer(r, "protobufjs")} |`,
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
      direction: { type: "string", multiple: true },
    },
  });
  if (opts.worker !== undefined) {
    console.log(JSON.stringify(await runWorker(JSON.parse(opts.worker) as WorkerSpec)));
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
  const directions = (opts.direction ?? [...DIRECTIONS]) as Direction[];
  for (const d of directions)
    if (!DIRECTIONS.includes(d)) throw new Error(`--direction ${d}: one of ${DIRECTIONS.join(", ")}`);
  if (suites.includes("market-data")) generatePbjs();
  const generalPbjs = suites.includes("general") ? await loadGeneralPbjs() : undefined;
  const hasGeneralPbjs = (feature: string) => {
    try {
      generalPbjs?.(featureDesc(feature as Feature).typeName);
      return generalPbjs !== undefined;
    } catch {
      return false;
    }
  };
  const groups = boundGroups(suites, directions, hasGeneralPbjs).filter((g) =>
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
  const label = opts.label ?? `bounds-node${process.versions.node.split(".")[0]}`;
  mkdirSync(opts.out, { recursive: true });
  /** Written after every round, so a run stopped early leaves the rounds it finished (`rounds` says how many). */
  const write = (): string => {
    const report: BoundsReport = {
      schema: "tickwire-bench-bounds/2",
      node: process.versions.node,
      rounds: perRound.length,
      loadAverage: { start: loadStart, end: loadavg() },
      warmupMs,
      windowMs,
      clock: "cpu",
      seconds: Math.round((performance.now() - started) / 1000),
      rows: summarise(perRound, perRound.length),
    };
    writeFileSync(join(opts.out, `${label}.json`), `${JSON.stringify(report, null, 2)}\n`);
    const md = markdownTable(report);
    writeFileSync(join(opts.out, `${label}.md`), md);
    return md;
  };
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
      const md = write();
      console.error(`round ${round + 1}/${rounds} done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      if (round === rounds - 1) console.log(md);
    }
  } finally {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
  void sink;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

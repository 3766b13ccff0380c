// pnpm bench: verify, time, measure allocation, report, and optionally compare.
// Usage (see README): node --expose-gc dist/cli.js [--filter <regex>] [--smoke] [--out <dir>]
//   [--label <name>] [--compare <baseline.json> [--threshold 0.1]] [--capture-mb 100]
//   node dist/cli.js --against <results.json> --compare <baseline.json>   (compare only)
//   node dist/cli.js --merge-baseline <out.json> <results.json>...        (build a baseline)
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ALLOC_NODE_FLAGS, type AllocResult, measureAllocations } from "./alloc.js";
import { compareResults, formatComparison, mergeBaseline } from "./compare.js";
import { DECODERS, ENCODERS } from "./decoders.js";
import { environment } from "./env.js";
import { frames } from "./frames.js";
import { type CaseResult, type TimeBudget, timeCases } from "./measure.js";
import { type PairBudget, type PairedRatio, pairedRatios } from "./paired.js";
import { generatePbjs, loadPbjs } from "./peers.js";
import { markdownReport, ratioChart, terminalReport } from "./report.js";
import { isResults, RESULT_SCHEMA, type Results, targets } from "./results.js";
import { STREAM_VARIANTS, streamCases } from "./stream.js";
import { MIXED, subjects } from "./subjects.js";
import { addRatios, decodeCases, encodeCases } from "./suites.js";
import { VerificationError } from "./verify.js";

const { values: opts, positionals } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  allowPositionals: true,
  options: {
    filter: { type: "string" },
    smoke: { type: "boolean", default: false },
    out: { type: "string" },
    label: { type: "string" },
    compare: { type: "string" },
    threshold: { type: "string", default: "0.1" },
    against: { type: "string" },
    "merge-baseline": { type: "string" },
    "capture-mb": { type: "string" },
    sabotage: { type: "string" },
    "in-process": { type: "boolean", default: false },
    worker: { type: "string" },
    only: { type: "string" },
    pair: { type: "string" },
  },
});

const smoke = opts.smoke;
const filter = new RegExp(opts.filter ?? "");
const only = opts.only === undefined ? undefined : new RegExp(opts.only);
const selected = (id: string) => filter.test(id) && (only?.test(id) ?? true);
const sabotageRe = opts.sabotage === undefined ? undefined : new RegExp(opts.sabotage);
const sabotage = (id: string) => sabotageRe?.test(id) ?? false;
const threshold = Number(opts.threshold);
const mixedCount = smoke ? 100 : 2000;
const captureDistinct = smoke ? 200 : 20_000;
const captureBytes = Math.round(Number(opts["capture-mb"] ?? (smoke ? 0.25 : 100)) * 1e6);
const budgets: Record<"timed" | "stream", TimeBudget> = smoke
  ? {
      timed: { time: 1, warmupTime: 0, warmupIterations: 1, iterations: 2 },
      stream: { time: 1, warmupTime: 0, warmupIterations: 1, iterations: 2 },
    }
  : {
      timed: { time: 800, warmupTime: 200, warmupIterations: 16, iterations: 20 },
      stream: { time: 2000, warmupTime: 0, warmupIterations: 1, iterations: 5 },
    };
const pairBudget: PairBudget = smoke ? { rounds: 3, roundMs: 2 } : { rounds: 31, roundMs: 60 };
/** The target pairs (peer, codec variant), each timed interleaved in a process of its own. */
const TARGET_PAIRS: [string, string][] = [
  ["protobuf-es", "codec"],
  ["protobufjs", "codec-number"],
];
const allocWindows = smoke ? 2 : 5;
const allocWindowBytes = smoke ? 256 * 1024 : 8 * 1024 * 1024;

function readResults(path: string): Results {
  const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (!isResults(parsed)) throw new Error(`${path} is not a ${RESULT_SCHEMA} result file`);
  return parsed;
}

function compareAndExit(base: Results, current: Results): never {
  const rows = compareResults(base, current, threshold);
  console.log(`\n${formatComparison(rows, threshold)}`);
  process.exit(rows.some((r) => r.verdict === "regressed") ? 1 : 0);
}

/** Runs this script as a worker in a fresh process; its last stdout line is the JSON it returns. */
async function inChild<T>(
  worker: "timed" | "alloc" | "paired" | "paired-stream",
  nodeFlags: string[],
  extra: string[],
): Promise<T> {
  const args = [
    ...process.execArgv.filter((a) => !a.startsWith("--expose-gc")),
    ...nodeFlags,
    fileURLToPath(import.meta.url),
    "--worker",
    worker,
    ...(smoke ? ["--smoke"] : []),
    ...(opts.filter === undefined ? [] : ["--filter", opts.filter]),
    ...(opts.sabotage === undefined ? [] : ["--sabotage", opts.sabotage]),
    ...(opts["capture-mb"] === undefined ? [] : ["--capture-mb", opts["capture-mb"]]),
    ...extra,
  ];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let stdout = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new ChildFailed(`the ${worker} worker (${extra.join(" ")}) exited with ${code}`, code);
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "null") as T;
}

class ChildFailed extends Error {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

/**
 * One process per decoder (and encoder, and the stream suite): the engine's type
 * feedback for the shared codec code then comes from one int64 mode only, as in an
 * application, and protobufjs's global Long switch never flips under a running task.
 */
const GROUPS = [
  ...DECODERS.map((d) => `^decode/[^/]+/${d}$`),
  ...ENCODERS.map((e) => `^encode/[^/]+/${e}$`),
  "^stream/",
];

function allIds(): string[] {
  const names = [...frames.map((f) => f.name), MIXED];
  return [
    ...names.flatMap((s) => DECODERS.map((d) => `decode/${s}/${d}`)),
    ...names.flatMap((s) => ENCODERS.map((e) => `encode/${s}/${e}`)),
    ...STREAM_VARIANTS.map((v) => `stream/capture/${v}`),
  ];
}

async function timedInProcess(): Promise<CaseResult[]> {
  generatePbjs();
  const pbjs = await loadPbjs();
  const all = subjects(mixedCount);
  const ctx = { subjects: all, pbjs, selected, sabotage };
  const timed = [...decodeCases(ctx), ...encodeCases(ctx)];
  if (timed.length > 0) log(`timing ${timed.length} decode/encode cases${only ? ` (${opts.only})` : ""}`);
  const cases: CaseResult[] = timed.length > 0 ? await timeCases(timed, budgets.timed) : [];
  if (!STREAM_VARIANTS.some((v) => selected(`stream/capture/${v}`))) return cases;
  const captureSource = subjects(captureDistinct).find((s) => s.name === MIXED);
  if (captureSource === undefined) throw new Error("no mixed subject");
  const stream = streamCases({ mixed: captureSource, captureBytes, selected, sabotage });
  log(`timing ${stream.cases.length} stream cases over ${(stream.captureBytes / 1e6).toFixed(1)} MB`);
  cases.push(...(await timeCases(stream.cases, budgets.stream)));
  return cases;
}

async function run(): Promise<void> {
  const started = performance.now();
  generatePbjs();
  if (opts.worker === "timed") {
    console.log(JSON.stringify(await timedInProcess()));
    return;
  }
  if (opts.worker === "paired") {
    const [slow, fast] = (opts.pair ?? "").split(",");
    const ctx = { subjects: subjects(mixedCount), pbjs: await loadPbjs(), selected, sabotage };
    const cases = decodeCases({
      ...ctx,
      selected: (id) => selected(id) && (id.endsWith(`/${slow}`) || id.endsWith(`/${fast}`)),
    });
    console.log(JSON.stringify(pairedRatios(cases, slow, fast, pairBudget)));
    return;
  }
  if (opts.worker === "paired-stream") {
    const captureSource = subjects(captureDistinct).find((s) => s.name === MIXED);
    if (captureSource === undefined) throw new Error("no mixed subject");
    const stream = streamCases({ mixed: captureSource, captureBytes, selected, sabotage });
    const budget = smoke ? pairBudget : { rounds: 9, roundMs: 1 };
    console.log(JSON.stringify(pairedRatios(stream.cases, "chunks-64KiB", "one-by-one", budget)));
    return;
  }
  if (opts.worker === "alloc") {
    const pbjs = await loadPbjs();
    const result = await measureAllocations(
      subjects(mixedCount),
      pbjs,
      selected,
      allocWindows,
      allocWindowBytes,
      smoke ? 100 : 300,
    );
    console.log(JSON.stringify(result));
    return;
  }

  let cases: CaseResult[] = [];
  if (opts["in-process"]) cases = await timedInProcess();
  else {
    // Verify every decoder and encoder here first, so a wrong one stops the run before anything is timed.
    const ctx = { subjects: subjects(mixedCount), pbjs: await loadPbjs(), selected, sabotage };
    log(`verified ${decodeCases(ctx).length + encodeCases(ctx).length} decode/encode cases`);
    const ids = allIds().filter((id) => filter.test(id));
    for (const group of GROUPS) {
      const re = new RegExp(group);
      if (!ids.some((id) => re.test(id))) continue;
      cases.push(...(await inChild<CaseResult[]>("timed", ["--expose-gc"], ["--only", group])));
    }
  }

  const paired: PairedRatio[] = [];
  if (!opts["in-process"]) {
    for (const [slow, fast] of TARGET_PAIRS) {
      if (!subjects(1).some((s) => selected(`decode/${s.name}/${slow}`) && selected(`decode/${s.name}/${fast}`)))
        continue;
      log(`timing ${fast} against ${slow} interleaved, in one process`);
      paired.push(...(await inChild<PairedRatio[]>("paired", ["--expose-gc"], ["--pair", `${slow},${fast}`])));
    }
    if (selected("stream/capture/chunks-64KiB") && selected("stream/capture/one-by-one")) {
      log("timing FrameDecoder 64 KiB chunks against one-by-one decoding interleaved, in one process");
      paired.push(...(await inChild<PairedRatio[]>("paired-stream", ["--expose-gc"], [])));
    }
  }

  const wantsAlloc = subjects(1).some((s) => DECODERS.some((d) => selected(`alloc/${s.name}/${d}`)));
  const allocations: AllocResult[] = [];
  if (wantsAlloc) {
    // One process per decoder, for the reason GROUPS gives: in a process that also ran the
    // codec in bigint mode, V8 boxes the number mode's 64-bit stores. A smoke run checks the
    // harness, not the figures, and its tiny windows would count the JIT's own compilation
    // in each fresh process, so it measures every decoder in one.
    log(smoke ? "measuring allocation in a child process" : "measuring allocation, one child process per decoder");
    for (const only of smoke ? [undefined] : DECODERS.map((d) => `^alloc/[^/]+/${d}$`)) {
      allocations.push(
        ...(await inChild<AllocResult[]>("alloc", ALLOC_NODE_FLAGS, only === undefined ? [] : ["--only", only])),
      );
    }
  }

  // One order whatever the grouping into processes: suite, subject, then variant as listed.
  const order = allIds();
  cases.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  addRatios(cases, paired);
  const results: Results = {
    schema: RESULT_SCHEMA,
    createdAt: new Date().toISOString(),
    mode: smoke ? "smoke" : "full",
    environment: environment(),
    settings: {
      filter: opts.filter ?? null,
      budgets,
      mixedCount,
      captureDistinct,
      captureBytes,
      allocWindows,
      allocWindowBytes,
    },
    cases,
    allocations,
    paired,
    targets: targets(cases, paired),
    seconds: (performance.now() - started) / 1000,
  };

  const outDir = opts.out ?? fileURLToPath(new URL("../results/", import.meta.url));
  const label = opts.label ?? (smoke ? "smoke" : `node${process.versions.node.split(".")[0]}`);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${label}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, `${label}.svg`), ratioChart(cases));
  writeFileSync(join(outDir, `${label}.md`), markdownReport(results, `${label}.svg`));
  console.log(`\n${terminalReport(results)}\n\nwrote ${join(outDir, label)}.{json,md,svg}`);

  if (opts.compare !== undefined) compareAndExit(readResults(opts.compare), results);
}

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

async function main(): Promise<void> {
  if (opts["merge-baseline"] !== undefined) {
    const merged = mergeBaseline(positionals.map(readResults));
    writeFileSync(opts["merge-baseline"], `${JSON.stringify(merged, null, 2)}\n`);
    console.log(`merged ${positionals.length} run(s) into ${opts["merge-baseline"]}`);
    return;
  }
  if (opts.against !== undefined) {
    if (opts.compare === undefined) throw new Error("--against needs --compare <baseline.json>");
    compareAndExit(readResults(opts.compare), readResults(opts.against));
  }
  await run();
}

main().catch((error: unknown) => {
  if (error instanceof VerificationError) {
    console.error(`\nverification failed, nothing was timed: ${error.message}`);
  } else if (error instanceof ChildFailed) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(2);
});

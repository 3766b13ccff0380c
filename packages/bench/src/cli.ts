// pnpm bench: verify, time, measure allocation, report, and optionally compare.
// Usage (see README): node --expose-gc dist/cli.js [--suite market-data|general] [--filter <regex>]
//   [--smoke] [--rounds 11] [--out <dir>] [--label <name>] [--compare <baseline.json> [--threshold 0.1]] [--capture-mb 100]
//   node dist/cli.js --against <results.json> --compare <baseline.json>   (compare only)
//   node dist/cli.js --merge-baseline <out.json> <results.json>...        (build a baseline)
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ALLOC_NODE_FLAGS, type AllocResult, measureAllocations } from "./alloc.js";
import { compareResults, formatComparison, mergeBaseline } from "./compare.js";
import { DECODERS } from "./decoders.js";
import { environment } from "./env.js";
import { type CaseResult, type TimeBudget, timeCases } from "./measure.js";
import { type PairedRatio, pairedRatios } from "./paired.js";
import { generatePbjs, loadPbjs } from "./peers.js";
import { markdownReport, ratioChart, terminalReport } from "./report.js";
import { isResults, RESULT_SCHEMA, type Results, targets } from "./results.js";
import { runRounds, summariseRounds } from "./rounds.js";
import { STREAM_VARIANTS, streamCases } from "./stream.js";
import { MIXED, subjects } from "./subjects.js";
import { suiteConfig } from "./suite-config.js";
import { addRatios } from "./suites.js";
import { VerificationError } from "./verify.js";

const { values: opts, positionals } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  allowPositionals: true,
  options: {
    suite: { type: "string", default: "market-data" },
    rounds: { type: "string" },
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
    "pair-suite": { type: "string", default: "decode" },
    subjects: { type: "string" },
  },
});

const smoke = opts.smoke;
const suite = suiteConfig(opts.suite, smoke, opts.subjects);
const marketData = suite.name === "market-data";
const rounds = Number(opts.rounds ?? suite.rounds);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--rounds ${opts.rounds}: a whole number of rounds, at least 1`);
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
// Three in a smoke run, so that the median leaves out a window that something else allocated in: a loaded CI run saw
// one object's worth per message on the first subject with two (the rest of the process still being compiled then).
const allocWindows = smoke ? 3 : 5;
const SMOKE_CHECKED_ALLOCATIONS = new Set(["codec-view", "skip-scan", "protobuf-es"]);
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

/** Where this run saved the subjects it verified, for its workers (the general suite); removed at exit. */
let handedOver: string | undefined;

/** Runs this script as a worker in a fresh process; its last stdout line is the JSON it returns. */
async function inChild<T>(
  worker: "timed" | "round" | "alloc" | "paired" | "paired-stream",
  nodeFlags: string[],
  extra: string[],
): Promise<T> {
  const args = [
    ...process.execArgv.filter((a) => !a.startsWith("--expose-gc")),
    ...nodeFlags,
    fileURLToPath(import.meta.url),
    "--worker",
    worker,
    "--suite",
    suite.name,
    ...(smoke ? ["--smoke"] : []),
    ...(opts.filter === undefined ? [] : ["--filter", opts.filter]),
    ...(opts.sabotage === undefined ? [] : ["--sabotage", opts.sabotage]),
    ...(opts["capture-mb"] === undefined ? [] : ["--capture-mb", opts["capture-mb"]]),
    ...(handedOver === undefined ? [] : ["--subjects", handedOver]),
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

/** Every case id of the run, in report order: the suite's decode and encode cases, then (market data) the stream cases. */
function allIds(): string[] {
  return [...suite.ids, ...(marketData ? STREAM_VARIANTS.map((v) => `stream/capture/${v}`) : [])];
}

/** The suite's decode and encode cases (verified), and the stream cases the filter selects, timed in this one process. */
async function timedInProcess(budget: TimeBudget): Promise<CaseResult[]> {
  const timed = await suite.cases({ selected, sabotage });
  if (timed.length > 0) log(`timing ${timed.length} decode/encode cases${only ? ` (${opts.only})` : ""}`);
  const cases: CaseResult[] = timed.length > 0 ? await timeCases(timed, budget) : [];
  if (!marketData || !STREAM_VARIANTS.some((v) => selected(`stream/capture/${v}`))) return cases;
  const captureSource = subjects(captureDistinct).find((s) => s.name === MIXED);
  if (captureSource === undefined) throw new Error("no mixed subject");
  const stream = streamCases({ mixed: captureSource, captureBytes, selected, sabotage });
  log(`timing ${stream.cases.length} stream cases over ${(stream.captureBytes / 1e6).toFixed(1)} MB`);
  cases.push(...(await timeCases(stream.cases, budgets.stream)));
  return cases;
}

async function run(): Promise<void> {
  const started = performance.now();
  if (marketData) generatePbjs();
  if (opts.worker === "timed") {
    console.log(JSON.stringify(await timedInProcess(budgets.timed)));
    return;
  }
  if (opts.worker === "round") {
    // One round's process: its one variant warmed up and timed on every subject, with the round budget.
    console.log(JSON.stringify(await timedInProcess(suite.roundBudget)));
    return;
  }
  if (opts.worker === "paired") {
    const [slow, fast] = (opts.pair ?? "").split(",");
    const pairSuite = opts["pair-suite"] === "encode" ? "encode" : "decode";
    const cases = await suite.cases(
      { selected: (id) => selected(id) && (id.endsWith(`/${slow}`) || id.endsWith(`/${fast}`)), sabotage },
      pairSuite,
    );
    console.log(JSON.stringify(pairedRatios(cases, slow, fast, suite.pairBudget)));
    return;
  }
  if (opts.worker === "paired-stream") {
    const captureSource = subjects(captureDistinct).find((s) => s.name === MIXED);
    if (captureSource === undefined) throw new Error("no mixed subject");
    const stream = streamCases({ mixed: captureSource, captureBytes, selected, sabotage });
    const budget = smoke ? suite.pairBudget : { rounds: 15, roundMs: 1, warmupMs: 1500 };
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
      // A smoke run checks the harness and the figures test/harness.test.ts asserts: those of the view decoder
      // (nothing per message), the skip-scan and protobuf-es. Only they are warmed until optimised; the others'
      // figures are printed, not checked, and half the worker's CPU time was their warm-ups.
      (variant) => (!smoke ? 300 : SMOKE_CHECKED_ALLOCATIONS.has(variant) ? 100 : 0),
    );
    console.log(JSON.stringify(result));
    return;
  }

  let cases: CaseResult[] = [];
  let interleaved: PairedRatio[] = [];
  const paired: PairedRatio[] = [];
  if (opts["in-process"]) cases = await timedInProcess(budgets.timed);
  else {
    // Verify every decoder and encoder here first, so a wrong one stops the run before anything is timed.
    log(`verified ${(await suite.cases({ selected, sabotage })).length} decode/encode cases`);
    if (suite.handOver !== undefined) {
      const dir = mkdtempSync(join(tmpdir(), "tickwire-bench-subjects-"));
      process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
      handedOver = join(dir, "subjects");
      suite.handOver(handedOver);
    }
    const ids = allIds().filter((id) => filter.test(id));
    const groups = suite.groups.filter((g) => ids.some((id) => new RegExp(g).test(id)));
    if (rounds < 11) log(`${rounds} round(s): fewer than the 11 a published verdict needs`);
    const perRound = await runRounds(groups, rounds, (group, round) => {
      if (group === groups[round % groups.length]) log(`round ${round + 1} of ${rounds}: ${groups.length} processes`);
      return inChild<CaseResult[]>("round", ["--expose-gc"], ["--only", group]);
    });
    const summary = summariseRounds(perRound);
    cases = summary.cases;
    interleaved = summary.ratios;
    if (marketData && ids.some((id) => id.startsWith("stream/")))
      cases.push(...(await inChild<CaseResult[]>("timed", ["--expose-gc"], ["--only", "^stream/"])));

    for (const check of suite.crossChecks) {
      const both = (id: string) => selected(id.replace(/[^/]+$/, check.slow)) && selected(id);
      if (!suite.ids.some((id) => id.startsWith(`${check.suite}/`) && id.endsWith(`/${check.fast}`) && both(id)))
        continue;
      log(`cross-check: ${check.suite} ${check.fast} against ${check.slow} in one process, interleaved`);
      paired.push(
        ...(await inChild<PairedRatio[]>(
          "paired",
          ["--expose-gc"],
          ["--pair", `${check.slow},${check.fast}`, "--pair-suite", check.suite],
        )),
      );
    }
    if (marketData && selected("stream/capture/chunks-64KiB") && selected("stream/capture/one-by-one")) {
      log("timing FrameDecoder 64 KiB chunks against one-by-one decoding interleaved, in one process");
      paired.push(...(await inChild<PairedRatio[]>("paired-stream", ["--expose-gc"], [])));
    }
  }

  const wantsAlloc = marketData && subjects(1).some((s) => DECODERS.some((d) => selected(`alloc/${s.name}/${d}`)));
  const allocations: AllocResult[] = [];
  if (wantsAlloc) {
    // One process per decoder, for the reason rounds.ts gives: in a process that also ran the
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
  addRatios(cases, interleaved);
  const decided = targets(suite.targets, cases, interleaved, paired);
  const results: Results = {
    schema: RESULT_SCHEMA,
    createdAt: new Date().toISOString(),
    mode: smoke ? "smoke" : "full",
    suite: suite.name,
    method: opts["in-process"] ? "in-process" : "interleaved",
    environment: environment(),
    settings: {
      suite: suite.name,
      filter: opts.filter ?? null,
      rounds: opts["in-process"] ? null : rounds,
      budgets: { ...budgets, round: suite.roundBudget, crossCheck: suite.pairBudget },
      ...(marketData ? { mixedCount, captureDistinct, captureBytes, allocWindows, allocWindowBytes } : {}),
    },
    cases,
    allocations,
    interleaved,
    paired,
    targets: decided,
    warnings: decided.flatMap((t) => (t.warning === undefined ? [] : [t.warning])),
    seconds: (performance.now() - started) / 1000,
  };

  const outDir = opts.out ?? fileURLToPath(new URL("../results/", import.meta.url));
  const label =
    opts.label ??
    `${marketData ? "" : `${suite.name}-`}${smoke ? "smoke" : `node${process.versions.node.split(".")[0]}`}`;
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

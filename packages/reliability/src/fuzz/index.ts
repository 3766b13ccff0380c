// The codec fuzz campaign: seeded fast-check runs over every decoding path of
// @tickwire/codec, differential against protobuf-es, each target given an equal
// share of a time budget, or a weighted share of an execution count
// (TICKWIRE_FUZZ_EXECUTIONS), optionally in worker threads (TICKWIRE_FUZZ_WORKERS).
// A finding does not stop the run: it is recorded (deduplicated by target, kind and
// error code, smallest input kept) and the campaign goes on. Re-run one campaign
// exactly with TICKWIRE_FUZZ_SEED=<seed> (under a time budget the number of runs
// differs between machines, but the inputs of each target's first N runs do not; to
// an execution count, the inputs are the same everywhere).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import type { PartOptions, PartReport } from "../parts.js";
import { MUTATION_OPERATORS } from "./inputs.js";
import type { Verdict } from "./oracle.js";
import { type Job, runInWorkers, splitExecutions, targetSeed } from "./schedule.js";
import { type Target, targets } from "./targets.js";

const FULL_BUDGET_MS = 450_000;
const QUICK_BUDGET_MS = 18_000;

export interface Finding {
  target: string;
  kind: string;
  code?: string;
  detail: string;
  /** How many inputs hit this finding. */
  count: number;
  seed: number;
  /** The smallest input that hit it (by its JSON size), as the corpus stores it. */
  input: unknown;
}

export interface TargetFigures {
  target: string;
  seed: number;
  executions: number;
  seconds: number;
  /** The slowest single input, codec time only (shared VM: includes GC pauses and scheduling). */
  slowestInputMs: number;
  findings: number;
  /** What the target made of its inputs: "accepted" or the error code (streams: of the corrupt frame). */
  outcomes: Record<string, number>;
  /** Set when the campaign was stopped before this target reached its budget: the figures at its last progress report. */
  interrupted?: true;
}

function seedFromEnvironment(): number {
  const text = process.env.TICKWIRE_FUZZ_SEED;
  if (text !== undefined && text !== "") {
    const seed = Number(text);
    if (!Number.isSafeInteger(seed)) throw new TypeError(`TICKWIRE_FUZZ_SEED must be an integer, not ${text}`);
    return seed | 0;
  }
  return Date.now() % 0x7fffffff;
}

/** A target runs for a share of a time budget, or for a number of executions (then its inputs depend on the seed alone). */
export type Budget = { ms: number } | { executions: number };

/** How often (in executions) a target reports its progress, unless TICKWIRE_FUZZ_PROGRESS_EVERY says otherwise. */
export const PROGRESS_EVERY = 25_000;

export function runTarget(
  target: Target<never>,
  seed: number,
  budget: Budget,
  findings: Map<string, Finding>,
  progress?: (sofar: TargetFigures) => void,
  progressEvery = PROGRESS_EVERY,
): TargetFigures {
  let executions = 0;
  let slowest = 0;
  let found = 0;
  const outcomes: Record<string, number> = {};
  const note = (kind: string, code: string | undefined, detail: string, input: never) => {
    const key = `${target.name}|${kind}|${code ?? ""}`;
    const recorded = target.record(input);
    const existing = findings.get(key);
    if (existing === undefined) {
      found++;
      findings.set(key, { target: target.name, kind, code, detail, count: 1, seed, input: recorded });
      return;
    }
    existing.count++;
    if (JSON.stringify(recorded).length < JSON.stringify(existing.input).length) {
      existing.input = recorded;
      existing.detail = detail;
    }
  };
  // Nothing the oracle compares reads an error's stack, and capturing one was a tenth of a
  // stream execution's time (the decoders and protobuf-es throw on most corrupt inputs).
  // A harness error is re-run with stacks on, so its finding still says where it was thrown.
  const stackTraceLimit = Error.stackTraceLimit;
  const stackOf = (input: never, error: unknown): string => {
    Error.stackTraceLimit = stackTraceLimit;
    try {
      target.check(input);
      return `${String((error as Error)?.stack ?? error)} (not thrown again when re-run)`;
    } catch (again) {
      return String((again as Error)?.stack ?? again);
    } finally {
      Error.stackTraceLimit = 0;
    }
  };
  const started = performance.now();
  const figuresNow = (): TargetFigures => ({
    target: target.name,
    seed,
    executions,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    slowestInputMs: Number(slowest.toFixed(1)),
    findings: found,
    outcomes: Object.fromEntries(Object.entries(outcomes).sort(([, a], [, b]) => b - a)),
  });
  Error.stackTraceLimit = 0;
  const property = fc.property(target.input, (input) => {
    executions++;
    if (progress !== undefined && executions % progressEvery === 0) progress(figuresNow());
    let verdict: Verdict | undefined;
    let elapsed = 0;
    try {
      const checked = target.check(input);
      verdict = checked.verdict;
      elapsed = checked.ms;
      outcomes[checked.outcome] = (outcomes[checked.outcome] ?? 0) + 1;
    } catch (error) {
      // A bug in the harness, not the codec; recorded all the same so it is seen.
      verdict = { kind: "harness-error", detail: stackOf(input, error) };
    }
    if (elapsed > target.perInputMs) {
      // A shared VM pauses for GC and other processes: an input counts as slow only if
      // it stays over the bound on each of three more tries.
      for (let retry = 0; retry < 3 && elapsed > target.perInputMs; retry++)
        elapsed = Math.min(elapsed, target.check(input).ms);
    }
    slowest = Math.max(slowest, elapsed);
    if (elapsed > target.perInputMs) note("slow", undefined, `${elapsed.toFixed(0)} ms for one input`, input);
    if (verdict !== undefined) note(verdict.kind, verdict.code, verdict.detail, input);
    return true;
  });
  let details: fc.RunDetails<[never]>;
  try {
    details = fc.check(
      property,
      "executions" in budget
        ? { seed, numRuns: budget.executions }
        : { seed, numRuns: 1_000_000_000, interruptAfterTimeLimit: budget.ms, markInterruptAsFailure: false },
    );
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  if (details.failed)
    throw new Error(`${target.name}: fast-check reported a failure: ${String(details.errorInstance)}`);
  return figuresNow();
}

/**
 * With TICKWIRE_FUZZ_CORPUS=<dir> (packages/codec/test/corpus), each finding is written
 * there in the corpus format of packages/codec/test/corpus.test.ts, to be kept as a regression case.
 */
function saveToCorpus(directory: string, findings: Finding[]): string[] {
  mkdirSync(directory, { recursive: true });
  return findings.map((f) => {
    const input = f.input as { hex?: string; frames?: string[]; bad?: number };
    const hex = input.hex ?? input.frames?.[input.bad ?? 0] ?? "";
    const name = `fuzz-${f.target}-${f.kind}${f.code ? `-${f.code}` : ""}`.replace(/[^A-Za-z0-9-]+/g, "-");
    const entry = {
      description: `${f.target}: ${f.kind}${f.code ? ` ${f.code}` : ""}: ${f.detail}`,
      source: `fuzz campaign, seed ${f.seed}`,
      hex,
      ...(input.hex === undefined ? { stream: input } : {}),
    };
    const file = join(directory, `${name}.json`);
    writeFileSync(file, `${JSON.stringify(entry, null, 2)}\n`);
    return file;
  });
}

function integerFromEnvironment(name: string, min: number): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === "") return undefined;
  const value = Number(text.replaceAll("_", ""));
  if (!Number.isSafeInteger(value) || value < min)
    throw new TypeError(`${name} must be an integer of at least ${min}, not ${text}`);
  return value;
}

/** Keeps one entry per key: counts added, the smaller input kept. */
export function mergeFinding(findings: Map<string, Finding>, key: string, finding: Finding): void {
  const existing = findings.get(key);
  if (existing === undefined) {
    findings.set(key, { ...finding });
    return;
  }
  existing.count += finding.count;
  if (JSON.stringify(finding.input).length < JSON.stringify(existing.input).length) {
    existing.input = finding.input;
    existing.detail = finding.detail;
  }
}

export async function run({ quick, log }: PartOptions): Promise<PartReport> {
  const baseSeed = seedFromEnvironment();
  const list = targets();
  // TICKWIRE_FUZZ_EXECUTIONS=<n>: run to n executions split over the targets by their weights instead of
  // a time budget; TICKWIRE_FUZZ_WORKERS=<w>: run the targets in w worker threads.
  const totalExecutions = integerFromEnvironment("TICKWIRE_FUZZ_EXECUTIONS", list.length);
  const workers = integerFromEnvironment("TICKWIRE_FUZZ_WORKERS", 1) ?? 1;
  const progressEvery = integerFromEnvironment("TICKWIRE_FUZZ_PROGRESS_EVERY", 1) ?? PROGRESS_EVERY;
  const shares =
    totalExecutions === undefined
      ? undefined
      : splitExecutions(
          totalExecutions,
          list.map((t) => t.executionWeight),
        );
  const budgetMs = Math.floor((quick ? QUICK_BUDGET_MS : FULL_BUDGET_MS) / list.length);
  const allJobs: Job[] = list.map((target, index) => ({
    index,
    name: target.name,
    seed: targetSeed(baseSeed, index),
    budget: shares === undefined ? { ms: budgetMs } : { executions: shares[index] },
    progressEvery,
  }));
  // TICKWIRE_FUZZ_TARGETS=<name,...>: only these targets, with the seeds and shares they have
  // in the whole campaign (a campaign can be run, or finished, in parts).
  const only = process.env.TICKWIRE_FUZZ_TARGETS?.split(",").filter((name) => name !== "");
  const unknownTargets = only?.filter((name) => !list.some((t) => t.name === name)) ?? [];
  if (unknownTargets.length > 0) throw new TypeError(`TICKWIRE_FUZZ_TARGETS: no target ${unknownTargets.join(", ")}`);
  const jobs = only === undefined || only.length === 0 ? allJobs : allJobs.filter((job) => only.includes(job.name));
  log(
    `fuzz: base seed ${baseSeed}, ${jobs.length} of ${list.length} targets, ` +
      (shares === undefined ? `${budgetMs} ms each` : `${totalExecutions} executions (${shares.join(", ")})`) +
      (workers > 1 ? `, ${workers} worker threads` : ""),
  );
  const findings = new Map<string, Finding>();
  const figuresOf: (TargetFigures | undefined)[] = list.map(() => undefined);
  const latest = new Map<number, { figures: TargetFigures; findings: [string, Finding][] }>();
  const logDone = (job: Job, figures: TargetFigures, worker?: number) =>
    log(
      `fuzz: ${job.name}: ${figures.executions} executions in ${figures.seconds} s (seed ${job.seed}` +
        `${worker === undefined ? "" : `, worker ${worker}`}), slowest input ${figures.slowestInputMs} ms, ` +
        `${figures.findings} new finding(s)`,
    );
  const logProgress = (job: Job, figures: TargetFigures) =>
    log(
      `fuzz: ${job.name}: ${figures.executions}${"executions" in job.budget ? ` of ${job.budget.executions}` : ""} ` +
        `executions in ${figures.seconds} s, ${figures.findings} finding(s) so far`,
    );
  const started = performance.now();
  const stop = new AbortController();
  if (workers > 1) {
    // SIGINT or SIGTERM stops the workers; the report then holds each unfinished target's
    // figures and findings at its last progress report (every `progressEvery` executions).
    const interrupt = () => {
      log("fuzz: interrupted: reporting the executions so far");
      stop.abort();
    };
    process.once("SIGINT", interrupt).once("SIGTERM", interrupt);
    // Longest first (the weights make the jobs about equal; the stream targets vary more), so
    // the workers finish close together.
    const slowestFirst = [...jobs].sort((a, b) => list[a.index].executionWeight - list[b.index].executionWeight);
    try {
      await runInWorkers(
        slowestFirst,
        workers,
        {
          progress(job, figures, found) {
            latest.set(job.index, { figures, findings: found });
            logProgress(job, figures);
          },
          done(job, figures, found, worker) {
            latest.delete(job.index);
            figuresOf[job.index] = figures;
            for (const [key, finding] of found) mergeFinding(findings, key, finding);
            logDone(job, figures, worker);
          },
        },
        stop.signal,
      );
    } finally {
      process.off("SIGINT", interrupt).off("SIGTERM", interrupt);
    }
    for (const [index, sofar] of latest) {
      figuresOf[index] = { ...sofar.figures, interrupted: true };
      for (const [key, finding] of sofar.findings) mergeFinding(findings, key, finding);
    }
  } else
    for (const job of jobs) {
      const figures = runTarget(
        list[job.index],
        job.seed,
        job.budget,
        findings,
        (sofar) => logProgress(job, sofar),
        progressEvery,
      );
      figuresOf[job.index] = figures;
      logDone(job, figures);
      // Let the event loop breathe between targets (the CLI's log lines, timers of other parts).
      await new Promise((resolve) => setImmediate(resolve));
    }
  const interrupted = stop.signal.aborted;
  const perTarget = figuresOf.filter((f): f is TargetFigures => f !== undefined);
  const executions = perTarget.reduce((sum, t) => sum + t.executions, 0);
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const distinct = [...findings.values()];
  for (const f of distinct) log(`fuzz: FINDING ${f.target} ${f.kind} ${f.code ?? ""} x${f.count}: ${f.detail}`);
  const corpus = process.env.TICKWIRE_FUZZ_CORPUS;
  if (corpus !== undefined && corpus !== "" && distinct.length > 0)
    for (const file of saveToCorpus(corpus, distinct)) log(`fuzz: saved ${file}`);
  return {
    ok: distinct.length === 0 && !interrupted,
    summary:
      `${executions} executions over ${perTarget.length} targets in ${seconds} s, ` +
      `${distinct.length} distinct finding(s), base seed ${baseSeed}${interrupted ? ", INTERRUPTED" : ""}`,
    interrupted,
    baseSeed,
    executions,
    fuzzSeconds: seconds,
    distinctFindings: distinct.length,
    budget: shares === undefined ? { msPerTarget: budgetMs } : { executions: totalExecutions },
    workers,
    machine: "shared 2-core VM (other campaigns may run at the same time)",
    rerun:
      `TICKWIRE_FUZZ_SEED=${baseSeed}` +
      (totalExecutions === undefined ? "" : ` TICKWIRE_FUZZ_EXECUTIONS=${totalExecutions}`) +
      (workers > 1 ? ` TICKWIRE_FUZZ_WORKERS=${workers}` : "") +
      (jobs.length < list.length ? ` TICKWIRE_FUZZ_TARGETS=${jobs.map((j) => j.name).join(",")}` : "") +
      ` node packages/reliability/dist/cli.js fuzz${quick ? " --quick" : ""}`,
    mutationOperators: MUTATION_OPERATORS,
    targets: perTarget,
    findings: distinct,
  };
}

// The codec fuzz campaign: seeded fast-check runs over every decoding path of
// @tickwire/codec, differential against protobuf-es, each target given an equal
// share of a time budget. A finding does not stop the run: it is recorded
// (deduplicated by target, kind and error code, smallest input kept) and the
// campaign goes on. Re-run one campaign exactly with TICKWIRE_FUZZ_SEED=<seed>
// (the number of runs a time budget allows differs between machines; the inputs
// of each target's first N runs do not).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import type { PartOptions, PartReport } from "../parts.js";
import { MUTATION_OPERATORS } from "./inputs.js";
import type { Verdict } from "./oracle.js";
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

export function runTarget(
  target: Target<never>,
  seed: number,
  budgetMs: number,
  findings: Map<string, Finding>,
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
  const started = performance.now();
  const details = fc.check(
    fc.property(target.input, (input) => {
      executions++;
      let verdict: Verdict | undefined;
      let elapsed = 0;
      try {
        const checked = target.check(input);
        verdict = checked.verdict;
        elapsed = checked.ms;
        outcomes[checked.outcome] = (outcomes[checked.outcome] ?? 0) + 1;
      } catch (error) {
        // A bug in the harness, not the codec; recorded all the same so it is seen.
        verdict = { kind: "harness-error", detail: String((error as Error)?.stack ?? error) };
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
    }),
    { seed, numRuns: 1_000_000_000, interruptAfterTimeLimit: budgetMs, markInterruptAsFailure: false },
  );
  if (details.failed)
    throw new Error(`${target.name}: fast-check reported a failure: ${String(details.errorInstance)}`);
  return {
    target: target.name,
    seed,
    executions,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    slowestInputMs: Number(slowest.toFixed(1)),
    findings: found,
    outcomes: Object.fromEntries(Object.entries(outcomes).sort(([, a], [, b]) => b - a)),
  };
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

export async function run({ quick, log }: PartOptions): Promise<PartReport> {
  const baseSeed = seedFromEnvironment();
  const list = targets();
  const budgetMs = Math.floor((quick ? QUICK_BUDGET_MS : FULL_BUDGET_MS) / list.length);
  log(`fuzz: base seed ${baseSeed}, ${list.length} targets, ${budgetMs} ms each`);
  const findings = new Map<string, Finding>();
  const perTarget: TargetFigures[] = [];
  const started = performance.now();
  for (const [i, target] of list.entries()) {
    const seed = (baseSeed + i * 7919) | 0;
    const figures = runTarget(target, seed, budgetMs, findings);
    perTarget.push(figures);
    log(
      `fuzz: ${target.name}: ${figures.executions} executions in ${figures.seconds} s (seed ${seed}), ` +
        `slowest input ${figures.slowestInputMs} ms, ${figures.findings} new finding(s)`,
    );
    // Let the event loop breathe between targets (the CLI's log lines, timers of other parts).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const executions = perTarget.reduce((sum, t) => sum + t.executions, 0);
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const distinct = [...findings.values()];
  for (const f of distinct) log(`fuzz: FINDING ${f.target} ${f.kind} ${f.code ?? ""} x${f.count}: ${f.detail}`);
  const corpus = process.env.TICKWIRE_FUZZ_CORPUS;
  if (corpus !== undefined && corpus !== "" && distinct.length > 0)
    for (const file of saveToCorpus(corpus, distinct)) log(`fuzz: saved ${file}`);
  return {
    ok: distinct.length === 0,
    summary:
      `${executions} executions over ${list.length} targets in ${seconds} s, ` +
      `${distinct.length} distinct finding(s), base seed ${baseSeed}`,
    baseSeed,
    executions,
    fuzzSeconds: seconds,
    distinctFindings: distinct.length,
    machine: "shared 2-core VM (other campaigns may run at the same time)",
    rerun: `TICKWIRE_FUZZ_SEED=${baseSeed} node packages/reliability/dist/cli.js fuzz${quick ? " --quick" : ""}`,
    mutationOperators: MUTATION_OPERATORS,
    targets: perTarget,
    findings: distinct,
  };
}

// The result file: what a run measured, where, and the targets it decides.
import type { AllocResult } from "./alloc.js";
import type { Environment } from "./env.js";
import type { CaseResult, Suite } from "./measure.js";
import type { PairedRatio } from "./paired.js";

export const RESULT_SCHEMA = "tickwire-bench/1";

export interface Target {
  name: string;
  subject: string;
  /** The measured ratio and the goal it is held to. */
  ratio: number;
  /**
   * How the ratio was measured: `interleaved` (one variant per process, processes
   * interleaved over rounds: the published method), `in-process` (both sides in one
   * process, alternating: the stream target, whose two sides are one decoder), or
   * `table` (a ratio of two medians, in an --in-process run).
   */
  method: "interleaved" | "in-process" | "table";
  low?: number;
  high?: number;
  goal: number;
  better: "higher" | "lower";
  verdict: "PASS" | "MISS";
  /** The same pair timed in one process, as a cross-check of an interleaved ratio. */
  inProcess?: number;
  /** Set when the cross-check differs from the interleaved ratio by more than CROSS_CHECK_TOLERANCE. */
  warning?: string;
}

/** A target: the ratio `slow` ns / `fast` ns of one suite, per subject, held to `goal`. */
export interface TargetSpec {
  name: string;
  suite: Suite;
  slow: string;
  fast: string;
  goal: number;
  better: Target["better"];
}

/** The codec issue's targets for the market-data suite. */
export const MARKET_DATA_TARGETS: TargetSpec[] = [
  {
    name: "decodeMessage vs protobuf-es fromBinary",
    suite: "decode",
    slow: "protobuf-es",
    fast: "codec",
    goal: 3,
    better: "higher",
  },
  {
    name: 'int64: "number" vs protobufjs',
    suite: "decode",
    slow: "protobufjs",
    fast: "codec-number",
    goal: 2,
    better: "higher",
  },
  {
    name: "FrameDecoder 64 KiB chunks / one by one (time)",
    suite: "stream",
    slow: "chunks-64KiB",
    fast: "one-by-one",
    goal: 1.15,
    better: "lower",
  },
];

/** The plugin issue's targets for the general suite, on every case. */
export const GENERAL_TARGETS: TargetSpec[] = [
  {
    name: "decodeX vs protobuf-es fromBinary",
    suite: "decode",
    slow: "protobuf-es",
    fast: "tickwire",
    goal: 3,
    better: "higher",
  },
  {
    name: 'decodeX int64: "number" vs protobufjs',
    suite: "decode",
    slow: "protobufjs",
    fast: "tickwire-number",
    goal: 1,
    better: "higher",
  },
  {
    name: "encodeX vs protobuf-es toBinary",
    suite: "encode",
    slow: "protobuf-es",
    fast: "tickwire",
    goal: 2,
    better: "higher",
  },
];

/** How far (relative) the in-process cross-check may stray from the interleaved ratio before a warning. */
export const CROSS_CHECK_TOLERANCE = 0.15;

export type SuiteName = "market-data" | "general";

export interface Results {
  schema: typeof RESULT_SCHEMA;
  createdAt: string;
  mode: "full" | "smoke";
  /** Absent in result files written before the general suite existed: market-data. */
  suite?: SuiteName;
  /** Where the ratios come from: interleaved rounds of one-variant processes, or one process (--in-process). */
  method?: "interleaved" | "in-process";
  environment: Environment;
  settings: Record<string, unknown>;
  cases: CaseResult[];
  allocations: AllocResult[];
  /** The published ratios: per case and peer, the median over interleaved rounds (rounds.ts). */
  interleaved?: PairedRatio[];
  /** In-process paired ratios: the cross-checks and the stream target. */
  paired?: PairedRatio[];
  targets: Target[];
  /** One line per target whose in-process figure strays from the interleaved one. */
  warnings?: string[];
  /** Seconds the run took, start to finish. */
  seconds: number;
}

const sameRatio = (p: PairedRatio, suite: Suite, subject: string, slow: string, fast: string) =>
  (p.suite ?? "decode") === suite && p.subject === subject && p.slow === slow && p.fast === fast;

/**
 * The targets of `specs`, from this one run: the interleaved ratio where the run made
 * one, else the in-process paired one, else a ratio of the case table's medians; an
 * interleaved ratio carries its in-process cross-check, and a warning when they differ
 * by more than CROSS_CHECK_TOLERANCE.
 */
export function targets(
  specs: readonly TargetSpec[],
  cases: CaseResult[],
  interleaved: readonly PairedRatio[] = [],
  paired: readonly PairedRatio[] = [],
): Target[] {
  const ns = new Map(cases.map((c) => [c.id, c.nsPerOp]));
  const out: Target[] = [];
  for (const spec of specs) {
    const subjects =
      spec.suite === "stream"
        ? ["capture"]
        : [...new Set(cases.filter((c) => c.suite === spec.suite).map((c) => c.subject))];
    for (const subject of subjects) {
      const measured = measure(spec, subject, ns, interleaved, paired);
      if (measured === undefined || !Number.isFinite(measured.ratio)) continue;
      const met = spec.better === "higher" ? measured.ratio >= spec.goal : measured.ratio <= spec.goal;
      const target: Target = {
        name: spec.name,
        subject,
        ...measured,
        goal: spec.goal,
        better: spec.better,
        verdict: met ? "PASS" : "MISS",
      };
      const check = paired.find((p) => sameRatio(p, spec.suite, subject, spec.slow, spec.fast));
      if (measured.method === "interleaved" && check !== undefined) {
        target.inProcess = check.ratio;
        const drift = check.ratio / measured.ratio - 1;
        if (Math.abs(drift) > CROSS_CHECK_TOLERANCE) {
          const flattered = drift > 0 ? spec.fast : spec.slow;
          target.warning = `in-process figure flatters ${flattered} on ${spec.suite}/${subject}: ${spec.slow}/${spec.fast} ${check.ratio.toFixed(2)}x in one process, ${measured.ratio.toFixed(2)}x interleaved`;
        }
      }
      out.push(target);
    }
  }
  return out;
}

type Measured = Pick<Target, "ratio" | "method" | "low" | "high">;

function measure(
  spec: TargetSpec,
  subject: string,
  ns: Map<string, number>,
  interleaved: readonly PairedRatio[],
  paired: readonly PairedRatio[],
): Measured | undefined {
  const published = interleaved.find((p) => sameRatio(p, spec.suite, subject, spec.slow, spec.fast));
  if (published !== undefined)
    return { ratio: published.ratio, method: "interleaved", low: published.low, high: published.high };
  // An in-process pair decides only where nothing was interleaved: the stream target.
  const pair = paired.find((p) => sameRatio(p, spec.suite, subject, spec.slow, spec.fast));
  if (pair !== undefined) return { ratio: pair.ratio, method: "in-process", low: pair.low, high: pair.high };
  const a = ns.get(`${spec.suite}/${subject}/${spec.slow}`);
  const b = ns.get(`${spec.suite}/${subject}/${spec.fast}`);
  return a === undefined || b === undefined ? undefined : { ratio: a / b, method: "table" };
}

export function isResults(value: unknown): value is Results {
  const v = value as Partial<Results> | null;
  return (
    v !== null &&
    typeof v === "object" &&
    v.schema === RESULT_SCHEMA &&
    Array.isArray(v.cases) &&
    Array.isArray(v.allocations) &&
    Array.isArray(v.targets) &&
    typeof v.environment === "object"
  );
}

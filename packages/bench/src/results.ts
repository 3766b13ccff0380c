// The result file: what a run measured, where, and the codec targets it decides.
import type { AllocResult } from "./alloc.js";
import type { Environment } from "./env.js";
import type { CaseResult } from "./measure.js";
import type { PairedRatio } from "./paired.js";

export const RESULT_SCHEMA = "tickwire-bench/1";

export interface Target {
  name: string;
  subject: string;
  /** The measured ratio and the goal it is held to. */
  ratio: number;
  /** How the ratio was measured: interleaved in one process (with its 95% interval), or from the case table. */
  method: "paired" | "table";
  low?: number;
  high?: number;
  goal: number;
  better: "higher" | "lower";
  verdict: "PASS" | "MISS";
}

export interface Results {
  schema: typeof RESULT_SCHEMA;
  createdAt: string;
  mode: "full" | "smoke";
  environment: Environment;
  settings: Record<string, unknown>;
  cases: CaseResult[];
  allocations: AllocResult[];
  /** Interleaved ratios for the target pairs; absent in result files written before they existed. */
  paired?: PairedRatio[];
  targets: Target[];
  /** Seconds the run took, start to finish. */
  seconds: number;
}

/**
 * The codec issue's targets, from this one run: ratios from the paired,
 * interleaved measurement where the run made one (see paired.ts), else ratios of the
 * case table's medians.
 */
export function targets(cases: CaseResult[], paired: PairedRatio[] = []): Target[] {
  const ns = new Map(cases.map((c) => [c.id, c.nsPerOp]));
  const subjects = [...new Set(cases.filter((c) => c.suite === "decode").map((c) => c.subject))];
  const out: Target[] = [];
  const add = (
    name: string,
    subject: string,
    measured: Measured | undefined,
    goal: number,
    better: Target["better"],
  ) => {
    if (measured === undefined || !Number.isFinite(measured.ratio)) return;
    const met = better === "higher" ? measured.ratio >= goal : measured.ratio <= goal;
    out.push({ name, subject, ...measured, goal, better, verdict: met ? "PASS" : "MISS" });
  };
  const ratio = (slow: string, fast: string): Measured | undefined => {
    const [suite, subject, slowVariant] = slow.split("/");
    const fastVariant = fast.split("/")[2];
    const pair =
      suite !== "encode"
        ? paired.find((p) => p.subject === subject && p.slow === slowVariant && p.fast === fastVariant)
        : undefined;
    if (pair !== undefined) return { ratio: pair.ratio, method: "paired", low: pair.low, high: pair.high };
    const a = ns.get(slow);
    const b = ns.get(fast);
    return a === undefined || b === undefined ? undefined : { ratio: a / b, method: "table" };
  };
  for (const s of subjects) {
    add(
      "decodeMessage vs protobuf-es fromBinary",
      s,
      ratio(`decode/${s}/protobuf-es`, `decode/${s}/codec`),
      3,
      "higher",
    );
    add('int64: "number" vs protobufjs', s, ratio(`decode/${s}/protobufjs`, `decode/${s}/codec-number`), 2, "higher");
  }
  add(
    "FrameDecoder 64 KiB chunks / one by one (time)",
    "capture",
    ratio("stream/capture/chunks-64KiB", "stream/capture/one-by-one"),
    1.15,
    "lower",
  );
  return out;
}

type Measured = Pick<Target, "ratio" | "method" | "low" | "high">;

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

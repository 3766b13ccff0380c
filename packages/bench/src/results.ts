// The result file: what a run measured, where, and the codec targets it decides.
import type { AllocResult } from "./alloc.js";
import type { Environment } from "./env.js";
import type { CaseResult } from "./measure.js";

export const RESULT_SCHEMA = "tickwire-bench/1";

export interface Target {
  name: string;
  subject: string;
  /** The measured ratio and the goal it is held to. */
  ratio: number;
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
  targets: Target[];
  /** Seconds the run took, start to finish. */
  seconds: number;
}

/** The codec issue's targets, as ratios of medians from this one run. */
export function targets(cases: CaseResult[]): Target[] {
  const ns = new Map(cases.map((c) => [c.id, c.nsPerOp]));
  const subjects = [...new Set(cases.filter((c) => c.suite === "decode").map((c) => c.subject))];
  const out: Target[] = [];
  const add = (name: string, subject: string, ratio: number | undefined, goal: number, better: Target["better"]) => {
    if (ratio === undefined || !Number.isFinite(ratio)) return;
    const met = better === "higher" ? ratio >= goal : ratio <= goal;
    out.push({ name, subject, ratio, goal, better, verdict: met ? "PASS" : "MISS" });
  };
  const ratio = (slow: string, fast: string) => {
    const a = ns.get(slow);
    const b = ns.get(fast);
    return a === undefined || b === undefined ? undefined : a / b;
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

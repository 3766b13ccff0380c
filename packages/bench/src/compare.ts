// --compare: the change of every case against a baseline, noise-aware. A case regresses
// only when it is slower by more than the threshold AND its 95% interval lies wholly
// above the baseline's (the intervals do not overlap). A baseline merged from several
// runs (--merge-baseline) carries intervals as wide as the run-to-run spread.
import type { AllocResult } from "./alloc.js";
import type { CaseResult } from "./measure.js";
import type { Results } from "./results.js";

export type Verdict = "regressed" | "improved" | "unchanged" | "new" | "missing";

export interface Comparison {
  id: string;
  /** ns/op for timed cases, bytes/message for allocation cases. */
  base?: number;
  current?: number;
  /** current / base - 1: positive is slower (or more bytes). */
  change?: number;
  verdict: Verdict;
}

/** Allocation figures are deterministic up to a few bytes; a regression must also exceed this. */
const ALLOC_SLACK_BYTES = 16;

export function compareResults(base: Results, current: Results, threshold = 0.1): Comparison[] {
  return [
    ...matchById(
      base.cases,
      current.cases,
      (c) => c.nsPerOp,
      (b, c) => timed(b, c, threshold),
    ),
    ...matchById(
      base.allocations,
      current.allocations,
      (a) => a.bytesPerMessage,
      (b, a) => allocated(b, a, threshold),
    ),
  ];
}

/**
 * Each current entry against the baseline's of the same id (`new` where the baseline has none), then the
 * baseline's entries the current run lacks (`missing`); `figure` is what a one-sided row shows.
 */
function matchById<T extends { id: string }>(
  base: readonly T[],
  current: readonly T[],
  figure: (entry: T) => number,
  compare: (b: T, c: T) => Comparison,
): Comparison[] {
  const out: Comparison[] = [];
  const byId = new Map(base.map((b) => [b.id, b]));
  for (const c of current) {
    const b = byId.get(c.id);
    byId.delete(c.id);
    out.push(b === undefined ? { id: c.id, current: figure(c), verdict: "new" } : compare(b, c));
  }
  for (const [id, b] of byId) out.push({ id, base: figure(b), verdict: "missing" });
  return out;
}

function timed(b: CaseResult, c: CaseResult, threshold: number): Comparison {
  const change = c.nsPerOp / b.nsPerOp - 1;
  let verdict: Verdict = "unchanged";
  if (change > threshold && c.nsLow > b.nsHigh) verdict = "regressed";
  else if (change < -threshold && c.nsHigh < b.nsLow) verdict = "improved";
  return { id: c.id, base: b.nsPerOp, current: c.nsPerOp, change, verdict };
}

function allocated(b: AllocResult, c: AllocResult, threshold: number): Comparison {
  const delta = c.bytesPerMessage - b.bytesPerMessage;
  const change = b.bytesPerMessage > 0 ? delta / b.bytesPerMessage : delta > 0 ? Number.POSITIVE_INFINITY : 0;
  let verdict: Verdict = "unchanged";
  if (delta > ALLOC_SLACK_BYTES && change > threshold) verdict = "regressed";
  else if (-delta > ALLOC_SLACK_BYTES && -change > threshold) verdict = "improved";
  return { id: c.id, base: b.bytesPerMessage, current: c.bytesPerMessage, change, verdict };
}

export function formatComparison(rows: Comparison[], threshold: number): string {
  const lines = [
    `change against the baseline (regression: > ${(threshold * 100).toFixed(0)}% slower and intervals apart)`,
  ];
  const width = Math.max(...rows.map((r) => r.id.length), 4);
  for (const r of rows) {
    const change = r.change === undefined ? "" : `${r.change >= 0 ? "+" : ""}${(r.change * 100).toFixed(1)}%`;
    const figures = `${fmt(r.base)} -> ${fmt(r.current)}`;
    lines.push(`${r.id.padEnd(width)}  ${figures.padStart(24)}  ${change.padStart(8)}  ${r.verdict.toUpperCase()}`);
  }
  const regressed = rows.filter((r) => r.verdict === "regressed");
  lines.push(
    regressed.length === 0
      ? "no regression"
      : `${regressed.length} regression(s): ${regressed.map((r) => r.id).join(", ")}`,
  );
  return lines.join("\n");
}

function fmt(value: number | undefined): string {
  return value === undefined ? "-" : value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/**
 * One baseline from several runs of the same machine: per case the median of the
 * medians, and an interval spanning every run's interval, so run-to-run noise
 * counts as noise.
 */
export function mergeBaseline(runs: Results[]): Results {
  if (runs.length === 0) throw new Error("--merge-baseline needs at least one result file");
  const [first] = runs;
  const median = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const cases = first.cases.map((c) => {
    const all = runs.map((r) => r.cases.find((x) => x.id === c.id)).filter((x) => x !== undefined);
    const nsPerOp = median(all.map((x) => x.nsPerOp));
    const nsLow = Math.min(...all.map((x) => x.nsLow));
    const nsHigh = Math.max(...all.map((x) => x.nsHigh));
    const moePercent = ((nsHigh - nsLow) / 2 / nsPerOp) * 100;
    return {
      ...c,
      nsPerOp,
      nsLow,
      nsHigh,
      moePercent,
      opsPerSec: 1e9 / nsPerOp,
      mbPerSec: (c.bytesPerOp / nsPerOp) * 1e3,
    };
  });
  const allocations = first.allocations.map((a) => {
    const all = runs.map((r) => r.allocations.find((x) => x.id === a.id)).filter((x) => x !== undefined);
    return { ...a, bytesPerMessage: median(all.map((x) => x.bytesPerMessage)) };
  });
  return {
    ...first,
    createdAt: new Date().toISOString(),
    settings: { ...first.settings, mergedFrom: runs.map((r) => `${r.createdAt} ${r.environment.node}`) },
    cases,
    allocations,
  };
}

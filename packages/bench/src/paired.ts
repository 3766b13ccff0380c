// In-process paired timing: two variants in ONE process, alternating in short rounds
// (A B, then B A, to cancel drift), reported as the median of the per-round ratios
// with its 95% interval. The published ratios come from rounds.ts (one decoder per
// process, processes interleaved); this is the cross-check beside them (two decoders
// in one process can flatter one of them: shared runtime code, the engine's type
// feedback, the heap the other left behind), and the stream target's method (both of
// its sides are the same decoder).
import type { BenchCase, Suite } from "./measure.js";
import { medianInterval } from "./measure.js";

export interface PairBudget {
  rounds: number;
  /** Milliseconds each side runs per round (also the warmup per side). */
  roundMs: number;
  /**
   * Milliseconds each side runs first, untimed (default: none beyond the round's own
   * calibration). The stream target's sides take ~0.3 s a pass, so a calibration of one
   * pass leaves the first rounds to the engine's tiering (Node 24's Maglev first).
   */
  warmupMs?: number;
}

export interface PairedRatio {
  /** Absent in result files written before encode ratios existed: decode. */
  suite?: Suite;
  /** The pair: ratio = `slow` ns / `fast` ns (for the stream target: chunked time over one-by-one time). */
  subject: string;
  slow: string;
  fast: string;
  ratio: number;
  low: number;
  high: number;
  rounds: number;
}

/** How many calls of `c` fill about `ms` milliseconds (this also warms it up). */
function callsFor(c: BenchCase, ms: number): number {
  c.beforeSample?.();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    c.fn();
    calls++;
  }
  return Math.max(1, calls);
}

/** Nanoseconds per operation of `calls` calls of `c`. */
function nsPerOp(c: BenchCase, calls: number): number {
  c.beforeSample?.();
  const start = performance.now();
  for (let i = 0; i < calls; i++) c.fn();
  return ((performance.now() - start) * 1e6) / (calls * c.opsPerCall);
}

export function pairedRatio(slow: BenchCase, fast: BenchCase, budget: PairBudget): PairedRatio {
  if (slow.subject !== fast.subject || slow.suite !== fast.suite)
    throw new Error(`pairing ${slow.id} with ${fast.id}: different subjects`);
  slow.setup?.();
  fast.setup?.();
  if (budget.warmupMs !== undefined) {
    callsFor(slow, budget.warmupMs);
    callsFor(fast, budget.warmupMs);
  }
  const slowCalls = callsFor(slow, budget.roundMs);
  const fastCalls = callsFor(fast, budget.roundMs);
  const ratios: number[] = [];
  for (let round = 0; round < budget.rounds; round++) {
    let slowNs: number;
    let fastNs: number;
    if (round % 2 === 0) {
      slowNs = nsPerOp(slow, slowCalls);
      fastNs = nsPerOp(fast, fastCalls);
    } else {
      fastNs = nsPerOp(fast, fastCalls);
      slowNs = nsPerOp(slow, slowCalls);
    }
    ratios.push(slowNs / fastNs);
  }
  ratios.sort((a, b) => a - b);
  const { median, low, high } = medianInterval(ratios);
  return {
    suite: slow.suite,
    subject: slow.subject,
    slow: slow.variant,
    fast: fast.variant,
    ratio: median,
    low,
    high,
    rounds: ratios.length,
  };
}

/** Every subject's paired ratio for one pair of variants, from cases built for those two only. */
export function pairedRatios(cases: BenchCase[], slow: string, fast: string, budget: PairBudget): PairedRatio[] {
  const out: PairedRatio[] = [];
  for (const s of cases.filter((c) => c.variant === slow)) {
    const f = cases.find((c) => c.variant === fast && c.subject === s.subject);
    if (f !== undefined) out.push(pairedRatio(s, f, budget));
  }
  return out;
}

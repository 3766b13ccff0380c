// Timing with tinybench: per case the median of its samples with a distribution-free 95%
// interval, and the mean over its whole timed window (what the rounds publish).
import { Bench, type Task } from "tinybench";

export type Suite = "decode" | "encode" | "stream";

/** One timed case. A call of `fn` performs `opsPerCall` operations over `bytesPerCall` payload bytes. */
export interface BenchCase {
  id: string;
  suite: Suite;
  subject: string;
  variant: string;
  opsPerCall: number;
  bytesPerCall: number;
  fn: () => void;
  /** Runs before the case's warmup and before its timed run (e.g. protobufjs's Long switch). */
  setup?: () => void;
  /** Runs before every sample, untimed (the stream suite collects garbage between passes). */
  beforeSample?: () => void;
}

/** Which cases run (`selected`) and which subjects are made to give wrong answers (`sabotage`), by case id. */
export interface CaseFilter {
  selected: (id: string) => boolean;
  sabotage: (id: string) => boolean;
}

/** The case timing `variant` on `subject` in `suite`, under the id that --filter, --sabotage and the results use. */
export function benchCase(
  suite: Suite,
  subject: string,
  variant: string,
  work: Omit<BenchCase, "id" | "suite" | "subject" | "variant">,
): BenchCase {
  return { id: `${suite}/${subject}/${variant}`, suite, subject, variant, ...work };
}

export interface CaseResult {
  id: string;
  suite: Suite;
  subject: string;
  variant: string;
  /**
   * The case's nanoseconds per operation and the 95% confidence interval of that figure.
   * From one process: the median of its samples. From rounds (rounds.ts): the median of
   * the rounds' window means (`meanNsPerOp`).
   */
  nsPerOp: number;
  nsLow: number;
  nsHigh: number;
  /** Half the interval's width relative to the median, in percent: the margin of error. */
  moePercent: number;
  opsPerSec: number;
  mbPerSec: number;
  bytesPerOp: number;
  samples: number;
  /**
   * Nanoseconds per operation over the whole timed window: its time over its operations,
   * every collection it paid included. A 1 MB subject's sample is one decode and only some
   * decodes pay a collection, so its sample median is a coin toss between the two (Nested-1MB
   * on Node 20: 6 ms without, 25-33 ms with, in one process); the mean is what a service
   * decoding such messages one after another gets. In a rounds summary, equal to nsPerOp.
   */
  meanNsPerOp: number;
  /** Speed relative to a peer: peer ns / this ns (above 1 is faster than the peer). */
  vsProtobufEs?: number;
  vsProtobufjs?: number;
}

export interface TimeBudget {
  /** Milliseconds of timed sampling per case. */
  time: number;
  warmupTime: number;
  /** Minimum warmup calls per case. */
  warmupIterations: number;
  /** Minimum timed samples per case. */
  iterations: number;
}

/**
 * The 95% confidence interval of the median from order statistics: ranks n/2 ± 1.96·√n/2
 * of the sorted samples. Distribution-free, which matters: latency samples are skewed
 * (GC pauses, timer interrupts) and the mean's t-interval is not.
 */
export function medianInterval(sorted: readonly number[]): { median: number; low: number; high: number } {
  const n = sorted.length;
  if (n === 0) throw new Error("no samples");
  const median = n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const half = (1.96 * Math.sqrt(n)) / 2;
  const low = sorted[Math.max(0, Math.floor(n / 2 - half) - 1)];
  const high = sorted[Math.min(n - 1, Math.ceil(n / 2 + half))];
  return { median, low, high };
}

/**
 * Times the cases one after another, each warmed up right before it is timed, from a
 * collected heap (when the process has --expose-gc, as round processes do). One
 * tinybench Bench holding every case warms them all up first and then times them: a
 * 1 MB subject's warm-up then left its garbage in the old generation while the 10 KB
 * subjects were timed (Nested-10KB: 34 µs a decode alone, 53-60 µs after the 1 MB
 * warm-ups), a cost of the bench's order, not of the decoder.
 */
export async function timeCases(cases: BenchCase[], budget: TimeBudget): Promise<CaseResult[]> {
  const collect = (globalThis as { gc?: () => void }).gc;
  const results = new Map<string, unknown>();
  for (const c of cases) {
    const bench = new Bench({
      time: budget.time,
      warmupTime: budget.warmupTime,
      warmupIterations: budget.warmupIterations,
      iterations: budget.iterations,
      retainSamples: true,
      throws: true,
    });
    bench.add(c.id, c.fn, { beforeAll: c.setup, beforeEach: c.beforeSample });
    collect?.();
    await bench.run();
    results.set(c.id, bench.getTask(c.id)?.result);
  }
  return cases.map((c) => {
    const result = results.get(c.id) as Task["result"] | undefined;
    if (result === undefined || !("latency" in result) || result.latency.samples === undefined) {
      throw new Error(`${c.id}: tinybench returned no samples (${result?.state ?? "no task"})`);
    }
    const samples = result.latency.samples;
    const { median, low, high } = medianInterval(samples);
    const perOp = 1e6 / c.opsPerCall; // ms per call -> ns per op
    const nsPerOp = median * perOp;
    let windowMs = 0;
    for (const ms of samples) windowMs += ms;
    return {
      id: c.id,
      suite: c.suite,
      subject: c.subject,
      variant: c.variant,
      nsPerOp,
      nsLow: low * perOp,
      nsHigh: high * perOp,
      moePercent: (((high - low) / 2) * 100) / median,
      opsPerSec: 1e9 / nsPerOp,
      mbPerSec: (c.bytesPerCall / c.opsPerCall / nsPerOp) * 1e3, // bytes/ns -> MB/s (10^6 bytes)
      bytesPerOp: c.bytesPerCall / c.opsPerCall,
      samples: samples.length,
      meanNsPerOp: (windowMs / samples.length) * perOp,
    };
  });
}

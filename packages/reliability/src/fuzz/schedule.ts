// How a campaign is shared out: each target a job (its own seed, its own budget),
// run in this thread or handed to worker threads one job at a time, slowest first.
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Budget, Finding, TargetFigures } from "./index.js";

export interface Job {
  /** The target's index in `targets()`: a worker builds its own list of targets. */
  index: number;
  name: string;
  seed: number;
  budget: Budget;
  /** Executions between two progress reports (each carries the figures and findings so far). */
  progressEvery: number;
}

/** Target i runs with seed base + 7919 i (the doc's promise: the same seed gives each target the same inputs). */
export const targetSeed = (baseSeed: number, index: number): number => (baseSeed + index * 7919) | 0;

/**
 * `total` executions split over targets in proportion to their weights (largest remainders
 * rounded up, so the shares add up to `total`; equal weights split evenly, the first targets
 * taking the remainder).
 */
export function splitExecutions(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!Number.isSafeInteger(total) || total < weights.length || weights.length === 0 || !(sum > 0))
    throw new RangeError(`cannot split ${total} executions over ${weights.length} targets`);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]++;
    left--;
  }
  return shares;
}

export type FromWorker =
  | { kind: "progress"; index: number; figures: TargetFigures; findings: [string, Finding][] }
  | { kind: "done"; index: number; figures: TargetFigures; findings: [string, Finding][] };

export interface WorkerEvents {
  progress(job: Job, figures: TargetFigures, findings: [string, Finding][]): void;
  done(job: Job, figures: TargetFigures, findings: [string, Finding][], worker: number): void;
}

// The worker module next to this one: worker.js in dist, worker.ts when the tests run the sources through tsx.
const workerUrl = new URL(`./worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

function startWorker(): Worker {
  if (!workerUrl.pathname.endsWith(".ts")) return new Worker(workerUrl);
  // A worker thread on Node 20 does not get the tsx loader the tests run under: it registers its own.
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const source = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`;
  return new Worker(source, { eval: true });
}

/**
 * Runs the jobs in `count` worker threads, each taking the next job when it finishes one;
 * resolves when all are done or `signal` stops them, rejects on the first worker that fails.
 */
export function runInWorkers(
  jobs: readonly Job[],
  count: number,
  events: WorkerEvents,
  signal?: AbortSignal,
): Promise<void> {
  const queue = [...jobs];
  const workers: Worker[] = [];
  return new Promise((resolve, reject) => {
    let running = 0;
    let failed = false;
    signal?.addEventListener("abort", () => {
      for (const worker of workers) void worker.terminate();
    });
    const start = (id: number) => {
      const worker = startWorker();
      workers.push(worker);
      running++;
      let current: Job | undefined;
      const next = () => {
        current = queue.shift();
        if (current === undefined) void worker.terminate();
        else worker.postMessage(current);
      };
      worker.on("message", (message: FromWorker) => {
        if (current === undefined) return;
        if (message.kind === "progress") events.progress(current, message.figures, message.findings);
        else {
          events.done(current, message.figures, message.findings, id);
          next();
        }
      });
      worker.on("error", (error) => {
        failed = true;
        reject(new Error(`fuzz worker ${id} failed${current ? ` in ${current.name}` : ""}: ${error.message}`));
      });
      worker.on("exit", () => {
        running--;
        if (running === 0 && !failed) {
          if (queue.length > 0 && !signal?.aborted)
            reject(new Error(`fuzz workers exited with ${queue.length} job(s) left`));
          else resolve();
        }
      });
      next();
    };
    for (let id = 0; id < Math.min(count, jobs.length); id++) start(id);
  });
}

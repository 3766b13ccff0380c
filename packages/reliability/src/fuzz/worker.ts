// A fuzz worker thread: runs the jobs it is sent, one at a time, and posts each target's
// figures and findings back (schedule.ts hands out the jobs).
import { parentPort } from "node:worker_threads";
import { type Finding, runTarget } from "./index.js";
import type { FromWorker, Job } from "./schedule.js";
import { targets } from "./targets.js";

const port = parentPort;
if (port === null) throw new Error("fuzz/worker runs as a worker thread");
const list = targets();
port.on("message", (job: Job) => {
  const findings = new Map<string, Finding>();
  const post = (message: FromWorker) => port.postMessage(message);
  const figures = runTarget(
    list[job.index],
    job.seed,
    job.budget,
    findings,
    (sofar) => post({ kind: "progress", index: job.index, figures: sofar, findings: [...findings] }),
    job.progressEvery,
  );
  post({ kind: "done", index: job.index, figures, findings: [...findings] });
});

// A 1 MB tree decoded over and over in one process, CPU time per pass, with the previous
// pass's output kept alive while the next is decoded ("keep", as the suites' loops hold their
// last result) or released ("drop", as a service that is done with a message). The node flags
// (--max-semi-space-size) are the process's own: run.sh runs every combination, interleaved.
// node --expose-gc --no-concurrent-recompilation [--max-semi-space-size=64] scripts/large-messages/tree-heap.mjs <subject> <tickwire|protobuf-es> <keep|drop> [ms]
import { fromBinary } from "@bufbuild/protobuf";
import { generalBoundSubject } from "../../dist/bounds/cases.js";
import { generalSubjects } from "../../dist/general/subjects.js";

const [name, variant, keepArg, msArg] = process.argv.slice(2);
const subject = generalBoundSubject(generalSubjects((n) => n === name)[0]);
const frames = subject.frames;
const bytes = frames.reduce((n, f) => n + f.length, 0);
const decode = variant === "tickwire" ? subject.decode : (b) => fromBinary(subject.desc, b);
// A loop compiled apart, so its call site sees one decoder; `box.v` holds the output or only a boolean.
const loop = new Function(
  "decode",
  "frames",
  "keep",
  "box",
  "return () => { for (let i = 0; i < frames.length; i++) { const out = decode(frames[i]); box.v = keep ? out : out === undefined; } }",
)(decode, frames, keepArg === "keep", {});
const ms = Number(msArg ?? 1500);
globalThis.gc();
let t0 = performance.now();
while (performance.now() - t0 < 400) loop();
globalThis.gc();
const c0 = process.cpuUsage();
let n = 0;
t0 = performance.now();
while (performance.now() - t0 < ms) {
  loop();
  n++;
}
const c = process.cpuUsage(c0);
const cpu = (c.user + c.system) / 1000 / n;
const flags = process.execArgv.filter((a) => a.includes("semi-space")).join(" ") || "default";
console.log(
  JSON.stringify({ name, variant, keep: keepArg, flags, cpuMsPerPass: cpu, nsPerByte: (cpu * 1e6) / bytes, bytes }),
);

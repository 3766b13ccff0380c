// One general case of bench:bounds in one process, CPU and wall time per call: how the decode
// bound of a 1 MB subject was found slower than tickwire (README, "The 1 MB trees").
// node --expose-gc --no-concurrent-recompilation scripts/large-messages/bound-case.mjs <subject> <direction> <variant> [ms]
import { boundCall, generalBoundSubject } from "../../dist/bounds/cases.js";
import { generalSubjects } from "../../dist/general/subjects.js";

const [name, direction, variant, msArg] = process.argv.slice(2);
const call = boundCall(generalBoundSubject(generalSubjects((n) => n === name)[0]), direction, variant);
const ms = Number(msArg ?? 1500);
globalThis.gc();
let t0 = performance.now();
while (performance.now() - t0 < 400) call();
globalThis.gc();
const c0 = process.cpuUsage();
let n = 0;
t0 = performance.now();
while (performance.now() - t0 < ms) {
  call();
  n++;
}
const c = process.cpuUsage(c0);
const wall = performance.now() - t0;
console.log(
  JSON.stringify({ name, direction, variant, cpuMs: (c.user + c.system) / 1000 / n, wallMs: wall / n, calls: n }),
);

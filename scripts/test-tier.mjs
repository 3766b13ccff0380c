#!/usr/bin/env node
// Runs one tier of the current package's tests: `node scripts/test-tier.mjs unit|integration|timing` from a package
// directory (its package.json scripts do). Which test file is in which tier is written in scripts/test-tiers.json
// (why: README, "Tests"); a file it does not list is a unit test. Each tier is a turbo task of its own.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { basename, join } from "node:path";
import { acquireTimedWorkLock } from "./timed-work-lock.mjs";

const TIERS = ["unit", "integration", "timing"];
const tier = process.argv[2];
if (!TIERS.includes(tier)) fail(`usage: test-tier.mjs ${TIERS.join("|")} (got ${tier ?? "nothing"})`);

const packageDir = process.cwd();
const packageName = basename(packageDir);
const tiersFile = new URL("./test-tiers.json", import.meta.url);
const tiers = JSON.parse(readFileSync(tiersFile, "utf8"));
const scripts = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).scripts ?? {};

const testDir = join(packageDir, "test");
const files = existsSync(testDir)
  ? readdirSync(testDir)
      .filter((f) => f.endsWith(".test.ts"))
      .sort()
  : [];
const listed = new Map();
for (const other of TIERS.slice(1)) {
  for (const file of tiers[other]?.[packageName] ?? []) {
    if (!files.includes(file))
      fail(
        `scripts/test-tiers.json puts packages/${packageName}/test/${file} in the ${other} tier, but there is no such file`,
      );
    if (listed.has(file)) fail(`scripts/test-tiers.json puts packages/${packageName}/test/${file} in two tiers`);
    listed.set(file, other);
  }
}
// A tier with files but no script of its own in package.json would never run under turbo.
for (const other of new Set(listed.values())) {
  if (!scripts[`test:${other}`]) fail(`packages/${packageName} has ${other} tests but no "test:${other}" script`);
}

const selected = files.filter((file) => (listed.get(file) ?? "unit") === tier);
if (selected.length === 0) {
  console.log(`no ${tier} tests in packages/${packageName}`);
  process.exit(0);
}
// node --test runs one file at a time on 2 cores (available parallelism - 1). A package whose files each wait on
// processes of their own may run them side by side: the bench's smoke runs, and the cli's files, which wait on the
// `tickwire` processes they start. The relay's files run one at a time although they mostly wait on nats-server and
// their tier is each CI half's last task (220-320 s, the machine 15-20 s nearly idle at its end): two at a time, the
// lowest priority starved three of their tests that bound a time in four CI runs (a lease renewal, a process's exit,
// and a catch-up that so showed a real bug, since fixed).
const concurrency = tier === "unit" ? undefined : tiers.concurrency?.[packageName];
// Unit tests share one process (test-in-one-process.mjs says why), unless the package's files need one each.
const oneProcess = tier === "unit" && !tiers.isolated?.includes(packageName);
const runner = oneProcess
  ? [new URL("./test-in-one-process.mjs", import.meta.url).pathname]
  : // --test-force-exit: a file whose test failed before it closed what it opened (a relay, a connection) ends when its
    // tests and hooks have, instead of keeping the whole run waiting (a CI run hung 10 min on such a file).
    // test-report-flush.mjs: without it a file's last results can be lost on the way to the runner (it says why).
    [
      "--import",
      new URL("./test-report-flush.mjs", import.meta.url).pathname,
      "--test",
      "--test-force-exit",
      ...(concurrency ? [`--test-concurrency=${concurrency}`] : []),
    ];
// A package's unit process can allocate like a fuzzer: in protoc-gen's (differential suites over Google's schemas) Node
// 20's garbage collector took 30% of the CPU with its default young generation. With 64 MB semi-spaces that unit run
// took 28.0 CPU-s instead of 32.1 (five paired runs; no other package's unit run changed by more than noise). Node 24
// sizes its young generation larger by itself (no gain there). The other tiers' processes keep their defaults.
const heap = oneProcess ? ["--max-semi-space-size=64"] : [];
// `corepack pnpm test` runs the three tiers side by side. The timed tier gets the CPU first: the other two run at the
// lowest priority (their processes and every program they start inherit it), so they take the CPU a timed test leaves
// idle (it mostly waits: 70 CPU-s in 175 s on Node 20) instead of delaying it; and at most two timed tiers run at a
// time on the machine, across packages and across checkouts (timed-work-lock.mjs says why two).
if (tier === "timing") acquireTimedWorkLock(`the timing tests of packages/${packageName}`);
else lowerPriority();
const result = spawnSync(
  process.execPath,
  [...heap, "--import", "tsx", ...runner, ...selected.map((file) => join("test", file))],
  { stdio: "inherit", cwd: packageDir },
);
if (result.error) fail(`could not start node: ${result.error.message}`);
reportCpu();
process.exit(result.status ?? 1);

// CI is CPU-bound on two cores: what each tier costs in CPU, not its wall time (stretched by whatever ran beside it),
// says where its minutes go. Every process the tier started and waited for is counted (Linux: /proc; elsewhere
// nothing is printed).
function reportCpu() {
  let fields;
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return;
  }
  // cutime and cstime, fields 16 and 17 of proc(5), in clock ticks (100 a second on Linux).
  const seconds = (Number(fields[13]) + Number(fields[14])) / 100;
  const wall = process.uptime();
  console.log(
    `test-tier: the ${tier} tests of packages/${packageName} took ${seconds.toFixed(1)} CPU-s in ${wall.toFixed(0)} s`,
  );
}

function lowerPriority() {
  try {
    setPriority(constants.priority.PRIORITY_LOW);
  } catch (error) {
    console.warn(`test-tier: could not lower this tier's CPU priority (${error.message}); it runs at normal priority`);
  }
}

function fail(message) {
  console.error(`test-tier: ${message}`);
  process.exit(2);
}

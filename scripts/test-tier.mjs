#!/usr/bin/env node
// Runs one tier of the current package's tests: `node scripts/test-tier.mjs unit|integration|timing` from a package
// directory (its package.json scripts do). Which test file is in which tier is written in scripts/test-tiers.json
// (why: README, "Tests"); a file it does not list is a unit test. Each tier is a turbo task of its own.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { basename, join } from "node:path";
import { acquireTimingLock } from "./timing-lock.mjs";

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
// processes of their own (the bench's smoke runs) may run them side by side: at the end of a test run it is the
// last task left, with a core idle.
const concurrency = tier === "unit" ? undefined : tiers.concurrency?.[packageName];
// Unit tests share one process (test-in-one-process.mjs says why), unless the package's files need one each.
const oneProcess = tier === "unit" && !tiers.isolated?.includes(packageName);
const runner = oneProcess
  ? [new URL("./test-in-one-process.mjs", import.meta.url).pathname]
  : // --test-force-exit: a file whose test failed before it closed what it opened (a relay, a connection) ends when its
    // tests and hooks have, instead of keeping the whole run waiting (a CI run hung 10 min on such a file).
    ["--test", "--test-force-exit", ...(concurrency ? [`--test-concurrency=${concurrency}`] : [])];
// The timing tier holds the timing lock (one package's timing files at a time, here and in any other checkout on
// this machine) at normal priority; the other tiers run at the lowest, so that a timing run beside them gets the CPU
// first and they use what it leaves idle (its files mostly wait: on NATS elections, on relays taking over).
if (tier === "timing") await acquireTimingLock(`packages/${packageName} timing tier`);
else {
  try {
    setPriority(19);
  } catch {}
}
// A package whose unit files take minutes of CPU between them (protoc-gen's differential suites) splits them over
// `unitProcesses` processes (files dealt in turn): one process would keep one core busy at the end of a run, alone.
const processes = oneProcess ? (tiers.unitProcesses?.[packageName] ?? 1) : 1;
if (processes > 1) {
  const groups = Array.from({ length: processes }, (_, k) => selected.filter((_, i) => i % processes === k));
  const codes = await Promise.all(
    groups.map((group) => runBuffered([...runner, ...group.map((f) => join("test", f))])),
  );
  process.exit(Math.max(...codes));
}
const result = spawnSync(
  process.execPath,
  ["--import", "tsx", ...runner, ...selected.map((file) => join("test", file))],
  { stdio: "inherit", cwd: packageDir },
);
if (result.error) fail(`could not start node: ${result.error.message}`);
process.exit(result.status ?? 1);

/** Runs node with `args`, printing its output in one piece when it ends (side by side, so lines do not interleave). */
function runBuffered(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: packageDir });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => {
      console.error(`test-tier: could not start node: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => {
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? 1);
    });
  });
}

function fail(message) {
  console.error(`test-tier: ${message}`);
  process.exit(2);
}

// `corepack pnpm test` runs the timing tier beside the other two, and CI runs two clones' tests at once: what keeps a
// timed test from sharing the CPU is that the untimed tiers run at the lowest priority and that at most two timed pieces
// of work, or one that runs alone, hold the machine's lock at a time (scripts/timed-work-lock.mjs, README "Test tiers"). These tests run the real
// scripts in child processes, each with a lock directory of its own.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { repoRoot } from "@tickwire/testkit/workspace";

const lockScript = join(repoRoot, "scripts", "timed-work-lock.mjs");
const scratch = mkdtempSync(join(tmpdir(), "tickwire-lock-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Runs `node timed-work-lock.mjs [--alone] what -- node -e <holder>`, where the holder logs when it starts and ends.
 */
function runHolder(lockDir: string, what: string, log: string, holdMs: number, alone = false) {
  const holder = `const fs=require("node:fs");fs.appendFileSync(${JSON.stringify(log)},"start ${what} "+Date.now()+"\\n");
    setTimeout(()=>fs.appendFileSync(${JSON.stringify(log)},"end ${what} "+Date.now()+"\\n"),${holdMs});`;
  const flags = alone ? ["--alone"] : [];
  const child = spawn(process.execPath, [lockScript, ...flags, what, "--", process.execPath, "-e", holder], {
    env: { ...process.env, TICKWIRE_TIMED_WORK_LOCK: lockDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.on("error", () => {});
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, output })),
  );
}

function intervals(log: string) {
  const byWhat = new Map<string, { start: number; end: number }>();
  for (const line of readFileSync(log, "utf8").trim().split("\n")) {
    const [kind, what, at] = line.split(" ") as [string, string, string];
    const entry = byWhat.get(what) ?? { start: Number.NaN, end: Number.NaN };
    entry[kind as "start" | "end"] = Number(at);
    byWhat.set(what, entry);
  }
  return [...byWhat.entries()].sort((a, b) => a[1].start - b[1].start);
}

/** How many holders ran at once, at most, and how many pairs overlapped. */
function overlaps(runs: [string, { start: number; end: number }][]) {
  let most = 0;
  let pairs = 0;
  for (const [, run] of runs) {
    const during = runs.filter(([, other]) => other.start <= run.start && run.start < other.end).length;
    most = Math.max(most, during);
  }
  for (let i = 0; i < runs.length; i++)
    for (let j = i + 1; j < runs.length; j++) {
      const a = runs[i]?.[1];
      const b = runs[j]?.[1];
      if (a && b && a.start < b.end && b.start < a.end) pairs++;
    }
  return { most, pairs };
}

test("three holders started together: two run side by side, the third waits for one of them", async () => {
  const lockDir = join(scratch, "together.lock");
  const log = join(scratch, "together.log");
  const results = await Promise.all(["a", "b", "c"].map((what) => runHolder(lockDir, what, log, 600)));
  for (const { code, output } of results) assert.equal(code, 0, output);
  const runs = intervals(log);
  assert.equal(runs.length, 3);
  const { most, pairs } = overlaps(runs);
  assert.equal(most, 2, `at most ${most} ran at once: ${JSON.stringify(runs)}`);
  assert.ok(pairs >= 1, "no two holders ran side by side");
  assert.ok(
    results.some(({ output }) => /waits for/.test(output)),
    "no holder said it waited",
  );
});

test("one that runs alone (--alone) shares the machine with no other holder", async () => {
  const lockDir = join(scratch, "alone.lock");
  const log = join(scratch, "alone.log");
  const results = await Promise.all([
    runHolder(lockDir, "a", log, 400),
    runHolder(lockDir, "soak", log, 400, true),
    runHolder(lockDir, "b", log, 400),
    runHolder(lockDir, "c", log, 400),
  ]);
  for (const { code, output } of results) assert.equal(code, 0, output);
  const runs = intervals(log);
  assert.equal(runs.length, 4);
  const soak = runs.find(([what]) => what === "soak")?.[1];
  assert.ok(soak);
  for (const [what, run] of runs) {
    if (what === "soak") continue;
    assert.ok(run.end <= soak.start || run.start >= soak.end, `${what} ran while the one running alone did`);
  }
  assert.ok(overlaps(runs).pairs >= 1, "the shared holders never ran side by side");
});

test("a lock left by a process that died is taken over", async () => {
  const lockDir = join(scratch, "stale.lock");
  const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  const deadPid = Number(dead.stdout.trim());
  assert.ok(deadPid > 0);
  // Both slots held by the dead process.
  for (const slot of [lockDir, `${lockDir}.2`]) {
    mkdirSync(slot);
    writeFileSync(join(slot, "owner"), `${deadPid}\nsomething killed\nalone\n`);
  }
  const started = Date.now();
  const { code, output } = await runHolder(lockDir, "after-stale", join(scratch, "stale.log"), 10);
  assert.equal(code, 0, output);
  assert.ok(Date.now() - started < 4000, `took ${Date.now() - started} ms to take over a dead owner's lock`);
});

test("the holder's exit status is the command's, and the lock is released after it", async () => {
  const lockDir = join(scratch, "status.lock");
  const result = spawnSync(process.execPath, [lockScript, "failing", "--", process.execPath, "-e", "process.exit(3)"], {
    env: { ...process.env, TICKWIRE_TIMED_WORK_LOCK: lockDir },
    encoding: "utf8",
  });
  assert.equal(result.status, 3, result.stderr);
  for (const slot of [lockDir, `${lockDir}.2`])
    assert.throws(() => readFileSync(join(slot, "owner")), { code: "ENOENT" });
});

// test-tier.mjs on a package of two files, one per tier: the scripts folder copied beside a tiers list of its own.
test("test-tier.mjs runs the unit tier at the lowest priority and the timing tier at its own, holding the lock", () => {
  const root = join(scratch, "repo");
  cpSync(join(repoRoot, "scripts"), join(root, "scripts"), { recursive: true });
  writeFileSync(
    join(root, "scripts", "test-tiers.json"),
    JSON.stringify({ integration: {}, timing: { fixture: ["timed.test.ts"] } }),
  );
  const pkg = join(root, "packages", "fixture");
  mkdirSync(join(pkg, "test"), { recursive: true });
  symlinkSync(join(repoRoot, "node_modules"), join(pkg, "node_modules"));
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: "fixture", scripts: { "test:unit": "x", "test:timing": "x" } }),
  );
  const lockDir = join(scratch, "tier.lock");
  const report = (name: string) => `import { writeFileSync, existsSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { test } from "node:test";
test("${name}", () => {
  const owner = existsSync(${JSON.stringify(join(lockDir, "owner"))}) ? readFileSync(${JSON.stringify(join(lockDir, "owner"))}, "utf8").split("\\n")[1] : "none";
  writeFileSync(${JSON.stringify(join(scratch, `${name}.json`))}, JSON.stringify({ priority: getPriority(), owner }));
});
`;
  writeFileSync(join(pkg, "test", "plain.test.ts"), report("plain"));
  writeFileSync(join(pkg, "test", "timed.test.ts"), report("timed"));
  // Without NODE_TEST_CONTEXT, or the child's runner takes itself for a file of this run and runs no files.
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  for (const tier of ["unit", "timing"]) {
    const run = spawnSync(process.execPath, [join(root, "scripts", "test-tier.mjs"), tier], {
      cwd: pkg,
      env: { ...env, TICKWIRE_TIMED_WORK_LOCK: lockDir },
      encoding: "utf8",
    });
    assert.equal(run.status, 0, `${tier}: ${run.stdout}${run.stderr}`);
  }
  const plain = JSON.parse(readFileSync(join(scratch, "plain.json"), "utf8"));
  const timed = JSON.parse(readFileSync(join(scratch, "timed.json"), "utf8"));
  assert.deepEqual(plain, { priority: 19, owner: "none" });
  // The timing tier keeps the priority it was started with (normal in `corepack pnpm test`, the tier running this file).
  assert.deepEqual(timed, { priority: getPriority(), owner: "the timing tests of packages/fixture" });
  assert.throws(() => readFileSync(join(lockDir, "owner")), { code: "ENOENT" }, "the timing tier left its lock behind");
});

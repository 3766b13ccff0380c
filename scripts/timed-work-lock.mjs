#!/usr/bin/env node
// One timed piece of work at a time on this machine: the timing tier of a package (test-tier.mjs), the board's soak in
// CI. `corepack pnpm test` runs the timing tier beside the unit and integration tiers, CI runs the soak beside a clone's
// tests, and two checkouts may test at once; the untimed tiers run at the lowest CPU priority, so what competes with a
// timed test for the CPU is another timed test, and this lock keeps those apart. It is a directory in the temporary directory (mkdir is atomic
// on every file system Node runs on) holding the owner's pid; a lock whose owner has died is taken over.
//
// As a command: `node scripts/timed-work-lock.mjs <what> -- <command> [args...]` runs the command holding the lock.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const LOCK_DIR = process.env.TICKWIRE_TIMED_WORK_LOCK ?? join(tmpdir(), "tickwire-timed-work.lock");
const POLL_MS = 250;
const OWNERLESS_MS = 5000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks until this process holds the lock; returns the function that releases it (also called at exit). */
export function acquireTimedWorkLock(what) {
  const started = Date.now();
  let announced = false;
  let ownerlessSince;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, "owner"), `${process.pid}\n${what}\n`);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    const owner = readOwner();
    if (owner && !isAlive(owner.pid)) {
      takeOverStale(owner.pid);
      continue;
    }
    // An owner that died between its mkdir and writing its pid leaves a lock with no owner file.
    ownerlessSince = owner ? undefined : (ownerlessSince ?? Date.now());
    if (ownerlessSince !== undefined && Date.now() - ownerlessSince > OWNERLESS_MS) {
      takeOverStale(undefined);
      ownerlessSince = undefined;
      continue;
    }
    if (!announced && owner) {
      console.log(`timed-work lock: ${what} waits for ${owner.what} (pid ${owner.pid})`);
      announced = true;
    }
    Atomics.wait(sleeper, 0, 0, POLL_MS);
  }
  if (announced)
    console.log(`timed-work lock: ${what} starts after waiting ${Math.round((Date.now() - started) / 1000)} s`);
  const acquired = Date.now();
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    // Written synchronously: this may run in an "exit" handler, where an asynchronous write to a pipe can be lost.
    writeSync(1, `timed-work lock: ${what} held it ${Math.round((Date.now() - acquired) / 1000)} s\n`);
    const owner = readOwner();
    if (owner?.pid === process.pid) rmSync(LOCK_DIR, { recursive: true, force: true });
  };
  process.once("exit", release);
  return release;
}

function readOwner() {
  try {
    const [pid, what = "?"] = readFileSync(join(LOCK_DIR, "owner"), "utf8").split("\n");
    const parsed = Number(pid);
    return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed, what } : undefined;
  } catch {
    // Between another process's mkdir and its write of the owner file; or the lock just went.
    return undefined;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

// Renaming first means two processes that both found the same dead owner cannot both delete: one rename wins.
function takeOverStale(deadPid) {
  const aside = `${LOCK_DIR}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(LOCK_DIR, aside);
  } catch {
    return;
  }
  const owner = (() => {
    try {
      const pid = Number(readFileSync(join(aside, "owner"), "utf8").split("\n")[0]);
      return pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  })();
  if (owner !== deadPid) {
    // Another process took the lock over between our read and the rename: give it back.
    try {
      renameSync(aside, LOCK_DIR);
      return;
    } catch {
      // The lock exists again; the one we moved aside has lost its place, and its owner will find it gone.
    }
  }
  rmSync(aside, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const separator = process.argv.indexOf("--");
  const what = process.argv[2];
  const command = separator > 0 ? process.argv.slice(separator + 1) : [];
  if (!what || separator !== 3 || command.length === 0) {
    console.error("usage: timed-work-lock.mjs <what> -- <command> [args...]");
    process.exit(2);
  }
  const release = acquireTimedWorkLock(what);
  const result = spawnSync(command[0], command.slice(1), { stdio: "inherit" });
  release();
  if (result.error) {
    console.error(`timed-work-lock: could not start ${command[0]}: ${result.error.message}`);
    process.exit(2);
  }
  process.exit(result.status ?? 1);
}

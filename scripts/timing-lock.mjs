#!/usr/bin/env node
// The timing lock: what asserts a rate or a time (the timing tier's files, the board soak) runs while holding it, so
// two such runs never overlap, on this checkout or another on the same machine (CI's Node 20 and Node 24 clones).
// Everything else in a test run is started at the lowest CPU priority (test-tier.mjs), so a timing run that holds the
// lock gets the CPU first and the rest of the suite uses what it leaves idle (README, "Test tiers").
// `node scripts/timing-lock.mjs <command> [args...]` runs a command holding it; TICKWIRE_TIMING_LOCK names the file.
import { spawnSync } from "node:child_process";
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const lockFile = process.env.TICKWIRE_TIMING_LOCK || join(tmpdir(), "tickwire-timing.lock");

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Waits for the lock (a file holding the owner's pid; one whose owner died is taken over) and returns its release. */
export async function acquireTimingLock(what) {
  let told = false;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(lockFile, "utf8"));
    } catch {}
    // A run killed with SIGKILL leaves its file behind; an empty file is one being written this instant.
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
      try {
        unlinkSync(lockFile);
      } catch {}
      continue;
    }
    if (!told) console.log(`${what}: waiting for the timing lock ${lockFile} (held by pid ${owner})`);
    told = true;
    await sleep(250);
  }
  const release = () => {
    try {
      if (readFileSync(lockFile, "utf8") === String(process.pid)) unlinkSync(lockFile);
    } catch {}
  };
  process.once("exit", release);
  return release;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error("usage: timing-lock.mjs <command> [args...]");
    process.exit(2);
  }
  const release = await acquireTimingLock(command);
  const result = spawnSync(command, args, { stdio: "inherit" });
  release();
  if (result.error) {
    console.error(`timing-lock: could not start ${command}: ${result.error.message}`);
    process.exit(1);
  }
  process.exit(result.status ?? 1);
}

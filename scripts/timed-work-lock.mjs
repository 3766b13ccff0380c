#!/usr/bin/env node
// At most two timed pieces of work at a time on this machine, or one that asked to run alone: the timing tier of a
// package (test-tier.mjs), the board's soak in CI. `corepack pnpm test` runs the timing tiers beside the unit and
// integration tiers, CI runs the soak beside a clone's tests, and two checkouts may test at once; the untimed tiers run
// at the lowest CPU priority, so what competes with a timed test for the CPU is another timed test, and this lock
// bounds how many there are. Two, on the two cores this project is built on: a timing tier mostly waits (on NATS
// elections, heartbeats, a relay's takeover: 31 CPU-s in 86 s for the relay's), so two of them side by side leave
// each a core, and run in about half the time one after the other took. A piece that keeps a core busy by itself
// (the soak: Chromium drawing 10,000 messages a second) takes both slots.
//
// Each slot is a directory in the temporary directory (mkdir is atomic on every file system Node runs on) holding the
// owner's pid; a slot whose owner has died is taken over.
//
// As a command: `node scripts/timed-work-lock.mjs [--alone] <what> -- <command> [args...]` runs the command holding
// one slot, or both with --alone.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const LOCK_DIR = process.env.TICKWIRE_TIMED_WORK_LOCK ?? join(tmpdir(), "tickwire-timed-work.lock");
const SLOTS = [LOCK_DIR, `${LOCK_DIR}.2`];
const POLL_MS = 250;
const OWNERLESS_MS = 5000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Blocks until this process holds a slot (both with `alone`); returns the function that releases them (also called
 * at exit).
 */
export function acquireTimedWorkLock(what, { alone = false } = {}) {
  const started = Date.now();
  let announced = false;
  const held = [];
  const ownerlessSince = new Map();
  for (;;) {
    // One that runs alone takes the slots in order and keeps the first while it waits for the second; the others
    // stay out of both while it does, so it is not passed over for ever.
    const aloneOwner = SLOTS.map(readOwner).find((owner) => owner?.alone && owner.pid !== process.pid);
    const wanted = alone ? SLOTS.filter((slot) => !held.includes(slot)).slice(0, 1) : aloneOwner ? [] : SLOTS;
    for (const slot of wanted) {
      if (take(slot, what, alone)) {
        held.push(slot);
        break;
      }
    }
    if (held.length === (alone ? SLOTS.length : 1)) break;
    for (const slot of SLOTS) {
      if (held.includes(slot)) continue;
      const owner = readOwner(slot);
      if (owner && !isAlive(owner.pid)) takeOverStale(slot, owner.pid);
      // An owner that died between its mkdir and writing its pid leaves a slot with no owner file.
      else if (!owner && existsSync(slot)) {
        if (!ownerlessSince.has(slot)) ownerlessSince.set(slot, Date.now());
        else if (Date.now() - ownerlessSince.get(slot) > OWNERLESS_MS) {
          takeOverStale(slot, undefined);
          ownerlessSince.delete(slot);
        }
      } else ownerlessSince.delete(slot);
    }
    if (!announced) {
      const others = SLOTS.filter((slot) => !held.includes(slot))
        .map(readOwner)
        .filter((owner) => owner !== undefined);
      if (others.length > 0) {
        console.log(
          `timed-work lock: ${what} waits for ${others.map((o) => `${o.what} (pid ${o.pid})`).join(" and ")}`,
        );
        announced = true;
      }
    }
    Atomics.wait(sleeper, 0, 0, POLL_MS);
  }
  if (announced)
    console.log(`timed-work lock: ${what} starts after waiting ${Math.round((Date.now() - started) / 1000)} s`);
  const acquired = Date.now();
  let holding = true;
  const release = () => {
    if (!holding) return;
    holding = false;
    // Written synchronously: this may run in an "exit" handler, where an asynchronous write to a pipe can be lost.
    writeSync(1, `timed-work lock: ${what} held it ${Math.round((Date.now() - acquired) / 1000)} s\n`);
    for (const slot of held) if (readOwner(slot)?.pid === process.pid) rmSync(slot, { recursive: true, force: true });
  };
  process.once("exit", release);
  return release;
}

function take(slot, what, alone) {
  try {
    mkdirSync(slot);
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    return false;
  }
  writeFileSync(join(slot, "owner"), `${process.pid}\n${what}\n${alone ? "alone" : "shared"}\n`);
  return true;
}

function readOwner(slot) {
  try {
    const [pid, what = "?", mode] = readFileSync(join(slot, "owner"), "utf8").split("\n");
    const parsed = Number(pid);
    return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed, what, alone: mode === "alone" } : undefined;
  } catch {
    // Between another process's mkdir and its write of the owner file; or the slot just went.
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
function takeOverStale(slot, deadPid) {
  const aside = `${slot}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(slot, aside);
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
    // Another process took the slot over between our read and the rename: give it back.
    try {
      renameSync(aside, slot);
      return;
    } catch {
      // The slot exists again; the one we moved aside has lost its place, and its owner will find it gone.
    }
  }
  rmSync(aside, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const alone = args[0] === "--alone";
  if (alone) args.shift();
  const separator = args.indexOf("--");
  const what = args[0];
  const command = separator > 0 ? args.slice(separator + 1) : [];
  if (!what || separator !== 1 || command.length === 0) {
    console.error("usage: timed-work-lock.mjs [--alone] <what> -- <command> [args...]");
    process.exit(2);
  }
  const release = acquireTimedWorkLock(what, { alone });
  const result = spawnSync(command[0], command.slice(1), { stdio: "inherit" });
  release();
  if (result.error) {
    console.error(`timed-work-lock: could not start ${command[0]}: ${result.error.message}`);
    process.exit(2);
  }
  process.exit(result.status ?? 1);
}

// The bench commands run as child processes, as a user runs them (`pnpm bench`: the built dist/cli.js; `bench:bounds`
// and `bench:mixed`: dist/bounds/run.js, dist/mixed/run.js), for the tests of their exit codes and output. The built
// code, not src/ through tsx: a smoke run starts about 30 worker processes and tsx's loader cost each of them a third of
// its CPU time (harness.test.ts's smoke run: 39 CPU-s through tsx, 27 built; bench:bounds' smoke run 10 and 5).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { assertBuiltFresh } from "@tickwire/testkit/workspace";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const src = fileURLToPath(new URL("../src/", import.meta.url));

/** Fails when `script` (a file under dist/) is missing or older than a file of src/ (turbo builds first; a test run by hand may not). */
function assertBuilt(script = cli): void {
  assertBuiltFresh(script, src, "the bench tests run the built command");
}

/** The built file `path` of the bench (e.g. "bounds/run.js"), checked as the bench command is. */
export function builtScript(path: string): string {
  const script = fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
  assertBuilt(script);
  return script;
}

export interface BenchRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A runner of the bench command with `leading` before each call's arguments (e.g. a `--suite`). */
export function benchRunner(...leading: string[]): (...args: string[]) => BenchRun {
  assertBuilt();
  return (...args) => {
    const r = spawnSync(process.execPath, ["--expose-gc", cli, ...leading, ...args], {
      encoding: "utf8",
      // Generous: CI runs every package's tests at once on two cores (the general smoke run passed 300 s there once).
      timeout: 600_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
}

/** A smoke run of the cases matching `filter` into `out`, with the subject `target` made to give wrong answers. */
export function sabotagedSmoke(
  bench: (...args: string[]) => BenchRun,
  out: string,
  filter: string,
  target: string,
): BenchRun {
  return bench("--smoke", "--out", out, "--label", "sabotaged", "--filter", filter, "--sabotage", target);
}

// The bench command run as a child process, as a user runs it, for the tests of its exit codes and output.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

export interface BenchRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A runner of the bench command with `leading` before each call's arguments (e.g. a `--suite`). */
export function benchRunner(...leading: string[]): (...args: string[]) => BenchRun {
  return (...args) => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "--expose-gc", cli, ...leading, ...args], {
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

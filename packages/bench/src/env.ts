// The environment a result was measured in: enough to tell whether two runs compare.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

export interface Environment {
  node: string;
  v8: string;
  platform: string;
  arch: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  commit: string;
  /** Uncommitted changes in the checkout when the run started. */
  dirty: boolean;
  libraries: Record<string, string>;
}

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

/** The installed version, found beside the resolved entry point (not every package exports its package.json). */
function version(name: string): string {
  try {
    let dir = dirname(require.resolve(name));
    for (;;) {
      const file = join(dir, "package.json");
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version !== undefined) return pkg.version;
      }
      const parent = dirname(dir);
      if (parent === dir) return "unknown";
      dir = parent;
    }
  } catch {
    return "unknown";
  }
}

export function environment(): Environment {
  const cpu = cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: process.platform,
    arch: process.arch,
    cpu: cpu[0]?.model.trim() ?? "unknown",
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    commit: git(["rev-parse", "HEAD"]) || "unknown",
    dirty: git(["status", "--porcelain", "--untracked-files=no"]) !== "",
    libraries: Object.fromEntries(
      ["@tickwire/codec", "@bufbuild/protobuf", "protobufjs", "protobufjs-cli", "tinybench"].map((n) => [
        n,
        version(n),
      ]),
    ),
  };
}

// The runtimes the suite runs on. Node is the one running this file; Bun and Deno are the binaries their npm
// packages ship; Chromium is Debian's, driven by playwright-core.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { launchChromium } from "@tickwire/testkit";
import type { CheckResult } from "../src/checks.js";
import type { Bundles } from "./bundle.js";
import type { Fixtures } from "./fixtures.js";

export interface RuntimeRun {
  readonly results: CheckResult[];
  /** What the runtime printed, for the failure message. */
  readonly output: string;
}

export interface Runtime {
  readonly name: "node" | "bun" | "deno" | "chromium";
  /** The name in reports: node20, node24, bun, deno, chromium. */
  readonly label: string;
  run(bundles: Bundles, fixtures: Fixtures, timeoutMs: number): Promise<RuntimeRun>;
}

const require = createRequire(import.meta.url);

/** A binary inside an npm package (no install script involved: the package ships it). */
function packagedBinary(packageName: string, relative: string): string {
  return join(dirname(require.resolve(`${packageName}/package.json`)), relative);
}

function spawnRuntime(label: string, command: string, args: readonly string[]) {
  return (bundles: Bundles, fixtures: Fixtures, timeoutMs: number): Promise<RuntimeRun> =>
    new Promise((resolve, reject) => {
      let output = "";
      const child = spawn(command, [...args, bundles.runtime, `${fixtures.url}?runtime=${label}`], {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NO_COLOR: "1" },
      });
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk: Buffer) => {
        output += chunk;
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(new Error(`${label} could not start (${command}): ${error.message}`));
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        fixtures.results(label, 1).then(
          (results) => resolve({ results, output }),
          () => reject(new Error(`${label} exited (${signal ?? code}) without results:\n${output.slice(-4000)}`)),
        );
      });
    });
}

export const nodeRuntime: Runtime = {
  name: "node",
  label: `node${process.versions.node.split(".")[0]}`,
  run: spawnRuntime(`node${process.versions.node.split(".")[0]}`, process.execPath, []),
};

export const bunRuntime: Runtime = {
  name: "bun",
  label: "bun",
  run: (bundles, fixtures, timeoutMs) =>
    spawnRuntime("bun", packagedBinary("@oven/bun-linux-x64", "bin/bun"), ["run"])(bundles, fixtures, timeoutMs),
};

export const denoRuntime: Runtime = {
  name: "deno",
  label: "deno",
  run: (bundles, fixtures, timeoutMs) =>
    spawnRuntime("deno", packagedBinary("@deno/linux-x64-glibc", "deno"), [
      "run",
      "--no-config",
      "--no-lock",
      "--allow-net=127.0.0.1",
    ])(bundles, fixtures, timeoutMs),
};

export const chromiumRuntime: Runtime = {
  name: "chromium",
  label: "chromium",
  async run(_bundles, fixtures, timeoutMs) {
    const browser = await launchChromium();
    const lines: string[] = [];
    try {
      const page = await browser.newPage();
      page.on("console", (message) => lines.push(`console.${message.type()}: ${message.text()}`));
      page.on("pageerror", (error) => lines.push(`page error: ${error.message}`));
      const posted = fixtures.results("chromium", timeoutMs);
      await page.goto(fixtures.url);
      const results = await posted;
      return { results, output: lines.join("\n") };
    } finally {
      await browser.close();
    }
  },
};

export const allRuntimes: readonly Runtime[] = [nodeRuntime, bunRuntime, denoRuntime, chromiumRuntime];

/** TICKWIRE_RUNTIMES=node,bun narrows the run (a developer without Chromium); CI runs them all. */
export function selectedRuntimes(list = process.env.TICKWIRE_RUNTIMES): readonly Runtime[] {
  if (list === undefined || list.trim() === "") return allRuntimes;
  const names = list.split(",").map((name) => name.trim());
  for (const name of names) {
    if (!allRuntimes.some((runtime) => runtime.name === name)) {
      throw new Error(
        `TICKWIRE_RUNTIMES: unknown runtime '${name}' (known: ${allRuntimes.map((r) => r.name).join(", ")})`,
      );
    }
  }
  return allRuntimes.filter((runtime) => names.includes(runtime.name));
}

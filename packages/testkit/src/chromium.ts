// Chromium for the browser tests comes from Debian. The test command installs it when it is missing and it can
// (root, apt-get), as .ci/run does; otherwise it stops and says how.
import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { promisify } from "node:util";
import type { Browser, LaunchOptions } from "playwright-core";

const run = promisify(execFile);
const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function findChromium(): Promise<string | undefined> {
  const configured = process.env.TICKWIRE_CHROMIUM;
  if (configured) {
    if (await executable(configured)) return configured;
    throw new Error(`TICKWIRE_CHROMIUM=${configured} is not an executable file`);
  }
  for (const path of CANDIDATES) if (await executable(path)) return path;
  return undefined;
}

let installing: Promise<string> | undefined;

export function ensureChromium(): Promise<string> {
  installing ??= (async () => {
    const found = await findChromium();
    if (found) return found;
    const root = process.getuid?.() === 0;
    if (!root || !(await executable("/usr/bin/apt-get"))) {
      throw new Error(
        "Chromium is missing: install Debian's package (`sudo apt-get install -y chromium`), or point " +
          "TICKWIRE_CHROMIUM at a Chromium binary, or leave the browser out with TICKWIRE_RUNTIMES=node,bun,deno",
      );
    }
    process.stderr.write("conformance: installing Debian's chromium (apt-get install -y chromium)\n");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    try {
      await run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { env, maxBuffer: 1 << 26 });
    } catch {
      // A machine that never ran apt-get update has no package lists yet.
      await run("apt-get", ["update"], { env, maxBuffer: 1 << 26 });
      await run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { env, maxBuffer: 1 << 26 });
    }
    const installed = await findChromium();
    if (!installed) throw new Error("apt-get installed chromium, but no /usr/bin/chromium is there");
    return installed;
  })();
  return installing;
}

/** Flags for a root, offline machine: no sandbox (root), and nothing that reaches out to Google's hosts. */
const OFFLINE_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Headless Chromium through playwright-core, installed first if need be; `args` are added to the offline flags. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = await ensureChromium();
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    ...options,
    executablePath,
    headless: true,
    args: [...OFFLINE_FLAGS, ...(options.args ?? [])],
  });
}

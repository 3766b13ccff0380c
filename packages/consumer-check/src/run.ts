import { spawn } from "node:child_process";

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Runs a command to completion, capturing its output; killed (and reported as such) past its time limit. */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("error", reject);
    child.stderr.on("error", reject);
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** One line for a failed command: what ran, where, how it ended, and its output. */
export function describeFailure(what: string, result: RunResult): string {
  const ended = result.signal ? `was killed (${result.signal}, over its time limit?)` : `exited ${result.code}`;
  return `${what} ${ended}\n--- stdout\n${result.stdout.trimEnd()}\n--- stderr\n${result.stderr.trimEnd()}`;
}

/** How the machine reaches the registry: kept, whoever set it. */
const networkSettings = /^npm_config_(registry|cafile|ca|proxy|https_proxy|noproxy|strict_ssl)$/i;

/**
 * The environment without what pnpm sets for the script it runs (the workspace's npm_config_*, npm_package_*,
 * npm_lifecycle_*, ...): npm inside the consumer project must behave as it does for a user.
 */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if ((/^(npm_|pnpm_)/i.test(key) && !networkSettings.test(key)) || key === "INIT_CWD") continue;
    env[key] = value;
  }
  return env;
}

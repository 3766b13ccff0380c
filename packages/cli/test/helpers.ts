import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const packageDir = fileURLToPath(new URL("..", import.meta.url));
const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

export interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs `tickwire ...args` in a child process: the built bin, as users run it (turbo builds it before `test`). */
export function tickwire(
  args: readonly string[],
  options: {
    input?: Uint8Array | string;
    timeoutMs?: number;
    env?: NodeJS.ProcessEnv;
    nodeArgs?: string[];
    /** Called with everything printed so far, each time more arrives. */
    onStdout?: (printed: string) => void;
  } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), bin, ...args], {
      cwd: packageDir,
      env: { ...process.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let stderr = "";
    let printed = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out.push(chunk);
      if (options.onStdout) {
        printed += chunk;
        options.onStdout(printed);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out), stderr });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(options.input ?? "");
  });
}

export const jsonLines = (text: Buffer | string): unknown[] =>
  String(text)
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));

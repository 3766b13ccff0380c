// The relay part's child processes (children.ts) as the runner drives them over IPC, and another process's CPU and
// RSS from /proc.
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ProcessUsage } from "./children.js";

const CHILD = fileURLToPath(new URL("./children.js", import.meta.url));

export interface Child {
  process: ChildProcess;
  request<T>(command: string): Promise<T>;
  close(): Promise<void>;
}

export async function spawnChild(kind: "relay" | "consumer", config: unknown): Promise<Child & { ready: unknown }> {
  // TICKWIRE_RELAY_CPU_PROF=<dir> writes a V8 CPU profile of every relay (or consumer) child into <dir>: where a
  // process's CPU per frame goes, without profiling the runner and the simulator with it.
  const profileDir = process.env.TICKWIRE_RELAY_CPU_PROF;
  const profiled = profileDir !== undefined && (process.env.TICKWIRE_RELAY_CPU_PROF_KIND ?? "relay") === kind;
  const child = fork(CHILD, [kind, JSON.stringify(config)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    execArgv: profiled ? [...process.execArgv, "--cpu-prof", `--cpu-prof-dir=${profileDir}`] : process.execArgv,
  });
  child.on("error", () => {});
  const ready = await new Promise<unknown>((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`${kind} child exited (${code}) before it was ready`)));
  });
  return {
    process: child,
    ready,
    request<T>(command: string) {
      return new Promise<T>((resolve) => {
        const onMessage = (message: { report?: T }) => {
          if (message.report === undefined) return;
          child.off("message", onMessage);
          resolve(message.report);
        };
        child.on("message", onMessage);
        child.send(command);
      });
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.send("close");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU seconds and RSS of another process, from /proc (Linux). */
export function procUsage(pid: number | undefined): ProcessUsage | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssPages = Number(fields[21]);
    return { cpuSeconds: ticks / 100, rssBytes: rssPages * 4096 };
  } catch {
    return null;
  }
}

/**
 * Seconds a process's main thread ran on a CPU and waited in a run queue for one (/proc/<pid>/schedstat): a thread
 * that waits long while it runs little is starved by the machine, not busy or blocked.
 */
export function schedStat(pid: number | undefined): { running: number; waiting: number } | null {
  if (pid === undefined) return null;
  try {
    const [running, waiting] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
    return { running: running / 1e9, waiting: waiting / 1e9 };
  } catch {
    return null;
  }
}

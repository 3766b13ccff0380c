// Starts the sandbox in a child process (sandbox-child.ts) and talks to it over IPC. Under tsx (tests) the child
// is the .ts file run with tsx; from dist, the compiled .js.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ChildReply, ChildRequest, ServerSample } from "./sandbox-child.js";

export type { ServerSample };

export interface SandboxChild {
  httpUrl: string;
  wsUrl: string;
  userId: string;
  appKey: string;
  instrumentIds: string[];
  pid: number;
  sample(): Promise<ServerSample>;
  /** Asks the child to close and waits for it to exit (killed after 10 s); the exit code. */
  close(): Promise<number | null>;
}

export async function forkSandbox(options: { rate?: number; seed?: number }, limitMs: number): Promise<SandboxChild> {
  const underTsx = import.meta.url.endsWith(".ts");
  const script = fileURLToPath(new URL(`./sandbox-child.${underTsx ? "ts" : "js"}`, import.meta.url));
  const child: ChildProcess = fork(script, [JSON.stringify(options), String(limitMs)], {
    execArgv: [...(underTsx ? ["--import", "tsx"] : []), "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // A failed spawn, or a request sent after the child died (ERR_IPC_CHANNEL_CLOSED), is an 'error' on the child:
  // without a listener it would end the whole run. The start waits on it; later ones fail the pending sample.
  let failure: Error | undefined;
  child.on("error", (error) => {
    failure = error;
  });
  const ready = await new Promise<Extract<ChildReply, { type: "ready" }>>((resolve, reject) => {
    child.once("error", reject);
    child.once("message", (reply: ChildReply) => {
      if (reply.type === "ready") resolve(reply);
      else reject(new Error(`sandbox child: expected "ready", received ${reply.type}`));
    });
    void exited.then((code) => reject(new Error(`sandbox child exited with ${code} before it was ready`)));
  });
  const request = (message: ChildRequest) => {
    if (failure || !child.connected) throw new Error(`sandbox child is gone: ${failure?.message ?? "disconnected"}`);
    child.send(message);
  };
  return {
    httpUrl: ready.httpUrl,
    wsUrl: ready.wsUrl,
    userId: ready.userId,
    appKey: ready.appKey,
    instrumentIds: ready.instrumentIds,
    pid: child.pid ?? -1,
    sample: () =>
      new Promise<ServerSample>((resolve, reject) => {
        request({ type: "sample" });
        const onMessage = (reply: ChildReply) => {
          if (reply.type !== "sample") return;
          child.off("message", onMessage);
          clearTimeout(timer);
          resolve(reply.sample);
        };
        // A child whose event loop is saturated can take a while to answer; 30 s means it is stuck.
        const timer = setTimeout(() => {
          child.off("message", onMessage);
          reject(new Error("sandbox child did not answer a sample request within 30 s"));
        }, 30_000);
        child.on("message", onMessage);
      }),
    close: async () => {
      if (child.exitCode === null && child.connected && !failure) request({ type: "close" });
      const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const code = await exited;
      clearTimeout(kill);
      return code;
    },
  };
}

/** Logs in as the child's demo user (a valid user, so a failed-login rate limit never applies); the token. */
export async function loginToken(child: SandboxChild): Promise<string> {
  const response = await fetch(`${child.httpUrl}/api_gateway/v1/api/app_login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: child.userId, appKey: child.appKey }),
  });
  if (response.status !== 200) throw new Error(`login to the sandbox child failed: ${response.status}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

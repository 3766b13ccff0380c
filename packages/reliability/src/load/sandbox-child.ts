// The sandbox under test, in its own process so its CPU and memory are its own: started by `forkSandbox`
// (../load/child.ts), it reports its port over IPC, answers "sample" with its memory (after a forced gc when run
// with --expose-gc) and feed counters, and closes and exits on "close", on a lost parent, or after its time limit.
import { type SandboxOptions, startSandbox } from "@tickwire/sandbox";

export type ChildRequest = { type: "sample" } | { type: "close" };
export type ChildReply =
  | { type: "ready"; httpUrl: string; wsUrl: string; userId: string; appKey: string; instrumentIds: string[] }
  | { type: "sample"; sample: ServerSample };

export interface ServerSample {
  /** Milliseconds since the child was ready. */
  atMs: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  connections: number;
  dropped: number;
  slowConsumerDisconnects: number;
  produced: number;
  /** CPU time the child has used so far, user + system, in ms. */
  cpuMs: number;
}

const options = JSON.parse(process.argv[2] ?? "{}") as Pick<SandboxOptions, "rate" | "seed" | "paused">;
const limitMs = Number(process.argv[3] ?? 15 * 60_000);
const send = (reply: ChildReply) => process.send?.(reply);

const sandbox = await startSandbox({ ...options, host: "127.0.0.1", port: 0, logger: false });
const demo = sandbox.demoUser;
if (!demo) throw new Error("the sandbox child needs the demo user (loopback, no users configured)");
const readyAt = performance.now();

let closing = false;
async function shutdown(code: number): Promise<void> {
  if (closing) return;
  closing = true;
  clearTimeout(limit);
  await sandbox.close();
  process.disconnect?.();
  process.exit(code);
}
// Stops by itself even if the parent never says so.
const limit = setTimeout(() => void shutdown(3), limitMs);
process.on("disconnect", () => void shutdown(0));
process.on("message", (request: ChildRequest) => {
  if (request.type === "close") void shutdown(0);
  else if (request.type === "sample") {
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    send({
      type: "sample",
      sample: {
        atMs: Math.round(performance.now() - readyAt),
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        ...sandbox.stats(),
      },
    });
  }
});
send({
  type: "ready",
  httpUrl: sandbox.httpUrl,
  wsUrl: sandbox.wsUrl,
  userId: demo.userId,
  appKey: demo.appKey,
  instrumentIds: sandbox.instruments.map((i) => String(i.id)),
});

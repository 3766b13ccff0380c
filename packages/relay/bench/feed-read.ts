// Whether a process can read the platform feed at a rate when reading is all it does: the sandbox at the rate (with
// the reliability campaign's slow-consumer bound, 8 MiB unsent) and a child process with one feed of every instrument
// (@tickwire/client, as the relay opens it) that counts the frames and nothing else. Frames produced, received,
// dropped by the sandbox for the reader; CPU per frame of the reader and of the sandbox; the reader's main thread's
// run and run-queue wait (/proc/<pid>/schedstat) as a share of the wall time. Set beside the relay's figures at the
// same rate, it says whether the relay's feed stops at its read path or at its CPU.
//   node --import tsx packages/relay/bench/feed-read.ts [--rate 50000] [--seconds 5]
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { createClient } from "@tickwire/client";
import { defaultInstruments, startSandbox } from "@tickwire/sandbox";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface ReaderReport {
  frames: number;
  errors: string[];
  cpuSeconds: number;
}

async function reader(options: { baseUrl: string; userId: string; appKey: string }): Promise<void> {
  const client = createClient(options);
  const feed = client.marketData({ instrumentIds: defaultInstruments.map((i) => i.id), reuse: true });
  let frames = 0;
  const errors: string[] = [];
  feed.on("frame", () => {
    frames++;
  });
  feed.on("error", (error) => {
    if (errors.length < 5) errors.push(error.message);
  });
  feed.on("open", () => process.send?.("ready"));
  process.on("message", async (command) => {
    if (command === "report") {
      const cpu = process.cpuUsage();
      const report: ReaderReport = { frames, errors, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
      process.send?.(report);
    } else if (command === "close") {
      await client.close();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
}

function schedStat(pid: number): { running: number; waiting: number } {
  const [running, waiting] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
  return { running: running / 1e9, waiting: waiting / 1e9 };
}

async function main(): Promise<void> {
  const rate = arg("rate", 50_000);
  const seconds = arg("seconds", 5);
  const sandbox = await startSandbox({
    logger: false,
    rate,
    paused: true,
    slowConsumer: { highWaterMark: 8 * 1024 ** 2, maxConsecutiveDrops: 1_000_000 },
  });
  const user = sandbox.demoUser;
  if (!user) throw new Error("the sandbox has no demo user");
  const child = fork(fileURLToPath(import.meta.url), ["reader"], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    execArgv: process.execArgv,
    env: {
      ...process.env,
      FEED_READ_OPTIONS: JSON.stringify({ baseUrl: sandbox.httpUrl, userId: user.userId, appKey: user.appKey }),
    },
  });
  await new Promise((resolve) => child.once("message", resolve));
  const ask = () =>
    new Promise<ReaderReport>((resolve) => {
      child.once("message", (m) => resolve(m as ReaderReport));
      child.send("report");
    });
  const pid = child.pid as number;
  const before = await ask();
  const schedBefore = schedStat(pid);
  const ownBefore = schedStat(process.pid);
  const sandboxCpu = process.cpuUsage();
  const produced = sandbox.stats().produced;
  const dropped = sandbox.stats().dropped;
  const t0 = performance.now();
  sandbox.feed.resume();
  await sleep(seconds * 1000);
  sandbox.feed.pause();
  const offered = (performance.now() - t0) / 1000;
  await sleep(1000);
  const wall = (performance.now() - t0) / 1000;
  const after = await ask();
  const sched = schedStat(pid);
  const own = schedStat(process.pid);
  const cpu = process.cpuUsage(sandboxCpu);
  const stats = sandbox.stats();
  const frames = after.frames - before.frames;
  const made = stats.produced - produced;
  console.log(
    JSON.stringify({
      rate,
      load: loadavg().map((l) => Number(l.toFixed(2))),
      producedPerSecond: Math.round(made / offered),
      receivedPerSecond: Math.round(frames / offered),
      droppedForReader: stats.dropped - dropped,
      readerMicrosPerFrame: Number((((after.cpuSeconds - before.cpuSeconds) * 1e6) / frames).toFixed(2)),
      sandboxMicrosPerFrameProduced: Number(((cpu.user + cpu.system) / made).toFixed(2)),
      readerMainThread: {
        runningPercent: Math.round((100 * (sched.running - schedBefore.running)) / wall),
        waitingPercent: Math.round((100 * (sched.waiting - schedBefore.waiting)) / wall),
      },
      /** The sandbox's process (the simulator and the WebSocket server): its main thread, as the reader's. */
      sandboxMainThread: {
        runningPercent: Math.round((100 * (own.running - ownBefore.running)) / wall),
        waitingPercent: Math.round((100 * (own.waiting - ownBefore.waiting)) / wall),
      },
      readerErrors: after.errors,
    }),
  );
  child.send("close");
  await new Promise((r) => child.once("exit", r));
  await sandbox.close();
}

if (process.argv[2] === "reader") await reader(JSON.parse(process.env.FEED_READ_OPTIONS ?? "{}"));
else await main();

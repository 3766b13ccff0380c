// Relay delivery bench: the simulator through one relay into JetStream, read by whole-feed consumer processes on
// subscribeRelay's live paths in paired and interleaved rounds (each round the paths in turn, every other round in the
// reverse order, to cancel drift in the machine's load): "batch" (core live path reading the relay's batches),
// "subjects" (core live path on the per-instrument subjects, one NATS message per frame) and "jetstream" (an ordered
// consumer). Latency runs from the relay's receive time to the consumer's decoded message; the figures per path are
// the medians over rounds of the worst consumer's p50 and p99 and of the median consumer's CPU per frame relayed.
//   pnpm --filter @tickwire/bench bench:relay -- [--rate 20000] [--seconds 3] [--rounds 3] [--consumers 2]
//     [--nodes 1|3] [--replicas 1|3] [--paths batch,subjects,jetstream] [--warmup 1]
// Each run first sends --warmup seconds of frames that are not measured (the consumers' JIT).
// Needs nats-server (packages/testkit/scripts/ensure-nats-server.sh installs Debian's).
import { type ChildProcess, fork } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { startRelay } from "@tickwire/relay";
import { defaultInstruments, startSandbox } from "@tickwire/sandbox";
import { startNatsServers } from "@tickwire/testkit/nats-server";
import type { DeliveryReport } from "./consumer.js";

type Path = "batch" | "subjects" | "jetstream";
const PATHS: readonly Path[] = ["batch", "subjects", "jetstream"];
let runs = 0;
const CONSUMER = fileURLToPath(new URL("./consumer.js", import.meta.url));

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function ask<T>(child: ChildProcess, command: string): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve(message as T));
    child.send(command);
  });
}

async function spawnConsumer(config: { servers: string[]; stream: string; path: Path }): Promise<ChildProcess> {
  const child = fork(CONSUMER, [JSON.stringify(config)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  child.on("error", () => {});
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`consumer exited (${code}) before it was ready`)));
  });
  return child;
}

async function closeConsumer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.send("close");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** The consumers' reports once their counts stop moving (or after 20 s). */
async function settled(children: ChildProcess[]): Promise<DeliveryReport[]> {
  let previous = -1;
  let reports: DeliveryReport[] = [];
  for (let i = 0; i < 100; i++) {
    await sleep(200);
    reports = await Promise.all(children.map((c) => ask<DeliveryReport>(c, "report")));
    const total = reports.reduce((sum, r) => sum + r.count, 0);
    if (total === previous) break;
    previous = total;
  }
  return reports;
}

interface RunResult {
  delivered: number;
  relayed: number;
  p50: number;
  p99: number;
  consumerCpuPercent: number;
  /** The median consumer's CPU per frame relayed, µs. */
  consumerMicrosPerFrame: number;
}

async function run(
  servers: string[],
  path: Path,
  options: { rate: number; seconds: number; consumers: number; replicas: number; warmup: number },
): Promise<RunResult> {
  const sandbox = await startSandbox({
    logger: false,
    rate: options.rate,
    paused: true,
    slowConsumer: { highWaterMark: 8 * 1024 ** 2, maxConsecutiveDrops: 1_000_000 },
  });
  const user = sandbox.demoUser;
  if (!user) throw new Error("the sandbox has no demo user");
  // A fresh stream each run: every run's sandbox sends the same frames, which one stream would drop as duplicates
  // (same Nats-Msg-Id within its window).
  const stream = `BENCH_${++runs}`;
  const relay = await startRelay({
    name: "bench",
    platform: { baseUrl: sandbox.httpUrl, userId: user.userId, appKey: user.appKey },
    servers,
    instruments: defaultInstruments.map((i) => i.id),
    stream: { name: stream, replicas: options.replicas, storage: "file" },
    statusIntervalMs: 0,
  });
  await relay.active();
  const children = await Promise.all(
    Array.from({ length: options.consumers }, () => spawnConsumer({ servers, stream, path })),
  );
  try {
    // The consumers' first second of frames is not measured: fresh processes spend it compiling (JIT).
    sandbox.feed.resume();
    await sleep(options.warmup * 1000);
    sandbox.feed.pause();
    await relay.drained();
    await settled(children);
    await Promise.all(children.map((c) => ask<DeliveryReport>(c, "restart")));
    const framesBefore = relay.stats().frames;
    const cpuBefore = await Promise.all(children.map((c) => ask<DeliveryReport>(c, "report")));
    const started = performance.now();
    sandbox.feed.resume();
    await sleep(options.seconds * 1000);
    sandbox.feed.pause();
    const seconds = (performance.now() - started) / 1000;
    await relay.drained();
    const reports = await settled(children);
    const wrong = reports.find((r) => r.livePath !== path);
    if (wrong) throw new Error(`a consumer asked for the ${path} path read ${wrong.livePath}`);
    const cpu = reports.map((r, i) => r.cpuSeconds - cpuBefore[i].cpuSeconds);
    const relayed = relay.stats().frames - framesBefore;
    return {
      delivered: Math.min(...reports.map((r) => r.count)),
      relayed,
      consumerMicrosPerFrame: (median(cpu) * 1e6) / relayed,
      p50: Math.max(...reports.map((r) => r.p50)),
      p99: Math.max(...reports.map((r) => r.p99)),
      consumerCpuPercent: (100 * median(cpu)) / seconds,
    };
  } finally {
    await Promise.all(children.map(closeConsumer));
    await relay.close();
    await sandbox.close();
    const nc = await connect({ servers });
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => false);
    await nc.close();
  }
}

async function main(): Promise<void> {
  const options = {
    rate: arg("rate", 20_000),
    seconds: arg("seconds", 3),
    rounds: arg("rounds", 3),
    consumers: arg("consumers", 2),
    nodes: arg("nodes", 1),
    replicas: arg("replicas", 1),
    warmup: arg("warmup", 1),
  };
  const i = process.argv.indexOf("--paths");
  const paths = (i > 0 ? process.argv[i + 1].split(",") : PATHS) as Path[];
  if (paths.length === 0 || paths.some((p) => !PATHS.includes(p))) throw new Error(`--paths: of ${PATHS.join(",")}`);
  const nats = await startNatsServers(options.nodes);
  console.log(
    `relay delivery: ${JSON.stringify({ ...options, paths })}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const results = new Map<Path, RunResult[]>(paths.map((p) => [p, []]));
  try {
    // A first short run of each path, not counted: connections, JIT, the servers' first stream.
    for (const path of paths) await run(nats.urls, path, { ...options, seconds: 1 });
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? paths : [...paths].reverse();
      for (const path of order) {
        const result = await run(nats.urls, path, options);
        results.get(path)?.push(result);
        console.log(
          `${path.padEnd(9)} round ${round + 1}: delivered ${result.delivered}/${result.relayed} ` +
            `worst p50 ${result.p50.toFixed(2)} ms, worst p99 ${result.p99.toFixed(1)} ms, ` +
            `consumer CPU ${result.consumerCpuPercent.toFixed(0)}%, ${result.consumerMicrosPerFrame.toFixed(2)} µs/frame`,
        );
      }
    }
  } finally {
    await nats.close();
  }
  for (const [path, r] of results) {
    console.log(
      `${path}: median of ${r.length} rounds: worst p50 ${median(r.map((x) => x.p50)).toFixed(2)} ms, ` +
        `worst p99 ${median(r.map((x) => x.p99)).toFixed(1)} ms, consumer CPU ${median(r.map((x) => x.consumerCpuPercent)).toFixed(0)}% ` +
        `(${median(r.map((x) => x.consumerMicrosPerFrame)).toFixed(2)} µs/frame), ` +
        `lost ${r.map((x) => x.relayed - x.delivered).join(", ")}`,
    );
  }
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}

await main();

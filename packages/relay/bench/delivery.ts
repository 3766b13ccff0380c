// Live delivery through JetStream: an ordered consumer against a core NATS subscription on the same subjects, in
// paired, interleaved rounds (a fresh consumer process per run). The publisher is the relay's own pipelined path
// at a fixed rate; latency runs from the publisher's receive-time header to the consumer's callback.
//   node --import tsx packages/relay/bench/delivery.ts [--rate 20000] [--seconds 3] [--rounds 3]
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DeliverPolicy, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { startNatsServers } from "../src/nats-server.js";
import { Publisher } from "../src/publisher.js";
import { ensureStream } from "../src/stream.js";
import { RECEIVED_HEADER } from "../src/subjects.js";

type Mode = "core" | "jetstream";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function consumer(url: string, mode: Mode): Promise<void> {
  const nc = await connect({ servers: url });
  const latencies: number[] = [];
  const record = (received: string | undefined) => {
    latencies.push(performance.timeOrigin + performance.now() - Number(received));
  };
  if (mode === "core") {
    nc.subscribe("tickwire.md.>", { callback: (_e, m) => record(m.headers?.get(RECEIVED_HEADER)) });
  } else {
    const c = await jetstream(nc).consumers.get("TICKWIRE_MD", {
      filter_subjects: "tickwire.md.>",
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await c.consume({ max_messages: 1000 });
    void (async () => {
      for await (const m of messages) record(m.headers?.get(RECEIVED_HEADER));
    })();
  }
  await nc.flush();
  process.send?.("ready");
  process.on("message", async () => {
    latencies.sort((a, b) => a - b);
    process.send?.({
      count: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
    });
    await nc.close();
    process.exit(0);
  });
}

async function main(): Promise<void> {
  const rate = arg("rate", 20_000);
  const seconds = arg("seconds", 3);
  const rounds = arg("rounds", 3);
  const servers = await startNatsServers(1);
  const nc = await connect({ servers: servers.urls });
  await ensureStream(await jetstreamManager(nc), { storage: "file", maxMsgsPerSubject: arg("per-subject", 1) });
  const payload = new Uint8Array(120).fill(7);
  const results: Record<Mode, { count: number; p50: number; p99: number; max: number }[]> = { core: [], jetstream: [] };
  let id = 0;
  for (let round = 0; round < rounds; round++) {
    const order: Mode[] = round % 2 === 0 ? ["core", "jetstream"] : ["jetstream", "core"];
    for (const mode of order) {
      const child = fork(fileURLToPath(import.meta.url), ["--consume", servers.urls[0], mode], {
        execArgv: ["--import", "tsx"],
      });
      await new Promise((r) => child.once("message", r));
      const publisher = new Publisher(nc, {
        maxBufferBytes: 64 * 1024 ** 2,
        maxInFlight: 512,
        publishTimeoutMs: 5000,
        onError: (e) => console.error(String(e)),
      });
      const started = performance.now();
      let sent = 0;
      while (performance.now() - started < seconds * 1000) {
        const due = Math.floor(((performance.now() - started) / 1000) * rate);
        for (; sent < due; sent++) {
          id++;
          publisher.enqueue({
            subject: `tickwire.md.NSECM.${1000 + (id % 26)}.TickData`,
            msgId: `bench.${Date.now()}.${id}`,
            bytes: payload,
            receivedAt: (performance.timeOrigin + performance.now()).toFixed(3),
            frameId: undefined,
            seq: id,
          });
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      await publisher.drained();
      await new Promise((r) => setTimeout(r, 500));
      child.send("report");
      const result = (await new Promise((r) => child.once("message", r))) as (typeof results)[Mode][number];
      results[mode].push(result);
      console.log(
        `${mode.padEnd(9)} round ${round + 1}: ${result.count}/${sent} p50 ${result.p50.toFixed(2)} ms p99 ${result.p99.toFixed(2)} ms max ${result.max.toFixed(1)} ms`,
      );
    }
  }
  for (const mode of ["core", "jetstream"] as const) {
    const median = (key: "p50" | "p99" | "max") =>
      results[mode].map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results[mode].length / 2)];
    console.log(
      `${mode}: median of rounds: p50 ${median("p50").toFixed(2)} ms, p99 ${median("p99").toFixed(2)} ms, max ${median("max").toFixed(1)} ms`,
    );
  }
  await nc.close();
  await servers.close();
}

if (process.argv[2] === "--consume") void consumer(process.argv[3], process.argv[4] as Mode);
else await main();

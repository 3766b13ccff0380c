// The relay under load and faults (issue 18, item 8), on a real three-node nats-server cluster with a stream of three
// replicas: the simulator through one relay process to N consumer processes at rising rates (lost, latency from the
// relay's receive to the consumer's decode, CPU and RSS per process, the rate where it stops keeping up); a late
// joiner's time to the last values; the active relay killed (takeover, gap, duplicates); one NATS node killed and
// restarted; all of NATS down for a while (buffered, dropped, time to recover).
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { DeliverPolicy, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { decodeMessage } from "@tickwire/codec";
import { type NatsServers, type RelayStats, startNatsServers, startRelay } from "@tickwire/relay";
import { defaultInstruments, type Sandbox, startSandbox } from "@tickwire/sandbox";
import { poll } from "@tickwire/testkit/until";
import type { PartOptions, PartReport } from "../parts.js";
import type { ConsumerReport, ProcessUsage } from "./children.js";

const CHILD = fileURLToPath(new URL("./children.js", import.meta.url));
const ALL = defaultInstruments.map((i) => String(i.id));

type Live = "core" | "jetstream";

interface Size {
  rates: number[];
  consumers: number;
  seconds: number;
  /**
   * Each rate first runs this long unmeasured: fresh consumer processes spend their first few hundred ms of CPU
   * compiling (JIT), which a 5 s window would count as a large part of the per-frame cost.
   */
  warmupSeconds: number;
  outageSeconds: number;
  /** The consumers' live paths, each run through the rates in turn. */
  live: Live[];
  /** The load stream's replicas (3: every message on every node). */
  replicas: number;
  /** Only the rising rates, not the late joiner and the faults (exploratory runs). */
  ratesOnly: boolean;
}

const FULL: Size = {
  rates: [5000, 10_000, 20_000, 50_000],
  consumers: 10,
  seconds: 10,
  warmupSeconds: 2,
  outageSeconds: 10,
  live: ["core"],
  replicas: 3,
  ratesOnly: false,
};
const QUICK: Size = { ...FULL, rates: [2000], consumers: 2, seconds: 4, warmupSeconds: 1, outageSeconds: 3 };

function sizeFromEnv(quick: boolean): Size {
  const base = quick ? QUICK : FULL;
  const env = process.env;
  const rates = env.TICKWIRE_RELAY_RATES?.split(",").map(Number) ?? base.rates;
  const consumers = Number(env.TICKWIRE_RELAY_CONSUMERS ?? base.consumers);
  const seconds = Number(env.TICKWIRE_RELAY_SECONDS ?? base.seconds);
  const live = (env.TICKWIRE_RELAY_LIVE?.split(",") ?? base.live) as Live[];
  if (live.some((l) => l !== "core" && l !== "jetstream")) throw new Error("TICKWIRE_RELAY_LIVE: core, jetstream");
  const replicas = Number(env.TICKWIRE_RELAY_REPLICAS ?? base.replicas);
  const warmupSeconds = Number(env.TICKWIRE_RELAY_WARMUP_SECONDS ?? base.warmupSeconds);
  const ratesOnly = env.TICKWIRE_RELAY_RATES_ONLY === "1";
  return { ...base, rates, consumers, seconds, warmupSeconds, live, replicas, ratesOnly };
}

interface Child {
  process: ChildProcess;
  request<T>(command: string): Promise<T>;
  close(): Promise<void>;
}

async function spawnChild(kind: "relay" | "consumer", config: unknown): Promise<Child & { ready: unknown }> {
  const child = fork(CHILD, [kind, JSON.stringify(config)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
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
function procUsage(pid: number | undefined): ProcessUsage | null {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

interface Platform {
  sandbox: Sandbox;
  options: { baseUrl: string; userId: string; appKey: string };
}

async function platformAt(rate: number): Promise<Platform> {
  const sandbox = await startSandbox({
    logger: false,
    rate,
    paused: true,
    slowConsumer: { highWaterMark: 8 * 1024 ** 2, maxConsecutiveDrops: 1_000_000 },
  });
  const user = sandbox.demoUser;
  if (!user) throw new Error("no demo user");
  return { sandbox, options: { baseUrl: sandbox.httpUrl, userId: user.userId, appKey: user.appKey } };
}

async function resetStream(nc: NatsConnection, name: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(name).catch(() => false);
}

/** The simulator at `rate` through one relay process to `consumers` processes, for `seconds`. */
async function throughput(
  nats: NatsServers,
  nc: NatsConnection,
  rate: number,
  live: Live,
  size: Size,
  log: (l: string) => void,
) {
  const stream = `LOAD${rate}${live}`;
  const platform = await platformAt(rate);
  const relay = await spawnChild("relay", {
    name: "load",
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream: { name: stream, replicas: size.replicas, maxMsgsPerSubject: 1000 },
  });
  const consumers = await Promise.all(
    Array.from({ length: size.consumers }, () =>
      spawnChild("consumer", { servers: nats.urls, stream, start: "new", live }),
    ),
  );
  // Drained: the relay has nothing buffered or in flight and the consumers stopped receiving.
  const drained = async () => {
    let previous = -1;
    await poll(
      async () => {
        const r = await relay.request<RelayStats>("report");
        const total = (await Promise.all(consumers.map((c) => c.request<{ messages: number }>("count")))).reduce(
          (sum, c) => sum + c.messages,
          0,
        );
        const settled = r.bufferedMessages === 0 && r.inFlight === 0 && total === previous;
        previous = total;
        return settled;
      },
      60_000,
      50,
    );
  };
  if (size.warmupSeconds > 0) {
    platform.sandbox.feed.resume();
    await sleep(size.warmupSeconds * 1000);
    platform.sandbox.feed.pause();
    await drained();
    await Promise.all(consumers.map((c) => c.request("restart")));
  }
  // This process runs the sandbox (the platform simulator): its CPU is the load generator's.
  const runnerBefore = process.cpuUsage();
  const before = nats.nodes.map((n) => procUsage(n.pid));
  const relayBefore = await relay.request<RelayStats & ProcessUsage>("report");
  const consumersBefore = await Promise.all(consumers.map((c) => c.request<ConsumerReport>("report")));
  const t0 = performance.now();
  platform.sandbox.feed.resume();
  await sleep(size.seconds * 1000);
  platform.sandbox.feed.pause();
  const offeredSeconds = (performance.now() - t0) / 1000;
  await drained();
  const r = await relay.request<RelayStats & ProcessUsage>("report");
  const reports = await Promise.all(consumers.map((c) => c.request<ConsumerReport>("report")));
  const after = nats.nodes.map((n) => procUsage(n.pid));
  const runnerCpu = process.cpuUsage(runnerBefore);
  await Promise.all([...consumers.map((c) => c.close()), relay.close()]);
  await platform.sandbox.close();
  await resetStream(nc, stream);
  const frames = r.frames - relayBefore.frames;
  const perSecond = (cpu: number) => round((100 * cpu) / offeredSeconds);
  const lost = reports.map((c, i) => frames - (c.messages - consumersBefore[i].messages));
  const histogram = reports[0].histogram.map((_, i) =>
    reports.reduce((sum, c, k) => sum + c.histogram[i] - consumersBefore[k].histogram[i], 0),
  );
  const result = {
    rate,
    live,
    replicas: size.replicas,
    load: loadavg().map((l) => round(l, 2)),
    seconds: round(offeredSeconds, 2),
    warmupSeconds: size.warmupSeconds,
    framesRelayed: frames,
    framesPerSecond: Math.round(frames / offeredSeconds),
    stored: r.published - relayBefore.published,
    publishErrors: r.publishErrors,
    bufferDrops: r.bufferDrops,
    lostPerConsumer: lost,
    latencyMs: {
      p50: round(median(reports.map((c) => c.p50)), 2),
      p99Worst: round(Math.max(...reports.map((c) => c.p99)), 1),
      maxWorst: round(Math.max(...reports.map((c) => c.max)), 1),
      p99PerConsumer: reports.map((c) => round(c.p99, 1)),
      /** Every consumer's messages by latency: up to 5, 20, 100, 500, 1,000 ms and above. */
      histogram,
    },
    /** JetStream path: ordered consumers recreated (a missed heartbeat or a sequence gap). */
    consumerResets: reports.reduce((sum, c, i) => sum + c.consumerResets - consumersBefore[i].consumerResets, 0),
    corePath: {
      gapsDetected: reports.reduce((sum, c) => sum + c.gapsDetected, 0),
      replays: reports.reduce((sum, c) => sum + c.replays, 0),
      repeatsSkipped: reports.reduce((sum, c) => sum + c.repeatsSkipped, 0),
    },
    cpuPercent: {
      relay: perSecond(r.cpuSeconds - relayBefore.cpuSeconds),
      consumersMedian: perSecond(median(reports.map((c, i) => c.cpuSeconds - consumersBefore[i].cpuSeconds))),
      natsNodes: after.map((a, i) => (a && before[i] ? perSecond(a.cpuSeconds - (before[i]?.cpuSeconds ?? 0)) : null)),
      consumersTotal: perSecond(reports.reduce((sum, c, i) => sum + c.cpuSeconds - consumersBefore[i].cpuSeconds, 0)),
      sandboxAndRunner: perSecond((runnerCpu.user + runnerCpu.system) / 1e6),
    },
    /** CPU microseconds per frame relayed: comparable across runs whose offered rate was not reached. */
    cpuMicrosPerFrame: {
      relay: round(((r.cpuSeconds - relayBefore.cpuSeconds) * 1e6) / frames),
      consumerMedian: round(
        (median(reports.map((c, i) => c.cpuSeconds - consumersBefore[i].cpuSeconds)) * 1e6) / frames,
      ),
      natsNodesTotal: round(
        (after.reduce((sum, a, i) => sum + (a && before[i] ? a.cpuSeconds - (before[i]?.cpuSeconds ?? 0) : 0), 0) *
          1e6) /
          frames,
      ),
      sandboxAndRunner: round(((runnerCpu.user + runnerCpu.system) / 1e6 / frames) * 1e6),
    },
    rssMiB: {
      relay: round(r.rssBytes / 1024 ** 2),
      consumersMax: round(Math.max(...reports.map((c) => c.rssBytes)) / 1024 ** 2),
      natsNodes: after.map((a) => (a ? round(a.rssBytes / 1024 ** 2) : null)),
    },
  };
  const keepingUp = lost.every((l) => l === 0) && result.latencyMs.p99Worst < 1000 && r.bufferDrops === 0;
  log(`  ${rate}/s: ${JSON.stringify(result)}`);
  return { ...result, keepingUp };
}

/** A late joiner's time to the last value of every subject in a populated stream (no live traffic). */
async function lateJoiner(nats: NatsServers, nc: NatsConnection, lives: Live[], log: (l: string) => void) {
  const platform = await platformAt(2000);
  const relay = await startRelay({
    name: "late",
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream: { name: "LATE", replicas: 3 },
    statusIntervalMs: 0,
  });
  await relay.active();
  platform.sandbox.feed.resume();
  await sleep(3000);
  platform.sandbox.feed.pause();
  await relay.drained();
  await relay.close();
  await platform.sandbox.close();
  const info = await (await jetstreamManager(nc)).streams.info("LATE", { subjects_filter: ">" });
  const subjects = info.state.num_subjects ?? Object.keys(info.state.subjects ?? {}).length;
  const byLive: Partial<Record<Live, number | null>> = {};
  for (const live of lives) {
    const joiner = await spawnChild("consumer", {
      servers: nats.urls,
      stream: "LATE",
      start: "last",
      live,
      expectLast: subjects,
    });
    let report = await joiner.request<ConsumerReport>("report");
    await poll(
      async () => {
        report = await joiner.request<ConsumerReport>("report");
        return report.lastValuesMs !== null;
      },
      20_000,
      50,
    );
    await joiner.close();
    byLive[live] = report.lastValuesMs;
  }
  await resetStream(nc, "LATE");
  const result = { subjects, messagesStored: info.state.messages, lastValuesMs: byLive[lives[0]] ?? null, byLive };
  log(`  late joiner: ${JSON.stringify(result)}`);
  return result;
}

/** Two relay processes with failover; the active one SIGKILLed mid-stream. */
async function relayKilled(nats: NatsServers, nc: NatsConnection, log: (l: string) => void) {
  const platform = await platformAt(2000);
  const common = {
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream: { name: "KILL", replicas: 3, maxMsgsPerSubject: 1_000_000 },
    failover: { ttlMs: 1000, pollMs: 100 },
  };
  const primary = await spawnChild("relay", { ...common, name: "primary" });
  const standby = await spawnChild("relay", { ...common, name: "standby" });
  platform.sandbox.feed.resume();
  await sleep(3000);
  const activated = new Promise<number>((resolve) =>
    standby.process.on("message", (m: { active?: number }) => m.active && resolve(m.active)),
  );
  const killedAt = Date.now();
  primary.process.kill("SIGKILL");
  const takeoverMs = (await activated) - killedAt;
  await sleep(3000);
  platform.sandbox.feed.pause();
  await sleep(1000);
  await standby.close();
  await platform.sandbox.close();
  // Every message of the feed went to the relay (it carries every instrument): the sandbox's IDs are consecutive.
  const js = jetstream(nc);
  const consumer = await js.consumers.get("KILL", { deliver_policy: DeliverPolicy.All });
  const ids: bigint[] = [];
  // An index list goes to every index's subject: a duplicate is the same message ID twice on one subject.
  const stored = new Set<string>();
  let duplicates = 0;
  const messages = await consumer.consume({ max_messages: 1000 });
  for await (const m of messages) {
    const id = decodeMessage(m.data).ID;
    const key = `${m.subject} ${id}`;
    if (stored.has(key)) duplicates++;
    stored.add(key);
    ids.push(id);
    if (m.info.pending === 0) break;
  }
  messages.stop();
  await resetStream(nc, "KILL");
  const unique = [...new Set(ids)].sort((a, b) => (a < b ? -1 : 1));
  let missing = 0;
  for (let i = 1; i < unique.length; i++) missing += Number(unique[i] - unique[i - 1] - 1n);
  const result = { takeoverMs, stored: ids.length, duplicates, gapMessages: missing };
  log(`  relay killed: ${JSON.stringify(result)}`);
  return result;
}

/** A NATS fault while a relay and a consumer run: one node killed then restarted, or every node down. */
async function natsFault(
  nats: NatsServers,
  nc: NatsConnection,
  kind: "one-node" | "all-nodes",
  seconds: number,
  log: (l: string) => void,
) {
  const platform = await platformAt(2000);
  const stream = kind === "one-node" ? "NODE" : "DOWN";
  const relay = await startRelay({
    name: kind,
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream: { name: stream, replicas: 3, maxMsgsPerSubject: 1_000_000 },
    publishTimeoutMs: 1000,
    statusIntervalMs: 0,
    // Small enough that a 10 s outage at 2,000 frames/s (about 3 MB) overflows it.
    maxBufferBytes: kind === "all-nodes" ? 1024 ** 2 : 64 * 1024 ** 2,
  });
  await relay.active();
  platform.sandbox.feed.resume();
  await sleep(2000);
  const victims = kind === "one-node" ? [nats.nodes[0]] : nats.nodes;
  await Promise.all(victims.map((n) => n.kill()));
  await sleep(seconds * 1000);
  const restartedAt = performance.now();
  await Promise.all(victims.map((n) => n.start()));
  const recovered = await poll(
    () => {
      const s = relay.stats();
      return s.nats.connected && s.bufferedMessages < 100 && s.inFlight < 1000 && s.published > 0;
    },
    60_000,
    50,
  );
  const recoverMs = round(performance.now() - restartedAt, 0);
  await sleep(2000);
  platform.sandbox.feed.pause();
  await relay.drained();
  await relay.close();
  await platform.sandbox.close();
  const s = relay.stats();
  const result = {
    kind,
    downSeconds: seconds,
    frames: s.frames,
    stored: s.published,
    bufferDrops: s.bufferDrops,
    superseded: s.superseded,
    publishErrors: s.publishErrors,
    natsDisconnects: s.nats.disconnects,
    platformConnections: s.platformSessions,
    recovered,
    recoverMs,
    enqueued: s.enqueued,
    accountedFor: s.published + s.duplicates + s.bufferDrops + s.superseded === s.enqueued,
  };
  await poll(
    async () => {
      try {
        await resetStream(nc, stream);
        return true;
      } catch {
        return false;
      }
    },
    20_000,
    50,
  );
  log(`  ${kind}: ${JSON.stringify(result)}`);
  return result;
}

export async function run(options: PartOptions, size: Size = sizeFromEnv(options.quick)): Promise<PartReport> {
  const { log } = options;
  const nats = await startNatsServers(3);
  const nc = await connect({ servers: nats.urls, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
  try {
    // The cluster elects its JetStream meta leader after start.
    await poll(
      async () => {
        try {
          await (await jetstreamManager(nc)).getAccountInfo();
          return true;
        } catch {
          return false;
        }
      },
      20_000,
      50,
    );
    log(
      `relay: ${size.consumers} consumers, ${size.seconds} s a rate, rates ${size.rates.join(", ")}, ` +
        `live ${size.live.join(" and ")}, R${size.replicas}`,
    );
    const rates = [];
    for (const live of size.live) {
      for (const rate of size.rates) {
        const result = await throughput(nats, nc, rate, live, size, log);
        rates.push(result);
        if (!result.keepingUp) break;
      }
    }
    if (size.ratesOnly) return { ok: rates.length > 0, summary: "rates only", size, rates };
    const late = await lateJoiner(nats, nc, size.live, log);
    const killed = await relayKilled(nats, nc, log);
    const node = await natsFault(nats, nc, "one-node", size.outageSeconds, log);
    const down = await natsFault(nats, nc, "all-nodes", size.outageSeconds, log);
    const kept = rates.filter((r) => r.keepingUp).map((r) => `${r.rate} (${r.live})`);
    const stopsAt = rates
      .filter((r) => !r.keepingUp)
      .map((r) => `${r.rate} (${r.live})`)
      .join(", ");
    const ok =
      // Latency on a shared machine is a figure, not a verdict: the verdict is that nothing was lost.
      rates.length > 0 &&
      rates[0].lostPerConsumer.every((lost) => lost === 0) &&
      killed.duplicates === 0 &&
      killed.takeoverMs < 2000 &&
      node.recovered &&
      down.recovered &&
      node.accountedFor &&
      down.accountedFor &&
      late.lastValuesMs !== null;
    return {
      ok,
      summary:
        `kept up at ${kept.join(", ") || "none"}/s` +
        (stopsAt ? `, not at ${stopsAt}/s` : "") +
        `; late joiner ${late.lastValuesMs?.toFixed(0)} ms to ${late.subjects} last values; takeover ${killed.takeoverMs} ms, ` +
        `gap ${killed.gapMessages}, duplicates ${killed.duplicates}; node down: recovered in ${node.recoverMs} ms; ` +
        `NATS down ${size.outageSeconds} s: ${down.bufferDrops} dropped, recovered in ${down.recoverMs} ms`,
      size,
      rates,
      lateJoiner: late,
      relayKilled: killed,
      natsNodeKilled: node,
      natsDown: down,
    };
  } finally {
    await nc.close().catch(() => {});
    await nats.close();
  }
}

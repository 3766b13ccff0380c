// The simulator at a rate through one relay process to N consumer processes: lost, latency from the relay's receive to
// the consumer's decode, CPU and RSS per process, whether it keeps up.
import { loadavg } from "node:os";
import type { NatsConnection } from "@nats-io/transport-node";
import type { RelayStats } from "@tickwire/relay";
import { cuttableProxy } from "@tickwire/testkit/faults";
import type { NatsServers } from "@tickwire/testkit/nats-server";
import type { ConsumerReport, ProcessUsage } from "./children.js";
import { ALL, median, PLAIN, platformAt, resetStream, round, sleep, until } from "./common.js";
import { type DrainOutcome, DrainWatch } from "./drain.js";
import { procUsage, schedStat, spawnChild } from "./processes.js";
import type { Live, Size } from "./size.js";

/** How long a consumer below its target must not move to count as short, and the drain's limit. */
const DRAIN_QUIET_MS = 5000;
const DRAIN_LIMIT_MS = 120_000;

/** The simulator at `rate` through one relay process to `consumers` processes, for `seconds`. */
export async function throughput(
  nats: NatsServers,
  nc: NatsConnection,
  rate: number,
  live: Live,
  size: Size,
  log: (l: string) => void,
) {
  const stream = `LOAD${rate}${live}`;
  const platform = await platformAt(rate);
  // TICKWIRE_RELAY_CUT_AT_SECONDS: the relay's NATS connection (through a proxy to the first node) lost once, that far
  // into the measured seconds, its writes stalled 300 ms first.
  const cutAt = Number(process.env.TICKWIRE_RELAY_CUT_AT_SECONDS ?? Number.NaN);
  const proxy = Number.isFinite(cutAt) ? await cuttableProxy(Number(new URL(nats.urls[0]).port)) : undefined;
  const relay = await spawnChild("relay", {
    name: "load",
    platform: platform.options,
    servers: proxy ? [proxy.url] : nats.urls,
    instruments: ALL,
    stream:
      size.store === "frames"
        ? { name: stream, replicas: size.replicas, maxMsgsPerSubject: 1000 }
        : {
            name: stream,
            replicas: size.replicas,
            format: "batches",
            batches: jsonEnv("TICKWIRE_RELAY_STORE_BATCHES"),
          },
    batch: jsonEnv("TICKWIRE_RELAY_LIVE_BATCH"),
  });
  // With instrumentsPerConsumer, consumer k reads the next n instruments that are not indexes (one subject a frame).
  const few = size.instrumentsPerConsumer;
  const instrumentsOf = (k: number) => Array.from({ length: few }, (_, i) => PLAIN[(k * few + i) % PLAIN.length]);
  const consumers = await Promise.all(
    Array.from({ length: size.consumers }, (_, k) =>
      spawnChild("consumer", {
        servers: nats.urls,
        stream,
        start: "new",
        live,
        ...(few > 0 ? { instruments: instrumentsOf(k) } : {}),
      }),
    ),
  );
  // Drained: the relay has nothing buffered or in flight and every consumer has what it published (drain.ts), up to
  // DRAIN_LIMIT_MS: a consumer still receiving then is reported as catching up, not as having lost frames.
  const drained = async (relayBase: number, consumerBases: number[]): Promise<DrainOutcome & { seconds: number }> => {
    const watch = new DrainWatch({ wholeFeed: few === 0, quietMs: DRAIN_QUIET_MS });
    const t = performance.now();
    await until(async () => {
      const r = await relay.request<RelayStats>("report");
      const counts = await Promise.all(consumers.map((c) => c.request<{ messages: number }>("count")));
      const stored = r.store === null || (r.store.bufferedMessages === 0 && r.store.inFlight === 0);
      const now = performance.now();
      const done = watch.observe(
        {
          relayIdle: r.bufferedMessages === 0 && r.inFlight === 0 && stored,
          framesSinceBase: r.frames - relayBase,
          received: counts.map((c, i) => c.messages - consumerBases[i]),
        },
        now,
      );
      return done || watch.settled(now);
    }, DRAIN_LIMIT_MS);
    return { ...watch.outcome(performance.now()), seconds: round((performance.now() - t) / 1000, 2) };
  };
  if (size.warmupSeconds > 0) {
    const relayBase = (await relay.request<RelayStats>("report")).frames;
    const consumerBases = (await Promise.all(consumers.map((c) => c.request<{ messages: number }>("count")))).map(
      (c) => c.messages,
    );
    platform.sandbox.feed.resume();
    await sleep(size.warmupSeconds * 1000);
    platform.sandbox.feed.pause();
    await drained(relayBase, consumerBases);
    await Promise.all(consumers.map((c) => c.request("restart")));
  }
  // This process runs the sandbox (the platform simulator): its CPU is the load generator's.
  const runnerBefore = process.cpuUsage();
  const before = nats.nodes.map((n) => procUsage(n.pid));
  const relayBefore = await relay.request<RelayStats & ProcessUsage>("report");
  const consumersBefore = await Promise.all(consumers.map((c) => c.request<ConsumerReport>("report")));
  const relaySchedBefore = schedStat(relay.process.pid);
  const t0 = performance.now();
  platform.sandbox.feed.resume();
  let cutConnections = 0;
  if (proxy) {
    await sleep(cutAt * 1000);
    // The relay's writes stop reaching the server, then the connection is lost: what it wrote meanwhile never arrives.
    proxy.stall();
    await sleep(300);
    cutConnections = proxy.cut();
  }
  await sleep(Math.max(0, size.seconds * 1000 - (performance.now() - t0)));
  platform.sandbox.feed.pause();
  const offeredSeconds = (performance.now() - t0) / 1000;
  const drain = await drained(
    relayBefore.frames,
    consumersBefore.map((c) => c.messages),
  );
  const relaySched = schedStat(relay.process.pid);
  const wallSeconds = (performance.now() - t0) / 1000;
  const r = await relay.request<RelayStats & ProcessUsage>("report");
  const reports = await Promise.all(consumers.map((c) => c.request<ConsumerReport>("report")));
  const after = nats.nodes.map((n) => procUsage(n.pid));
  const runnerCpu = process.cpuUsage(runnerBefore);
  await Promise.all([...consumers.map((c) => c.close()), relay.close()]);
  await proxy?.close();
  await platform.sandbox.close();
  await resetStream(nc, stream);
  if (size.store === "batches") await resetStream(nc, `${stream}_BATCHES`);
  const frames = r.frames - relayBefore.frames;
  const perSecond = (cpu: number) => round((100 * cpu) / offeredSeconds);
  const received = reports.map((c, i) => c.messages - consumersBefore[i].messages);
  // A consumer of a few instruments gets only their frames: its losses show as gaps passed over, not as a count.
  const lost = few > 0 ? reports.map((c) => c.gapsPassedOver) : received.map((n) => frames - n);
  const histogram = reports[0].histogram.map((_, i) =>
    reports.reduce((sum, c, k) => sum + c.histogram[i] - consumersBefore[k].histogram[i], 0),
  );
  const result = {
    rate,
    live,
    store: size.store,
    replicas: size.replicas,
    load: loadavg().map((l) => round(l, 2)),
    seconds: round(offeredSeconds, 2),
    warmupSeconds: size.warmupSeconds,
    framesRelayed: frames,
    framesPerSecond: Math.round(frames / offeredSeconds),
    instrumentsPerConsumer: few,
    /** Messages the median consumer received (the whole feed: every frame; a few instruments: theirs). */
    receivedPerConsumerMedian: median(received),
    /** Messages the stream stored: one per frame and subject, or (store "batches") the batches and last values. */
    stored:
      r.store && relayBefore.store
        ? r.store.published - relayBefore.store.published
        : r.published - relayBefore.published,
    storedBatches: r.store && relayBefore.store ? r.store.batches - relayBefore.store.batches : null,
    storedLastValues: r.store && relayBefore.store ? r.store.lastValues - relayBefore.store.lastValues : null,
    /** Live batches published (core NATS, each delivered to every whole-feed consumer) and the live per-instrument publishes. */
    liveBatches: r.batches.published - relayBefore.batches.published,
    livePerInstrument: r.published - relayBefore.published,
    publishErrors: r.publishErrors + (r.store?.publishErrors ?? 0),
    storeBacklogDrops: r.store?.backlogDrops ?? 0,
    bufferDrops: r.bufferDrops,
    lostPerConsumer: lost,
    /**
     * How the drain after the offered seconds ended: each consumer complete (every frame), quiet (a few instruments,
     * no target), short (stopped below its target: lost) or catching up (still receiving at the limit: not a loss,
     * but not a measurement either); and what the rule before drain.ts would have counted short.
     */
    drain,
    /** The relay's NATS connections cut (TICKWIRE_RELAY_CUT_AT_SECONDS) and its reconnects: null without a cut. */
    relayCut: proxy ? { atSeconds: cutAt, connections: cutConnections, reconnects: r.nats.reconnects } : null,
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
      /** The median consumer's CPU per message it received (for a consumer of a few instruments: their frames). */
      consumerMedianPerReceived: round(
        (median(reports.map((c, i) => c.cpuSeconds - consumersBefore[i].cpuSeconds)) * 1e6) / median(received),
        2,
      ),
    },
    /**
     * The relay's main thread, share of the wall time (the offered seconds and the drain) it ran on a CPU and it
     * waited for one: waiting near running says the machine, not the relay's own work, set its pace.
     */
    relayMainThread:
      relaySched && relaySchedBefore
        ? {
            runningPercent: round((100 * (relaySched.running - relaySchedBefore.running)) / wallSeconds),
            waitingPercent: round((100 * (relaySched.waiting - relaySchedBefore.waiting)) / wallSeconds),
          }
        : null,
    rssMiB: {
      relay: round(r.rssBytes / 1024 ** 2),
      consumersMax: round(Math.max(...reports.map((c) => c.rssBytes)) / 1024 ** 2),
      natsNodes: after.map((a) => (a ? round(a.rssBytes / 1024 ** 2) : null)),
    },
  };
  const keepingUp =
    drain.drained && lost.every((l) => l === 0) && result.latencyMs.p99Worst < 1000 && r.bufferDrops === 0;
  log(`  ${rate}/s: ${JSON.stringify(result)}`);
  return { ...result, keepingUp };
}

/**
 * The relay's batch bounds for a measurement: TICKWIRE_RELAY_STORE_BATCHES (stream.batches: maxDelayMs, maxBytes,
 * maxFrames, lastValueIntervalMs) and TICKWIRE_RELAY_LIVE_BATCH (batch: the live batches' bounds), each a JSON object.
 */
function jsonEnv(name: string): Record<string, number> | undefined {
  const text = process.env[name];
  if (text === undefined || text === "") return undefined;
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${name}: a JSON object`);
  return value as Record<string, number>;
}

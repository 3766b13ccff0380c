// Child processes of the relay part: a relay, and a consumer (subscribeRelay) that reports what it received and how
// late: from the relay's receive time to the message decoded. Each answers "report" with its counts, CPU and RSS,
// "count" with its message count alone, "restart" by forgetting the latencies so far (a warm-up's), "delivered" (when
// told to record) with every message it delivered (subject, ID, arrival time), and exits at "close" or when its
// parent goes.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type RelayFeedStats, type RelayOptions, startRelay, subscribeRelay } from "@tickwire/relay";
import { withRetries } from "./retries.js";

export interface ProcessUsage {
  /** CPU seconds (user + system) and resident memory at the report. */
  cpuSeconds: number;
  rssBytes: number;
}

/** A consumer's report: its subscription's own counters (their meaning is in RelayFeedStats), latency, usage. */
export interface ConsumerReport
  extends ProcessUsage,
    Pick<
      RelayFeedStats,
      | "duplicatesSkipped"
      | "consumerResets"
      | "repeatsSkipped"
      | "gapsDetected"
      | "replays"
      | "replayRetries"
      | "gapsPassedOver"
      | "relayCatchUps"
      | "catchingUp"
      | "reconnects"
      | "server"
    > {
  messages: number;
  p50: number;
  p99: number;
  max: number;
  /** Time from start to the first `expectLast` messages (the last values), ms. */
  lastValuesMs: number | null;
  /** When subscribeRelay was called, epoch ms. */
  subscribedAt: number;
  /** Messages by latency: up to 5, 20, 100, 500, 1,000 ms and above. */
  histogram: number[];
}

/** Upper bounds (ms) of the latency histogram's buckets; the last bucket is everything above. */
export const HISTOGRAM_BOUNDS = [5, 20, 100, 500, 1000];

function usage(): ProcessUsage {
  const cpu = process.cpuUsage();
  return { cpuSeconds: (cpu.user + cpu.system) / 1e6, rssBytes: process.memoryUsage().rss };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * A delivered message: subject, message ID (digits), arrival time (epoch ms) and its stream sequence (0: it arrived
 * live, not read from the stream).
 */
export type Delivered = [subject: string, id: string, at: number, streamSequence: number];

async function consumer(config: {
  servers: string[];
  stream: string;
  start: "new" | "last";
  live?: "core" | "jetstream";
  expectLast?: number;
  /** Read these instruments (asking the relay for them) instead of the whole feed. */
  instruments?: string[];
  /** Keep every delivered message for "delivered". */
  record?: boolean;
}): Promise<void> {
  let latencies = new Float64Array(1 << 16);
  /** Latencies recorded since the start or the last "restart" (the parent's warm-up is left out). */
  let count = 0;
  let messages = 0;
  let lastValuesMs: number | null = null;
  const started = performance.now();
  const subscribe = () =>
    subscribeRelay({
      servers: config.servers,
      stream: config.stream,
      ...(config.instruments ? { instruments: config.instruments } : { subjects: ["tickwire.md.>"] }),
      start: config.start,
      live: config.live,
    });
  const subscribedAt = Date.now();
  const feed = await withRetries("subscribeRelay", subscribe);
  const delivered: Delivered[] = [];
  // Counted into the histogram as they arrive: the parent's progress polls and reports then cost no pass over them.
  const histogram = HISTOGRAM_BOUNDS.map(() => 0).concat(0);
  feed.on("message", (message, info) => {
    if (config.record) delivered.push([info.subject, String(message.ID), Date.now(), info.streamSequence]);
    const latency = performance.timeOrigin + performance.now() - info.receivedAt;
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = latency;
    messages++;
    let bucket = 0;
    while (bucket < HISTOGRAM_BOUNDS.length && !(latency <= HISTOGRAM_BOUNDS[bucket])) bucket++;
    histogram[bucket]++;
  });
  // The sorted latencies of the last report, reused while no message arrived since.
  let sorted = new Float64Array(0);
  // Copies of an index list on several subjects are delivered once: the last values are complete when delivered
  // plus skipped copies reach the number of subjects.
  const lastValues = setInterval(() => {
    if (config.expectLast === undefined) return clearInterval(lastValues);
    if (messages + feed.stats().duplicatesSkipped >= config.expectLast) {
      lastValuesMs = performance.now() - started;
      clearInterval(lastValues);
    }
  }, 2);
  process.send?.({ ready: true });
  process.on("message", async (command) => {
    // The parent polls this while waiting for the consumers to drain: a count, nothing sorted.
    if (command === "count") process.send?.({ report: { messages } });
    else if (command === "restart") {
      count = 0;
      histogram.fill(0);
      sorted = new Float64Array(0);
      process.send?.({ report: { messages } });
    } else if (command === "report") {
      if (sorted.length !== count) sorted = latencies.slice(0, count).sort();
      const stats = feed.stats();
      const report: ConsumerReport = {
        messages,
        duplicatesSkipped: stats.duplicatesSkipped,
        consumerResets: stats.consumerResets,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
        lastValuesMs,
        subscribedAt,
        repeatsSkipped: stats.repeatsSkipped,
        gapsDetected: stats.gapsDetected,
        replays: stats.replays,
        replayRetries: stats.replayRetries,
        gapsPassedOver: stats.gapsPassedOver,
        relayCatchUps: stats.relayCatchUps,
        catchingUp: stats.catchingUp,
        reconnects: stats.reconnects,
        server: stats.server,
        histogram: [...histogram],
        ...usage(),
      };
      process.send?.({ report });
    } else if (command === "delivered") {
      process.send?.({ report: delivered });
    } else if (command === "close") {
      await feed.close();
      process.exit(0);
    }
  });
}

async function relay(options: RelayOptions): Promise<void> {
  const r = await withRetries("startRelay", () =>
    startRelay({
      ...options,
      logger: {
        warn: (m, fields) =>
          process.stderr.write(
            `[${new Date().toISOString()}] relay child ${options.name}: ${m} ${fields ? JSON.stringify(fields) : ""}\n`,
          ),
        info: (m) => process.stderr.write(`[${new Date().toISOString()}] relay child ${options.name}: ${m}\n`),
      },
    }),
  );
  if (r.role === "active") await r.active();
  process.send?.({ ready: true, role: r.role });
  let announced = r.role === "active";
  // Where a pause starts: the event loop's longest delay, and the longest time without a frame from the platform.
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  let framesSeen = 0;
  let lastFrameAt = Date.now();
  let longestWithoutFrameMs = 0;
  let longestWithoutFrameEndedAt = 0;
  // And the longest time frames waited in its buffer (NATS unreachable as far as the relay knows).
  let bufferingSince = 0;
  let longestBufferingMs = 0;
  const frameWatch = setInterval(() => {
    const stats = r.stats();
    const frames = stats.frames;
    const now = Date.now();
    if (stats.bufferedMessages > 0) {
      if (bufferingSince === 0) bufferingSince = now;
      longestBufferingMs = Math.max(longestBufferingMs, now - bufferingSince);
    } else bufferingSince = 0;
    if (frames !== framesSeen) {
      if (framesSeen > 0 && now - lastFrameAt > longestWithoutFrameMs) {
        longestWithoutFrameMs = now - lastFrameAt;
        longestWithoutFrameEndedAt = now;
      }
      framesSeen = frames;
      lastFrameAt = now;
    }
  }, 50);
  const watch = setInterval(() => {
    if (!announced && r.role === "active") {
      announced = true;
      process.send?.({ active: Date.now() });
    }
  }, 20);
  process.on("message", async (command) => {
    if (command === "report") {
      const health = {
        eventLoopMaxMs: loop.max / 1e6,
        longestWithoutFrameMs,
        longestWithoutFrameEndedAt,
        longestBufferingMs,
      };
      process.send?.({ report: { ...r.stats(), ...usage(), ...health } });
    } else if (command === "close") {
      clearInterval(watch);
      clearInterval(frameWatch);
      await r.close();
      process.exit(0);
    }
  });
}

process.on("disconnect", () => process.exit(0));
const [kind, json] = process.argv.slice(2);
if (kind === "consumer") await consumer(JSON.parse(json));
else if (kind === "relay") await relay(JSON.parse(json));

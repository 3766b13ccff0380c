// One relay consumer process of the delivery bench: subscribeRelay on the whole feed with the live path it is given
// ("batch" and "subjects": the core live path reading batches or per-instrument subjects), recording the
// latency from the relay's receive time to the decoded message. Answers "report" with its count, percentiles and
// CPU seconds, and exits at "close" or when the bench goes.
import { subscribeRelay } from "@tickwire/relay";

export interface DeliveryReport {
  count: number;
  p50: number;
  p99: number;
  max: number;
  cpuSeconds: number;
  gapsDetected: number;
  /** The live path subscribeRelay took (the bench checks it is the one asked for). */
  livePath: string;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const { servers, stream, path } = JSON.parse(process.argv[2]) as {
  servers: string[];
  stream: string;
  path: "batch" | "subjects" | "jetstream";
};
const feed = await subscribeRelay({
  servers,
  stream,
  subjects: ["tickwire.md.>"],
  start: "new",
  ...(path === "jetstream" ? { live: "jetstream" } : { live: "core", path }),
});
let latencies = new Float64Array(1 << 16);
let count = 0;
feed.on("message", (_message, info) => {
  if (count === latencies.length) {
    const grown = new Float64Array(latencies.length * 2);
    grown.set(latencies);
    latencies = grown;
  }
  latencies[count++] = performance.timeOrigin + performance.now() - info.receivedAt;
});
feed.on("error", () => {});
process.on("message", async (command) => {
  if (command === "restart") {
    // The warm-up's latencies and count are left out; CPU is measured as a difference by the bench.
    count = 0;
  }
  if (command === "report" || command === "restart") {
    const sorted = latencies.slice(0, count).sort();
    const cpu = process.cpuUsage();
    const report: DeliveryReport = {
      count,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      gapsDetected: feed.stats().gapsDetected,
      livePath: feed.stats().livePath,
    };
    process.send?.(report);
  } else if (command === "close") {
    await feed.close();
    process.exit(0);
  }
});
process.on("disconnect", () => process.exit(0));
process.send?.("ready");

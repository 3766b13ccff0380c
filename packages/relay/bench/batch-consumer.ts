// A whole-feed consumer's CPU per frame on the batched live path, in one process and without NATS: simulator frames
// are routed, numbered and batched as the relay does (a batch every --per frames, as the 1 ms bound cuts them at that
// rate), then handed to the consumer's batch subscription callback (CoreLive, with a connection that only records
// the callback) and delivered by the feed's own delivery (decode, dedupe, stats, events) to a listener like the
// campaign consumer's. CPU is process.cpuUsage over the rounds; the frames are built before.
// `--src` reads another copy of packages/relay/src (a paired comparison with an earlier commit's); `--listener none`
// leaves out the campaign consumer's latency recording (the harness's share).
//   node --import tsx bench/batch-consumer.ts [--per 20] [--frames 200000] [--rounds 5] [--src dir] [--listener none]
import { decodeMessage } from "@tickwire/codec";
import { MarketSimulator } from "@tickwire/sandbox";
import { zeroStats } from "../test/helpers.js";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const per = Number(arg("per", "20"));
const total = Number(arg("frames", "200000"));
const rounds = Number(arg("rounds", "5"));
const listener = arg("listener", "campaign");
const src = new URL(`${arg("src", "../src")}/`, import.meta.url);

const { Batcher, BatchReader, routePatterns, batchSubjects } = await import(new URL("batch.js", src).href);
const { CoreLive } = await import(new URL("core-live.js", src).href);
const { routeFrame } = await import(new URL("subjects.js", src).href);

// The batches, built once.
const batches: Uint8Array[] = [];
const batcher = new Batcher((_subject: string, data: Uint8Array) => batches.push(data), { maxFrames: 512 });
const sim = new MarketSimulator({ rate: 20000 });
const numbers = new Map<string, number>();
let frames = 0;
for (let i = 0; i < total; i++) {
  const bytes = sim.next().bytes;
  const routed = routeFrame(decodeMessage(bytes), bytes);
  if (!routed.ok) continue;
  frames++;
  for (const route of routed.routes) {
    const n = (numbers.get(route.subject) ?? 0) + 1;
    numbers.set(route.subject, n);
    const fanned = routed.routes.length > 1;
    batcher.addNumbered({ ...route, frameKey: routed.frameId, fanned }, bytes, "1700000000123.456", "e1abc", n);
  }
  if (frames % per === 0) batcher.flush();
}
batcher.flush();
batcher.stop();

function fakeConnection() {
  const callbacks: ((error: unknown, m: { data: Uint8Array; subject: string }) => void)[] = [];
  return {
    callbacks,
    nc: {
      subscribe: (_s: string, o: { callback: (typeof callbacks)[number] }) => {
        callbacks.push(o.callback);
        return { unsubscribe() {} };
      },
      flush: async () => {},
      status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => {}) }) }),
    },
    jsm: { streams: { info: async () => ({}) } },
  };
}

let received = 0;
let latencies = new Float64Array(1 << 16);
let count = 0;
const onMessage =
  listener === "campaign"
    ? (_message: unknown, info: { subject: string; receivedAt: number; streamSequence: number }) => {
        const latency = performance.timeOrigin + performance.now() - info.receivedAt;
        if (count === latencies.length) {
          const grown = new Float64Array(latencies.length * 2);
          grown.set(latencies);
          latencies = grown;
        }
        latencies[count++] = latency;
        received++;
      }
    : () => {
        received++;
      };

const patterns = routePatterns(["tickwire.md.>"]);
const stats = zeroStats();
// The feed's delivery as RelayFeed's #deliver does it (that class needs a connection): a multi-subject frame once,
// decode, the "message" event's info. `receivedAt` is a number from this commit on, the received header's text before.
const recent = new Set<string>();
const deliver = (bytes: Uint8Array, subject: string, at: unknown, frameId: string | undefined, seq: number) => {
  if (frameId) {
    if (recent.has(frameId)) return;
    recent.add(frameId);
    if (recent.size > 4096) recent.delete(recent.values().next().value as string);
  }
  const message = decodeMessage(bytes);
  const receivedAt = typeof at === "number" ? at : Number(at ?? Number.NaN);
  onMessage(message, { subject, receivedAt, streamSequence: seq });
};

/** A CoreLive on the whole feed's batches, started live only; returns its batch subscription's callback. */
async function consumer() {
  const { nc, jsm, callbacks } = fakeConnection();
  const core = new CoreLive({
    nc,
    js: {},
    jsm,
    stream: "S",
    filters: ["tickwire.md.>"],
    stats,
    gapWaitMs: 30_000,
    recentFromRelay: false,
    batches: { subjects: batchSubjects(patterns), reader: new BatchReader(patterns) },
    deliver,
    report: (error: Error) => console.error(error),
  });
  await core.start("new");
  return callbacks[0];
}

// Warm-up, then the rounds, each with a new consumer (the batches' numbering starts again).
const warm = await consumer();
for (const data of batches.slice(0, 2000)) warm(null, { data, subject: "tickwire.batch.NSECM" });
const results: number[] = [];
for (let r = 0; r < rounds; r++) {
  const callback = await consumer();
  const before = received;
  const cpu = process.cpuUsage();
  for (const data of batches) callback(null, { data, subject: "tickwire.batch.NSECM" });
  const used = process.cpuUsage(cpu);
  results.push((used.user + used.system) / (received - before));
  count = 0;
}
results.sort((a, b) => a - b);
const median = results[Math.floor(results.length / 2)];
console.log(
  JSON.stringify({
    per,
    frames,
    batches: batches.length,
    delivered: received,
    usPerFrame: results.map((x) => Number(x.toFixed(3))),
    median: Number(median.toFixed(3)),
    repeats: stats.repeatsSkipped,
    gaps: stats.gapsDetected,
  }),
);

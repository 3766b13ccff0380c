// What storing costs the three NATS nodes (R3, file storage) per frame, by what the stream stores: (a) one message
// per frame on its instrument's subject, as the relay stores today (its Publisher: core publish, reply inbox, the four
// headers); (b) the relay's batches (batch.ts: 512 frames, 64 KiB or 1 ms, one message each, a Nats-Msg-Id per
// batch); (c) (b) and each subject's last value, conflated to at most 10 a second per subject, in a second stream
// that keeps one message per subject (what late joiners would read). The simulator's frames at a fixed rate, paced
// every millisecond; CPU (utime + stime) of each node from /proc and of this process, per frame offered, over the
// measured seconds and the drain that follows them.
//   node --import tsx packages/relay/bench/stored-batches.ts [--rates 20000,50000] [--seconds 5] [--cases idle,a,b,c,d] [--storage file|memory] [--delay-ms 1] [--replicas 3] [--compress none|deflate] [--last-ms 100]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { constants, deflateRawSync } from "node:zlib";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect, createInbox, headers, type NatsConnection } from "@nats-io/transport-node";
import { MarketSimulator } from "@tickwire/sandbox/simulator";
import { startNatsServers } from "@tickwire/testkit/nats-server";
import { Batcher } from "../src/batch.js";
import { Publisher } from "../src/publisher.js";
import { type Route, routeFrame } from "../src/subjects.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const rates = arg("rates", "20000,50000").split(",").map(Number);
const seconds = Number(arg("seconds", "5"));
/** "memory" separates the file writes from the rest (replication, the stream's bookkeeping). */
const storage = arg("storage", "file");
/** The batches' time bound (the relay's default: 1 ms). */
const maxDelayMs = Number(arg("delay-ms", "1"));
/** The streams' replicas (3: every node stores every message). */
const replicas = Number(arg("replicas", "3"));
/** "deflate": each stored batch deflated (raw, level 1) by the publisher: fewer bytes replicated, its CPU counted. */
const compress = arg("compress", "none");
const cases = arg("cases", "idle,a,b,c,d").split(",") as Case[];
/** (c), (d): each subject's last value stored at most once in this many ms (the relay's lastValueIntervalMs). */
const lastValueMs = Number(arg("last-ms", "100"));
type Case = "idle" | "a" | "b" | "c" | "d";
const CASE_NAMES: Record<Case, string> = {
  idle: "the three nodes with the streams and nothing published",
  a: "(a) a stored message per frame",
  b: "(b) stored batches",
  c: "(c) stored batches + last values ≤ 10/s/subject",
  d: "(d) last values ≤ 10/s/subject alone (no history stored)",
};

interface Frame {
  bytes: Uint8Array;
  routes: Route[];
  frameId: string;
}

/** The simulator's frames, routed once: the bench publishes them round and round. */
function frames(count: number): Frame[] {
  const simulator = new MarketSimulator({ rate: 50_000 });
  const out: Frame[] = [];
  while (out.length < count) {
    const frame = simulator.next();
    const route = routeFrame(frame.message as never, frame.bytes);
    if (route.ok) out.push({ bytes: frame.bytes, routes: route.routes, frameId: route.frameId });
  }
  return out;
}

function cpuSeconds(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await sleep(20);
  }
  return true;
}

/** Stored publishes of batches and last values: core publishes with a reply subject, acks counted. */
class AckedPublisher {
  readonly #nc: NatsConnection;
  readonly #inbox = createInbox();
  sent = 0;
  acked = 0;
  refused = 0;
  bytes = 0;
  constructor(nc: NatsConnection) {
    this.#nc = nc;
    nc.subscribe(`${this.#inbox}.*`, {
      callback: (error, msg) => {
        if (error) return;
        const text = new TextDecoder().decode(msg.data);
        if (text.includes('"seq"') && !text.includes('"error"')) this.acked++;
        else this.refused++;
      },
    });
  }
  publish(subject: string, data: Uint8Array, msgId: string): void {
    const h = headers();
    h.set("Nats-Msg-Id", msgId);
    this.bytes += data.length;
    this.#nc.publish(subject, data, { headers: h, reply: `${this.#inbox}.${++this.sent}` });
  }
}

async function runCase(nc: NatsConnection, nodes: (number | undefined)[], kase: Case, rate: number, feed: Frame[]) {
  const jsm = await jetstreamManager(nc);
  const stamp = `${kase}${rate}`;
  const perFrame = `BENCH_FRAMES_${stamp}`;
  const batches = `BENCH_BATCHES_${stamp}`;
  const last = `BENCH_LAST_${stamp}`;
  const root = `bench${stamp}`;
  const common = { num_replicas: replicas, storage: storage as never, max_age: 60e9 };
  if (kase === "a")
    await jsm.streams.add({ name: perFrame, subjects: [`${root}.md.>`], max_msgs_per_subject: 1000, ...common });
  else {
    if (kase !== "d") await jsm.streams.add({ name: batches, subjects: [`${root}.batch.>`], ...common });
    if (kase === "c" || kase === "d")
      await jsm.streams.add({ name: last, subjects: [`${root}.md.>`], max_msgs_per_subject: 1, ...common });
  }
  const epoch = `e${stamp}`;
  const publisher =
    kase === "a"
      ? new Publisher(nc, { maxBufferBytes: 1024 ** 3, maxInFlight: 512, publishTimeoutMs: 10_000, onError: () => {} })
      : undefined;
  const stored = kase === "a" ? undefined : new AckedPublisher(nc);
  const batchSeq = new Map<string, number>();
  const batcher =
    kase === "a" || kase === "d"
      ? undefined
      : new Batcher(
          (subject, data) => {
            const n = (batchSeq.get(subject) ?? 0) + 1;
            batchSeq.set(subject, n);
            const body = compress === "deflate" ? deflateRawSync(data, { level: constants.Z_BEST_SPEED }) : data;
            stored?.publish(`${root}.${subject.slice("tickwire.".length)}`, body, `${epoch}.${subject}.${n}`);
          },
          { maxDelayMs },
        );
  const positions = new Map<string, number>();
  /** (c): each subject's latest frame not stored yet, published every lastValueMs. */
  const latest = new Map<string, { bytes: Uint8Array; msgId: string }>();
  const conflate =
    kase === "c" || kase === "d"
      ? setInterval(() => {
          for (const [subject, f] of latest) stored?.publish(`${root}.md.${subject}`, f.bytes, f.msgId);
          latest.clear();
        }, lastValueMs)
      : undefined;
  let storedBytes = 0;
  let seq = 0;
  let next = 0;
  const offer = (count: number) => {
    if (kase === "idle") return;
    for (let i = 0; i < count; i++) {
      const frame = feed[next];
      next = (next + 1) % feed.length;
      const receivedAt = (performance.timeOrigin + performance.now()).toFixed(3);
      const fanned = frame.routes.length > 1;
      for (const r of frame.routes) {
        const tail = r.subject.slice("tickwire.md.".length);
        if (publisher) {
          publisher.enqueue({
            subject: `${root}.md.${tail}`,
            msgId: `${r.msgId}.${seq}`,
            bytes: frame.bytes,
            receivedAt,
            frameId: fanned ? frame.frameId : undefined,
            seq: ++seq,
          });
          continue;
        }
        const n = (positions.get(tail) ?? 0) + 1;
        positions.set(tail, n);
        const route = {
          segment: r.segment,
          instrumentId: r.instrumentId,
          subtype: r.subtype,
          frameKey: frame.frameId,
          fanned,
        };
        batcher?.addNumbered(route, frame.bytes, receivedAt, epoch, n);
        if (conflate) latest.set(tail, { bytes: frame.bytes, msgId: `${r.msgId}.${n}` });
      }
    }
  };
  const before = nodes.map(cpuSeconds);
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  let offered = 0;
  // Paced: every millisecond, the frames due by now (a timer fires late under load: the next one makes it up).
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    offer(due - offered);
    offered = due;
    await sleep(1);
  }
  const offeredSeconds = (performance.now() - started) / 1000;
  batcher?.flush();
  if (conflate) clearInterval(conflate);
  for (const [subject, f] of latest) stored?.publish(`${root}.md.${subject}`, f.bytes, f.msgId);
  // Drained: every stored publish acknowledged (or 60 s).
  const drained = await waitFor(
    () =>
      publisher
        ? publisher.snapshot().inFlight === 0
        : (stored?.acked ?? 0) + (stored?.refused ?? 0) >= (stored?.sent ?? 0),
    60_000,
  );
  const drainSeconds = (performance.now() - started) / 1000 - offeredSeconds;
  const nodeCpu = nodes.map((pid, i) => cpuSeconds(pid) - before[i]);
  const self = process.cpuUsage(selfBefore);
  publisher?.stop();
  batcher?.stop();
  const storedMessages = publisher ? publisher.stats.published : (stored?.acked ?? 0);
  storedBytes = publisher ? 0 : (stored?.bytes ?? 0);
  const sum = nodeCpu.reduce((a, b) => a + b, 0);
  const result = {
    case: CASE_NAMES[kase],
    rate,
    load: loadavg().map((l) => Number(l.toFixed(2))),
    framesOffered: offered,
    framesPerSecond: Math.round(offered / offeredSeconds),
    storedMessages,
    storedPerSecond: Math.round(storedMessages / offeredSeconds),
    storedBytesPerMessage: storedBytes > 0 ? Math.round(storedBytes / (stored?.sent ?? 1)) : undefined,
    drained,
    drainSeconds: Number(drainSeconds.toFixed(2)),
    nodesMicrosPerFrame: Number(((sum * 1e6) / Math.max(1, offered)).toFixed(2)),
    nodesCpuPercent: Math.round((100 * sum) / offeredSeconds),
    perNodeMicrosPerFrame: nodeCpu.map((c) => Number(((c * 1e6) / offered).toFixed(2))),
    publisherMicrosPerFrame: Number(((self.user + self.system) / offered).toFixed(2)),
  };
  console.log(JSON.stringify(result));
  for (const name of [perFrame, batches, last]) await jsm.streams.delete(name).catch(() => false);
  return result;
}

const feed = frames(100_000);
const nats = await startNatsServers(3);
const nc = await connect({ servers: nats.urls, maxReconnectAttempts: -1 });
try {
  for (let tries = 0; ; tries++) {
    try {
      await (await jetstreamManager(nc)).getAccountInfo();
      break;
    } catch (error) {
      if (tries > 200) throw error;
      await sleep(100);
    }
  }
  const nodes = nats.nodes.map((n) => n.pid);
  const results = [];
  for (const rate of rates) for (const kase of cases) results.push(await runCase(nc, nodes, kase, rate, feed));
  console.log(
    "\n| case | rate asked | frames/s offered | stored msgs/s | 3 nodes µs/frame | 3 nodes CPU % | publisher µs/frame | drained (s) | load |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of results) {
    console.log(
      `| ${r.case} | ${r.rate} | ${r.framesPerSecond} | ${r.storedPerSecond} | ${r.nodesMicrosPerFrame} | ${r.nodesCpuPercent} | ${r.publisherMicrosPerFrame} | ${r.drained ? r.drainSeconds : "no"} | ${r.load[0]} |`,
    );
  }
} finally {
  await nc.close();
  await nats.close();
}

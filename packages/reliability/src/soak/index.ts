// The soak: many feed clients (binary format) subscribed to every instrument at the simulator's top rate, for
// minutes, against a sandbox in a child process. Counts what each client receives, what the slow-consumer policy
// drops and whom it disconnects (the server's counters), and samples the server's memory after a forced gc to judge
// whether it stays flat. Everything is bounded in time and closes itself.
import { poll } from "@tickwire/testkit/until";
import WebSocket from "ws";
import { forkSandbox, loginToken, type ServerSample } from "../load/child.js";
import type { PartOptions, PartReport } from "../parts.js";

/** The top rate the sandbox documents as sustained end to end (its README: 50,000 messages/s to one subscriber). */
export const SOAK_RATE = 50_000;
/** Flat means: heapUsed's least-squares slope over the last 80% of samples below this, and its max below the next. */
export const MAX_HEAP_SLOPE_KB_PER_MIN = 1024;
export const MAX_HEAP_BYTES = 256 * 1024 * 1024;

export interface SoakSize {
  clients: number;
  seconds: number;
  sampleEverySeconds: number;
  /** Messages per second (default: TICKWIRE_SOAK_RATE, else SOAK_RATE). */
  rate?: number;
}

export const FULL: SoakSize = { clients: 200, seconds: 600, sampleEverySeconds: 10 };
export const QUICK: SoakSize = { clients: 20, seconds: 20, sampleEverySeconds: 2 };

interface ClientCount {
  frames: number;
  bytes: number;
  /** Frames the client was told it lost ("slow consumer: N messages dropped ..." notices). */
  notifiedDrops: number;
  connects: number;
  closes: Record<string, number>;
}

/** The defaults, or TICKWIRE_SOAK_CLIENTS / _SECONDS for another size (e.g. a shorter look at a lower rate). */
function sizeFromEnv(quick: boolean): SoakSize {
  const base = quick ? QUICK : FULL;
  const env = (name: string, fallback: number) => {
    const value = Number(process.env[`TICKWIRE_SOAK_${name}`] ?? fallback);
    if (!(value > 0)) throw new RangeError(`TICKWIRE_SOAK_${name} must be a positive number`);
    return value;
  };
  return { ...base, clients: env("CLIENTS", base.clients), seconds: env("SECONDS", base.seconds) };
}

export async function run(options: PartOptions, size: SoakSize = sizeFromEnv(options.quick)): Promise<PartReport> {
  const { log } = options;
  // TICKWIRE_SOAK_RATE runs below the top rate, to see what the same clients get when they can keep up.
  const rate = size.rate ?? Number(process.env.TICKWIRE_SOAK_RATE ?? SOAK_RATE);
  if (!(rate > 0)) throw new RangeError("TICKWIRE_SOAK_RATE must be a positive number");
  const child = await forkSandbox({ rate, seed: 1 }, (size.seconds + 120) * 1000);
  const samples: ServerSample[] = [];
  const counts: ClientCount[] = [];
  const sockets = new Set<WebSocket>();
  let stopping = false;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const token = await loginToken(child);
    const subscribe = JSON.stringify({ action: "subscribe", instrumentIds: child.instrumentIds });
    const url = `${child.wsUrl}?key=${token}&format=binary`;
    const connect = (count: ClientCount) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      sockets.add(ws);
      ws.on("open", () => {
        count.connects++;
        ws.send(subscribe);
      });
      ws.on("message", (data: Buffer, binary) => {
        if (binary) {
          count.frames++;
          count.bytes += data.length;
          return;
        }
        const match = /slow consumer: (\d+) messages dropped/.exec(data.toString());
        if (match) count.notifiedDrops += Number(match[1]);
      });
      ws.on("error", () => {}); // the close that follows is what is counted
      ws.on("close", (code) => {
        sockets.delete(ws);
        count.closes[code] = (count.closes[code] ?? 0) + 1;
        // A client cut off by the policy comes back, as a real one would, so the load stays at `clients`.
        if (!stopping) setTimeout(() => !stopping && connect(count), 1000).unref();
      });
    };
    for (let k = 0; k < size.clients; k++) {
      const count: ClientCount = { frames: 0, bytes: 0, notifiedDrops: 0, connects: 0, closes: {} };
      counts.push(count);
      connect(count);
    }
    // The clock starts once every client has connected (or after 30 s, on a machine too busy for that).
    const connectBy = performance.now() + 30_000;
    while (counts.some((c) => c.connects === 0) && performance.now() < connectBy) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    log(`soak: ${size.clients} clients at ${rate}/s for ${size.seconds} s, server pid ${child.pid}`);
    const began = performance.now();
    let lastFrames = 0;
    const takeSample = async () => {
      const sample = await child.sample();
      samples.push(sample);
      const frames = counts.reduce((sum, c) => sum + c.frames, 0);
      log(
        `soak: t=${Math.round((performance.now() - began) / 1000)} s rss=${mb(sample.rss)} heapUsed=${mb(sample.heapUsed)} ` +
          `connections=${sample.connections} dropped=${sample.dropped} disconnects=${sample.slowConsumerDisconnects} ` +
          `frames=${frames} (+${frames - lastFrames})`,
      );
      lastFrames = frames;
    };
    // A first sample at the start: every run has its baseline and its end, however few ticks a starved machine fits in.
    await takeSample();
    await new Promise<void>((resolve, reject) => {
      const end = began + size.seconds * 1000;
      const tick = () => {
        takeSample().then(() => {
          if (performance.now() >= end - 100) resolve();
          else sampler = setTimeout(tick, Math.min(size.sampleEverySeconds * 1000, end - performance.now()));
        }, reject);
      };
      sampler = setTimeout(tick, size.sampleEverySeconds * 1000);
    });
    const elapsedSeconds = (performance.now() - began) / 1000;
    const atEnd = samples[samples.length - 1] as ServerSample;

    // The clients leave; the server must be back to no connections (nothing leaked per socket).
    stopping = true;
    await Promise.all(
      [...sockets].map(
        (ws) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              ws.terminate();
              resolve();
            }, 5000);
            ws.once("close", () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close(1000, "soak over");
          }),
      ),
    );
    // The server notices each close on its own schedule: a starved machine (CI) can take seconds, so it gets up to 10.
    let afterClose = await child.sample();
    await poll(
      async () => {
        afterClose = await child.sample();
        return afterClose.connections === 0;
      },
      10_000,
      100,
    );

    const frames = counts.map((c) => c.frames).sort((a, b) => a - b);
    const totalFrames = frames.reduce((a, b) => a + b, 0);
    const tail = samples.slice(Math.floor(samples.length * 0.2));
    const slope = slopeKbPerMinute(tail.map((s) => [s.atMs, s.heapUsed]));
    const maxHeap = Math.max(...samples.map((s) => s.heapUsed));
    const maxRss = Math.max(...samples.map((s) => s.rss));
    const judged = !options.quick;
    const flat = maxHeap < MAX_HEAP_BYTES && (!judged || (tail.length >= 3 && slope < MAX_HEAP_SLOPE_KB_PER_MIN));
    const closedClean = afterClose.connections === 0;
    const producedPerSecond = Math.round(atEnd.produced / (atEnd.atMs / 1000));
    const summary =
      `${size.clients} clients, ${Math.round(elapsedSeconds)} s at ${rate}/s target (produced ${producedPerSecond}/s): ` +
      `${totalFrames} frames delivered (${Math.round(totalFrames / elapsedSeconds)}/s in all, per client min ` +
      `${frames[0]} median ${frames[Math.floor(frames.length / 2)]} max ${frames[frames.length - 1]}), ` +
      `${atEnd.dropped} dropped by policy, ${atEnd.slowConsumerDisconnects} slow-consumer disconnects; ` +
      `heapUsed max ${mb(maxHeap)}, slope ${slope.toFixed(0)} KB/min over the last 80% ` +
      `(${judged ? `flat if < ${MAX_HEAP_SLOPE_KB_PER_MIN} KB/min and max < ${mb(MAX_HEAP_BYTES)}` : "not judged in quick mode"}); ` +
      `rss max ${mb(maxRss)}; connections after the clients left: ${afterClose.connections}`;
    return {
      ok: flat && closedClean && totalFrames > 0,
      summary,
      size,
      rate,
      elapsedSeconds,
      frames: {
        total: totalFrames,
        perSecond: Math.round(totalFrames / elapsedSeconds),
        perClient: { min: frames[0], median: frames[Math.floor(frames.length / 2)], max: frames[frames.length - 1] },
        bytes: counts.reduce((sum, c) => sum + c.bytes, 0),
      },
      produced: atEnd.produced,
      producedPerSecond,
      dropped: atEnd.dropped,
      droppedNotifiedToClients: counts.reduce((sum, c) => sum + c.notifiedDrops, 0),
      slowConsumerDisconnects: atEnd.slowConsumerDisconnects,
      connects: counts.reduce((sum, c) => sum + c.connects, 0),
      closeCodes: mergeCounts(counts.map((c) => c.closes)),
      memory: {
        verdict: judged ? (flat ? "flat" : "NOT flat") : "not judged (quick)",
        heapSlopeKbPerMinute: Math.round(slope),
        maxHeapUsed: maxHeap,
        maxRss,
        rule: `least-squares slope of heapUsed (after gc) over the last 80% of samples < ${MAX_HEAP_SLOPE_KB_PER_MIN} KB/min, and max heapUsed < ${mb(MAX_HEAP_BYTES)}`,
      },
      samples,
      afterClose,
    };
  } finally {
    stopping = true;
    clearTimeout(sampler);
    for (const ws of sockets) ws.terminate();
    const code = await child.close();
    log(`soak: sandbox child exited with ${code}`);
  }
}

/** Least-squares slope of bytes over milliseconds, as KB per minute. */
export function slopeKbPerMinute(points: ReadonlyArray<readonly [number, number]>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const meanX = points.reduce((s, [x]) => s + x, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den === 0 ? 0 : ((num / den) * 60_000) / 1024;
}

function mergeCounts(all: ReadonlyArray<Record<string, number>>): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const counts of all) for (const [key, n] of Object.entries(counts)) merged[key] = (merged[key] ?? 0) + n;
  return merged;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

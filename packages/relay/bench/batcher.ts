// The relay's two batchers' cost per frame (the live batches and, storing batches, the stored ones), in one process,
// no NATS: frames routed by routeFrame and handed to a Batcher as the relay of that source hands them (its route with
// the id halves, subtype index and receive time in µs where the source has them; else a route object made per frame
// and the receive time parsed from its text, as before). `--src` reads another copy of packages/relay/src (a paired
// comparison with an earlier commit's: `git worktree add` or `git archive` it next to this one). Rounds alternate the
// two sources; CPU (process.cpuUsage) per frame, median of the rounds.
//   node --import tsx bench/batcher.ts [--src dir] [--frames 1000000] [--rounds 7] [--per 10]
import { loadavg } from "node:os";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const frames = Number(arg("frames", "1000000"));
const rounds = Number(arg("rounds", "7"));
/** Frames a batch (the live batches at 50,000/s hold about 10 a segment at their 1 ms bound). */
const per = Number(arg("per", "10"));
const sources = { this: "../src", other: arg("src", "") };

interface Source {
  Batcher: new (
    publish: (subject: string, data: Uint8Array) => void,
    options: { maxFrames: number; maxDelayMs: number },
  ) => {
    addNumbered: (...args: unknown[]) => void;
    stop: () => void;
  };
  routeFrame: (message: never, bytes: Uint8Array) => { ok: boolean; routes: Record<string, unknown>[] };
}

async function load(dir: string): Promise<Source> {
  const src = new URL(`${dir}/`, import.meta.url);
  const { Batcher } = await import(new URL("batch.js", src).href);
  const { routeFrame } = await import(new URL("subjects.js", src).href);
  return { Batcher, routeFrame };
}

const EPOCH = "abcdef012345";
let sink = 0;

function measure(source: Source, count: number): number {
  // 200 frames of 100 instruments and two subtypes over two segments, 100-159 bytes each.
  const input = Array.from({ length: 200 }, (_, i) => {
    const bytes = new Uint8Array(100 + (i % 60)).fill(i);
    const value = { InstrumentID: 110010000002885n + BigInt(i % 100), ExchangeSegment: i % 5 === 0 ? 2 : 1 };
    const routed = source.routeFrame(
      { ID: BigInt(1000 + i), subtype: { case: i % 3 ? "TouchLineDataMessage" : "TickData", value } } as never,
      bytes,
    );
    if (!routed.ok) throw new Error("not routed");
    return { bytes, route: routed.routes[0] };
  });
  const batcher = new source.Batcher(
    (_subject, data) => {
      sink += data.length;
    },
    { maxFrames: per, maxDelayMs: 1e9 },
  );
  const carried = "idLo" in input[0].route;
  const started = process.cpuUsage();
  for (let k = 0; k < count; k++) {
    const { bytes, route: r } = input[k % input.length];
    const now = 1_700_000_000_000 + k / 10;
    const receivedAt = now.toFixed(3);
    if (carried) batcher.addNumbered(r, bytes, receivedAt, EPOCH, k + 1, Math.round(now * 1000));
    else {
      const route = {
        segment: r.segment,
        instrumentId: r.instrumentId,
        subtype: r.subtype,
        frameKey: "1000.0000abcd",
        fanned: false,
      };
      batcher.addNumbered(route, bytes, receivedAt, EPOCH, k + 1);
    }
  }
  batcher.stop();
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1000) / count;
}

const loaded: [string, Source][] = [["this", await load(sources.this)]];
if (sources.other) loaded.push([sources.other, await load(sources.other)]);
const results = new Map<string, number[]>(loaded.map(([name]) => [name, []]));
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? loaded : [...loaded].reverse();
  for (const [name, source] of order) results.get(name)?.push(measure(source, frames));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const [name, xs] of results) {
  console.log(`${name}: ${median(xs).toFixed(0)} ns a frame (rounds ${xs.map((x) => x.toFixed(0)).join(", ")})`);
}
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}${sink > 0 ? "" : " (nothing batched)"}`,
);

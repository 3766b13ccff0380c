// How much of a 1 MB decode is the collector's: per subject and decoder, one process
// decodes the subject over and over for a window of 2 s (after 500 ms of warm-up) and sums
// the pauses the 'gc' performance entries report within it. What a decoder allocates and
// keeps is its output, the same objects for any decoder that returns protobuf-es's
// message, so the collector's time of the decoder that allocates least besides its output
// is close to what any such decoder must pay: fromBinary's time over it bounds the ratio.
// `allocated` and `kept` (MB a decode, from used_heap_size around one decode with and
// without the result kept, in a process whose young generation holds it whole) show how
// little besides its output each decoder allocates.
//
// node dist/general/collector.js [--rounds 3]: one process per subject and decoder,
// processes interleaved over the rounds, medians.
import { execFileSync } from "node:child_process";
import { PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { getHeapStatistics } from "node:v8";
import { fromBinary } from "@bufbuild/protobuf";
import * as features from "../gen/tickwire/bench/v1/features_tw.js";
import * as orders from "../gen/tickwire/orders/v1/orders_tw.js";
import { generalSubjects } from "./subjects.js";

export const SUBJECTS = ["RepeatedMessages-1MB", "MessageMap-1MB", "Nested-1MB", "Order-1MB"];
export const DECODERS = ["tickwire", "protobuf-es"] as const;
export type Decoder = (typeof DECODERS)[number];

type Decode = (bytes: Uint8Array) => unknown;
const GENERATED: Record<string, Decode> = {
  RepeatedMessages: (b) => features.decodeRepeatedMessages(b),
  MessageMap: (b) => features.decodeMessageMap(b),
  Nested: (b) => features.decodeNode(b),
  Order: (b) => orders.decodeOrder(b),
};

/** The subject's one frame and the decoder's function for it. */
export function decoderFor(subjectName: string, decoder: Decoder): { frame: Uint8Array; decode: Decode } {
  const [subject] = generalSubjects((n) => n === subjectName);
  const generated = subject === undefined ? undefined : GENERATED[subject.feature];
  if (subject === undefined || generated === undefined) throw new Error(`no subject ${subjectName}`);
  const desc = subject.desc;
  return { frame: subject.frames[0], decode: decoder === "tickwire" ? generated : (b) => fromBinary(desc, b) };
}

export interface CollectorShare {
  /** Milliseconds a decode over the window, collections included. */
  ms: number;
  /** Of which in collector pauses. */
  gcMs: number;
  decodes: number;
}

// biome-ignore lint/correctness/noUnusedVariables: only written, so that the optimiser keeps each call whose result it holds
let sink: unknown;

/** Decodes for `windowMs` after a warm-up and sums the collector's pauses that began within the window. */
export async function collectorShare(decode: Decode, frame: Uint8Array, windowMs: number): Promise<CollectorShare> {
  const warmUntil = performance.now() + Math.min(500, windowMs);
  while (performance.now() < warmUntil) sink = decode(frame);
  const pauses: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ start: e.startTime, duration: e.duration });
  });
  observer.observe({ entryTypes: ["gc"] });
  let decodes = 0;
  const start = performance.now();
  while (performance.now() - start < windowMs) {
    sink = decode(frame);
    decodes++;
  }
  const end = performance.now();
  // The entries reach the observer from the event loop, after this synchronous window.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const gc = pauses.filter((p) => p.start >= start && p.start < end).reduce((sum, p) => sum + p.duration, 0);
  return { ms: (end - start) / decodes, gcMs: gc / decodes, decodes };
}

/** MB one decode allocates, and MB it leaves behind when its result is kept (call with --expose-gc and a young generation larger than both). */
export function heapPerDecode(decode: Decode, frame: Uint8Array): { allocated: number; kept: number } {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error("heapPerDecode needs --expose-gc");
  for (let i = 0; i < 5; i++) sink = decode(frame);
  const used = () => getHeapStatistics().used_heap_size;
  sink = undefined;
  collect();
  let before = used();
  sink = decode(frame);
  const allocated = used() - before;
  collect();
  before = used();
  sink = undefined;
  collect();
  const kept = before - used();
  return { allocated: allocated / 1e6, kept: kept / 1e6 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

async function main(argv: string[]): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  if (argv[0] === "--one") {
    const { frame, decode } = decoderFor(argv[1], argv[2] as Decoder);
    console.log(JSON.stringify(await collectorShare(decode, frame, 2000)));
    return;
  }
  if (argv[0] === "--heap") {
    const { frame, decode } = decoderFor(argv[1], argv[2] as Decoder);
    console.log(JSON.stringify(heapPerDecode(decode, frame)));
    return;
  }
  const roundsAt = argv.indexOf("--rounds");
  const rounds = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : 3;
  const shares = new Map<string, CollectorShare[]>();
  for (let round = 0; round < rounds; round++) {
    for (const subject of SUBJECTS) {
      for (const decoder of round % 2 === 0 ? DECODERS : [...DECODERS].reverse()) {
        const out = execFileSync(process.execPath, [self, "--one", subject, decoder], { encoding: "utf8" });
        const key = `${subject} ${decoder}`;
        shares.set(key, [...(shares.get(key) ?? []), JSON.parse(out) as CollectorShare]);
      }
    }
  }
  const heap = (subject: string, decoder: Decoder) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ["--expose-gc", "--min-semi-space-size=128", "--max-semi-space-size=128", self, "--heap", subject, decoder],
        { encoding: "utf8" },
      ),
    ) as { allocated: number; kept: number };
  console.log(
    "| subject | fromBinary ms | of which collector | tickwire ms | of which collector | tickwire MB allocated / kept | fromBinary's ms over tickwire's collector ms |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const subject of SUBJECTS) {
    const of = (decoder: Decoder) => shares.get(`${subject} ${decoder}`) ?? [];
    const es = of("protobuf-es");
    const tw = of("tickwire");
    const esMs = median(es.map((s) => s.ms));
    const twGc = median(tw.map((s) => s.gcMs));
    const { allocated, kept } = heap(subject, "tickwire");
    console.log(
      `| ${subject} | ${esMs.toFixed(1)} | ${median(es.map((s) => s.gcMs)).toFixed(1)} | ${median(tw.map((s) => s.ms)).toFixed(1)} | ${twGc.toFixed(1)} | ${allocated.toFixed(1)} / ${kept.toFixed(1)} | ${(esMs / twGc).toFixed(2)}x |`,
    );
  }
  console.log(
    `(${rounds} rounds of 2 s windows, node ${process.version}; the last column: the most a decoder can gain over fromBinary if reading cost nothing and it paid the collector what tickwire does)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));

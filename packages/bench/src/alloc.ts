// Bytes allocated per decoded message, in a child process started with --expose-gc and
// a fixed 64 MiB young generation (--min/--max-semi-space-size=64):
//   minor gc; y0 = young generation used; decode N messages; y1 = young generation used
// Nothing is collected between y0 and y1 when N messages allocate well under the
// young generation, so y1 - y0 is everything they allocated on the V8 heap, garbage
// included. The young generation (new space and new large-object space), not the whole
// heap: after a full GC the collector may still be sweeping the old generation on its own
// threads, and the heap's used size then falls by megabytes during a window with no GC
// recorded (a loaded CI run measured protobuf-es at 0 bytes a message that way). A window
// during which any GC ran (seen by a PerformanceObserver) is discarded; the figure is the
// median over the clean windows, less the cost of the measurement itself (an empty
// window). Limits: off-heap memory (ArrayBuffer backing stores, e.g. a Uint8Array a
// decoder copies into) is not counted, nor anything allocated straight into the old
// generation (pretenured); allocations that TurboFan's escape analysis removes are
// (rightly) not counted; the first calls' feedback and code allocations are excluded by
// warming up first.
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
import { delimitBytes, type MarketDataMessageBaseView, ViewDecoder } from "@tickwire/codec";
import { cpuMs } from "./cpu-windows.js";
import { makeDecoders } from "./decoders.js";
import type { PbjsType } from "./peers.js";
import { MIXED, type Subject } from "./subjects.js";

export const ALLOC_NODE_FLAGS = ["--expose-gc", "--min-semi-space-size=64", "--max-semi-space-size=64"];

export interface AllocResult {
  id: string;
  subject: string;
  variant: string;
  bytesPerMessage: number;
  /** Messages per window and clean windows used. */
  messagesPerWindow: number;
  windows: number;
}

/** Bytes in use in the young generation: where a decoder's short-lived objects are allocated. */
function youngBytes(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics())
    if (space.space_name === "new_space" || space.space_name === "new_large_object_space")
      used += space.space_used_size;
  return used;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 === 1 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

export async function measureAllocations(
  subjects: Subject[],
  pbjs: PbjsType,
  selected: (id: string) => boolean,
  windowsPerCase: number,
  /** Bytes a window may allocate: far below the 64 MiB semi-space, so no scavenge starts inside it. */
  windowBytes = 8 * 1024 * 1024,
  /** CPU milliseconds each decoder (by variant name) runs before it is measured. */
  warmupMs: (variant: string) => number = () => 300,
): Promise<AllocResult[]> {
  const exposed = (globalThis as { gc?: (options?: { type: "minor" }) => void }).gc;
  if (exposed === undefined) throw new Error("the allocation suite needs node --expose-gc");
  // A young-generation collection empties the space a window measures; a full one costs more (it marks the whole
  // heap: the subjects, the peers' generated code) and clears nothing more that the window counts.
  const gc = () => exposed({ type: "minor" });
  const gcs: [number, number][] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([e.startTime, e.startTime + e.duration]);
  });
  observer.observe({ entryTypes: ["gc"] });

  interface Window {
    id: string;
    start: number;
    end: number;
    delta: number;
    messages: number;
  }
  const windows: Window[] = [];
  const measure = (id: string, run: () => void, messages: number) => {
    gc();
    const start = performance.now();
    const h0 = youngBytes();
    run();
    const h1 = youngBytes();
    windows.push({ id, start, end: performance.now(), delta: h1 - h0, messages });
  };

  const plan: { id: string; subject: string; variant: string; messages: number; run: () => void }[] = [];
  for (let w = 0; w < windowsPerCase; w++) measure("empty", () => {}, 1);
  for (const subject of subjects) {
    for (const decoder of makeDecoders(pbjs, () => false)) {
      const id = `alloc/${subject.name}/${decoder.name}`;
      if (!selected(id)) continue;
      decoder.setup?.();
      // Warm up (and estimate the size) on one pass, then size the window to windowBytes.
      const probe = subject.frames.length === 1 ? Array(200).fill(subject.frames[0]) : subject.frames;
      const warm = decoder.loop(probe);
      // Warm up by time, not by a count: until the optimising compiler has taken the
      // code, the engine boxes every double it computes, which a window would count. CPU
      // time, not wall time: on a starved machine 300 ms of wall time could end before the
      // code had run enough to be optimised (a loaded CI run saw 17 bytes per message).
      const warmUntil = cpuMs() + warmupMs(decoder.name);
      for (let pass = 0; pass < 5 || cpuMs() < warmUntil; pass++) warm();
      gc();
      const h0 = youngBytes();
      warm();
      const perMessage = Math.max(16, (youngBytes() - h0) / probe.length);
      const messages = Math.max(probe.length, Math.min(200_000, Math.floor(windowBytes / perMessage)));
      const list: Uint8Array[] = Array.from({ length: messages }, (_, i) => subject.frames[i % subject.frames.length]);
      const run = decoder.loop(list);
      run();
      for (let w = 0; w < windowsPerCase; w++) measure(id, run, messages);
      plan.push({ id, subject: subject.name, variant: decoder.name, messages, run });
    }
  }
  // The zero-allocation path over a byte stream: ViewDecoder.pushEach over the mixed
  // feed, size-delimited and cut into chunks (frames span chunks and are assembled).
  const mixed = subjects.find((s) => s.name === MIXED);
  for (const [label, chunkBytes] of STREAM_CHUNKS) {
    const id = `alloc/${MIXED}-stream-${label}/codec-view`;
    if (mixed === undefined || !selected(id)) continue;
    // As many messages as a window of windowBytes would hold at 16 bytes each (smoke runs are small).
    const messages = Math.max(mixed.frames.length, Math.min(100_000, Math.floor(windowBytes / 16)));
    const run = viewStreamLoop(mixed.frames, messages, chunkBytes);
    const warmUntil = cpuMs() + warmupMs("codec-view");
    for (let pass = 0; pass < 3 || cpuMs() < warmUntil; pass++) run();
    for (let w = 0; w < windowsPerCase; w++) measure(id, run, messages);
    plan.push({ id, subject: `${MIXED}-stream-${label}`, variant: "codec-view", messages, run });
  }
  // GC entries are delivered asynchronously; let them arrive before judging windows.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  await settle();
  const clean = (w: Window) => !gcs.some(([s, e]) => s < w.end && e > w.start);
  // A case whose every window saw a GC is measured again, after a full collection (which ends a major one's marking
  // under way), up to three times: on Node 24, at the lowest priority of a CI run, protobuf-es on IncrementalUpdate-20
  // had a collection in each of its three windows and the whole smoke run failed.
  for (let retry = 0; retry < 3; retry++) {
    const again = plan.filter(({ id }) => !windows.some((w) => w.id === id && clean(w)));
    if (again.length === 0) break;
    for (const { id, run, messages } of again) {
      exposed();
      for (let w = 0; w < windowsPerCase; w++) measure(id, run, messages);
    }
    await settle();
  }
  observer.disconnect();
  const overhead = median(windows.filter((w) => w.id === "empty" && clean(w)).map((w) => w.delta));

  return plan.map(({ id, subject, variant, messages }) => {
    const mine = windows.filter((w) => w.id === id && clean(w));
    if (mine.length === 0) throw new Error(`${id}: every window saw a GC; nothing to report`);
    return {
      id,
      subject,
      variant,
      bytesPerMessage: Math.max(0, (median(mine.map((w) => w.delta)) - overhead) / messages),
      messagesPerWindow: messages,
      windows: mine.length,
    };
  });
}

const STREAM_CHUNKS: [string, number][] = [
  ["1KiB", 1024],
  ["64KiB", 64 * 1024],
];

let streamSink = 0;
/** Read after a run so the visitor's work is observable. */
export function lastStreamSum(): number {
  return streamSink;
}

/** One pass pushes `messages` delimited frames, in chunks of `chunkBytes`, through one ViewDecoder. */
function viewStreamLoop(frames: Uint8Array[], messages: number, chunkBytes: number): () => void {
  const parts = Array.from({ length: messages }, (_, i) => delimitBytes(frames[i % frames.length]));
  const stream = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    stream.set(p, at);
    at += p.length;
  }
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < stream.length; i += chunkBytes) chunks.push(stream.subarray(i, i + chunkBytes));
  const decoder = new ViewDecoder();
  let sum = 0;
  const visit = (view: MarketDataMessageBaseView) => {
    sum += view.MessageCode;
  };
  return () => {
    for (let i = 0; i < chunks.length; i++) decoder.pushEach(chunks[i], visit);
    streamSink = sum;
  };
}

// The timing core of the CPU-time benches (bench:number-path, bench:short): one decoder per
// worker process, timed in CPU time (process.cpuUsage), since the machines these run on are
// often shared and wall time would charge other processes' work to the decoder.

export type Decode = (bytes: Uint8Array) => unknown;

export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * The timed loop, compiled apart per process so that its call site sees one decoder: `repeats`
 * passes over `frames`, returning the last result so that nothing is optimised away.
 */
export function decodeLoop(decode: Decode, frames: Uint8Array[], repeats: number): () => unknown {
  const make = new Function(
    "decode",
    "frames",
    "repeats",
    "let last; return () => { for (let k = 0; k < repeats; k++) for (let i = 0; i < frames.length; i++) last = decode(frames[i]); return last; };",
  ) as (decode: Decode, frames: Uint8Array[], repeats: number) => () => unknown;
  return make(decode, frames, repeats);
}

export interface CpuWindows {
  /** Run untimed first: TurboFan compiles on another thread, and its CPU time lands in the first loops. */
  warmupMs: number;
  windows: number;
  windowMs: number;
}

/** The median over `windows` of CPU ns per decode, `decodesPerLoop` decodes to a call of `loop`. */
export function medianCpuNs(
  loop: () => unknown,
  decodesPerLoop: number,
  { warmupMs, windows, windowMs }: CpuWindows,
): { ns: number; kept: boolean } {
  let kept: unknown;
  let start = cpuMs();
  while (cpuMs() - start < warmupMs) kept = loop();
  const perDecode: number[] = [];
  for (let w = 0; w < windows; w++) {
    let calls = 0;
    start = cpuMs();
    while (cpuMs() - start < windowMs) {
      kept = loop();
      calls++;
    }
    perDecode.push(((cpuMs() - start) * 1e6) / (calls * decodesPerLoop));
  }
  perDecode.sort((a, b) => a - b);
  return { ns: perDecode[windows >> 1], kept: kept !== undefined };
}

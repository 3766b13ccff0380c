// node dist/number-path-cpu.js [--rounds 5] [--other <codec build's dist/index.js>] [--filter <regex>]
//
// The market-data number path (`decodeMessage` with int64 "number") against protobufjs, timed in
// CPU time, for a machine too busy for the wall-clock rounds of cli.ts: one variant per process,
// processes interleaved over rounds in an order rotated each round, each process warmed up for
// 500 ms of CPU time (the optimising compiler's thread is charged to the process as well) and then
// timed in seven 60 ms windows of CPU time, of which the median counts. `--other` adds a second
// build of the codec (another checkout's `packages/codec/dist/index.js`): an A/B of two builds.
// Per subject: the median over rounds of protobufjs / codec (and other / codec), both from the
// same round, with the 95% interval over rounds (as rounds.ts).
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { decodeMessage } from "@tickwire/codec";
import { type Decode, decodeLoop, medianCpuNs } from "./cpu-windows.js";
import { medianInterval } from "./measure.js";
import { loadPbjs, protobufjsLongs } from "./peers.js";
import { repeatsFor, subjects } from "./subjects.js";

const MIXED_COUNT = 2000;
const TIMING = { warmupMs: 500, windows: 7, windowMs: 60 };

const { values: opts } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    rounds: { type: "string" },
    other: { type: "string" },
    filter: { type: "string" },
    worker: { type: "string" },
    subject: { type: "string" },
  },
});

async function worker(variant: string, subjectName: string): Promise<void> {
  const subject = subjects(MIXED_COUNT).find((s) => s.name === subjectName);
  if (subject === undefined) throw new Error(`no subject ${subjectName}`);
  let decode: Decode;
  if (variant === "protobufjs") {
    const pbjs = await loadPbjs();
    protobufjsLongs(false);
    decode = (bytes) => pbjs.decode(bytes);
  } else {
    const codec =
      variant === "codec" ? decodeMessage : ((await import(variant)) as { decodeMessage: Decode }).decodeMessage;
    const options = { int64: "number" } as const;
    decode = (bytes) => (codec as (b: Uint8Array, o: typeof options) => unknown)(bytes, options);
  }
  const repeats = repeatsFor(subject);
  const loop = decodeLoop(decode, subject.frames, repeats);
  process.stdout.write(`${JSON.stringify(medianCpuNs(loop, repeats * subject.frames.length, TIMING))}\n`);
}

const interval = (values: number[]) => medianInterval([...values].sort((a, b) => a - b));

function parent(): void {
  const rounds = Number(opts.rounds ?? 5);
  const filter = new RegExp(opts.filter ?? "");
  const variants = ["protobufjs", "codec", ...(opts.other === undefined ? [] : [opts.other])];
  const names = subjects(MIXED_COUNT)
    .map((s) => s.name)
    .filter((n) => filter.test(n));
  const ns = new Map<string, number[]>(); // `${subject} ${variant}` -> per round
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      for (let i = 0; i < variants.length; i++) {
        const variant = variants[(i + round) % variants.length] as string;
        const out = execFileSync(
          process.execPath,
          [process.argv[1] as string, "--worker", variant, "--subject", name],
          { encoding: "utf8" },
        );
        const key = `${name} ${variant}`;
        ns.set(key, [...(ns.get(key) ?? []), (JSON.parse(out) as { ns: number }).ns]);
      }
    }
    process.stderr.write(`round ${round + 1} of ${rounds} done\n`);
  }
  const fmt = (m: { median: number; low: number; high: number }) =>
    `${m.median.toFixed(2)}x (${m.low.toFixed(2)}-${m.high.toFixed(2)})`;
  const lines = [`node ${process.version}, ${rounds} rounds, CPU time; per round protobufjs / codec and other / codec`];
  for (const name of names) {
    const codec = ns.get(`${name} codec`) ?? [];
    const pbjs = ns.get(`${name} protobufjs`) ?? [];
    const codecNs = interval(codec).median;
    let line = `${name}: codec ${codecNs.toFixed(0)} ns, protobufjs ${interval(pbjs).median.toFixed(0)} ns, protobufjs/codec ${fmt(interval(pbjs.map((p, i) => p / (codec[i] as number))))}`;
    if (opts.other !== undefined) {
      const other = ns.get(`${name} ${opts.other}`) ?? [];
      line += `; other ${interval(other).median.toFixed(0)} ns, other/codec ${fmt(interval(other.map((o, i) => o / (codec[i] as number))))}`;
    }
    lines.push(line);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

if (opts.worker !== undefined) await worker(opts.worker, opts.subject ?? "");
else parent();

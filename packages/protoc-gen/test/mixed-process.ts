// Speed that does not depend on history: every message of Google's test schemas (the ones this
// package's tests generate) timed alone, one process per message, and in a process that decodes
// every message type round-robin first, the way a service runs. Not a test: timings on a shared
// machine are noisy, so it runs the two variants in separate processes, interleaved, for a number
// of rounds, and compares medians. Exits 1 when a message is more than `--limit` times slower mixed.
//
//   node --import tsx test/mixed-process.ts [--int64 bigint|number] [--rounds 3] [--filter <regex>] [--limit 1.5]
//
// Each timed message gets a timing loop compiled apart (new Function), so the loop's call site sees
// one decoder in both variants: a loop shared by every message would itself turn megamorphic in the
// mixed process and charge the harness's slowdown to the decoders.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { toBinary } from "@bufbuild/protobuf";
import fc from "fast-check";
import { messageArb } from "./arbitrary.js";
import { file_conformance_test_protos_test_messages_edition2023 } from "./gen/conformance/test_protos/test_messages_edition2023_pb.js";
import * as edition2023 from "./gen/conformance/test_protos/test_messages_edition2023_tw.js";
import { file_google_protobuf_map_unittest } from "./gen/google/protobuf/map_unittest_pb.js";
import * as mapUnittest from "./gen/google/protobuf/map_unittest_tw.js";
import { file_google_protobuf_test_messages_proto2 } from "./gen/google/protobuf/test_messages_proto2_pb.js";
import * as proto2 from "./gen/google/protobuf/test_messages_proto2_tw.js";
import { file_google_protobuf_test_messages_proto3 } from "./gen/google/protobuf/test_messages_proto3_pb.js";
import * as proto3 from "./gen/google/protobuf/test_messages_proto3_tw.js";
import { file_google_protobuf_unittest_proto3 } from "./gen/google/protobuf/unittest_proto3_pb.js";
import * as unittestProto3 from "./gen/google/protobuf/unittest_proto3_tw.js";
import { type Codec, codecsOf, shapeName } from "./generated.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    int64: { type: "string", default: "bigint" },
    rounds: { type: "string", default: "3" },
    filter: { type: "string", default: "" },
    limit: { type: "string", default: "1.5" },
  },
});
const int64 = values.int64 as "bigint" | "number";
const options = { int64 };

interface Subject {
  name: string;
  codec: Codec;
  inputs: Uint8Array[];
}

/** Every message with a non-empty input under 4 KiB, four seeded inputs each, that decodes in this int64 mode. */
function subjects(only?: string): Subject[] {
  const codecs = [
    ...codecsOf(file_google_protobuf_map_unittest, mapUnittest),
    ...codecsOf(file_google_protobuf_unittest_proto3, unittestProto3),
    ...codecsOf(file_google_protobuf_test_messages_proto3, proto3),
    ...codecsOf(file_google_protobuf_test_messages_proto2, proto2),
    ...codecsOf(file_conformance_test_protos_test_messages_edition2023, edition2023),
  ];
  const found: Subject[] = [];
  for (const codec of codecs) {
    const name = `${codec.desc.file.name.split("/").pop()}:${shapeName(codec.desc)}`;
    if (only !== undefined && name !== only) continue;
    let inputs: Uint8Array[];
    try {
      inputs = fc.sample(messageArb(codec.desc, 2), { seed: 7, numRuns: 4 }).map((m) => toBinary(codec.desc, m));
      for (const bytes of inputs) codec.decode(bytes, options);
    } catch {
      continue; // a required field left unset, or a 64-bit value the number mode refuses
    }
    if (inputs.some((b) => b.length > 0) && inputs.every((b) => b.length < 4096)) {
      found.push({ name, codec, inputs });
    }
  }
  return found;
}

type Loop = (
  decode: unknown,
  inputs: Uint8Array[],
  options: unknown,
  n: number,
  cpu: () => number,
) => [number, unknown];

/** This process's CPU time in ms (user and system): a process that waits for a core is not charged for the wait. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * ns of CPU time per decode: the median of 7 timings of about 10 ms or more each, after 300 ms of warm-up.
 * A timing during which the process's other threads ran for more than 5% of it is taken again after they
 * settle (up to 20 times): cpuUsage charges them to the loop, and an optimising compile of another
 * function (a large reader reached through a nested field) can take longer than the warm-up. It made a
 * fresh process's TestAllTypesProto2_NestedMessage read 69-171 µs a decode against 17-31 µs mixed.
 */
function time(subject: Subject): number {
  const loop = new Function(
    "decode",
    "inputs",
    "options",
    "n",
    "cpu",
    // The message's name ends the source: V8 caches what new Function compiles by its source text, and functions made
    // from one cached source share their feedback, which would undo the loop of its own per message.
    `let sink; const t0 = cpu(); for (let i = 0; i < n; i++) for (let j = 0; j < inputs.length; j++) sink = decode(inputs[j], options); return [cpu() - t0, sink]; // ${subject.name}`,
  ) as Loop;
  let n = 500;
  while (loop(subject.codec.decode, subject.inputs, options, n, cpuMs)[0] < 10) n *= 2;
  // Warm up for 300 ms more: the optimising compiler runs on another thread, whose time
  // cpuUsage charges to whatever loop is running while it compiles.
  for (let spent = 0; spent < 300; ) spent += loop(subject.codec.decode, subject.inputs, options, n, cpuMs)[0];
  settleBackgroundThreads();
  const times: number[] = [];
  for (let retakes = 0; times.length < 7; ) {
    const background = backgroundNs();
    const ms = loop(subject.codec.decode, subject.inputs, options, n, cpuMs)[0];
    if ((backgroundNs() - background) / 1e6 > ms * 0.05 && retakes < 20) {
      retakes++;
      settleBackgroundThreads();
      continue;
    }
    times.push((ms * 1e6) / n / subject.inputs.length);
  }
  return median(times);
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

function roundRobin(all: Subject[], rounds: number): void {
  for (let k = 0; k < rounds; k++) for (const s of all) for (const bytes of s.inputs) s.codec.decode(bytes, options);
}

/** CPU ns spent so far by this process's threads other than the main one (Linux; 0 elsewhere). */
function backgroundNs(): number {
  if (!existsSync("/proc/self/task")) return 0;
  let ns = 0;
  for (const task of readdirSync("/proc/self/task")) {
    if (task === String(process.pid)) continue;
    try {
      ns += Number(readFileSync(`/proc/self/task/${task}/schedstat`, "utf8").split(" ")[0]); // time on a CPU
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns;
}

/**
 * Waits (up to 5 s) until the background threads have run for under 1 ms in 100 ms. The round-robin leaves
 * optimising compiles of other messages' decoders queued: TestAllTypesProto3's takes about 0.5 s of a
 * compiler thread, and cpuUsage would charge it to the message timed next (it doubled TestMap's figure).
 */
function settleBackgroundThreads(): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let before = backgroundNs();
  for (let waited = 0; waited < 5000; waited += 100) {
    Atomics.wait(pause, 0, 0, 100);
    const now = backgroundNs();
    if (now - before < 1e6) return;
    before = now;
  }
}

/** A child: "alone <name>" times one message in a fresh process; "mixed" times each after all have run. */
function child(mode: string, name: string | undefined): void {
  const all = subjects(mode === "alone" ? name : undefined);
  const times: Record<string, number> = {};
  if (mode === "alone") {
    const subject = all[0];
    if (subject === undefined) throw new Error(`no subject ${name}`);
    settleBackgroundThreads();
    times[subject.name] = time(subject);
  } else {
    const pattern = new RegExp(values.filter);
    roundRobin(all, 300);
    for (const s of all) {
      if (!pattern.test(s.name)) continue;
      roundRobin(all, 3);
      settleBackgroundThreads();
      times[s.name] = time(s);
    }
  }
  process.stdout.write(JSON.stringify(times));
}

function parent(): void {
  const pattern = new RegExp(values.filter);
  const names = subjects()
    .map((s) => s.name)
    .filter((n) => pattern.test(n));
  const self = fileURLToPath(import.meta.url);
  const run = (...args: string[]): Record<string, number> =>
    JSON.parse(
      execFileSync(process.execPath, [...process.execArgv, self, "child", ...args, ...flagArgs()], {
        encoding: "utf8",
      }),
    );
  const alone = new Map<string, number[]>(names.map((n) => [n, []]));
  const mixed = new Map<string, number[]>(names.map((n) => [n, []]));
  const timesOf = (map: Map<string, number[]>, name: string) => map.get(name) ?? [];
  for (let round = 0; round < Number(values.rounds); round++) {
    // Interleaved: one mixed process between every alone ones, so a burst of load hits both variants.
    for (const [n, t] of Object.entries(run("mixed"))) mixed.get(n)?.push(t);
    for (const name of names) timesOf(alone, name).push(run("alone", name)[name] ?? Number.NaN);
    process.stderr.write(`round ${round + 1} done\n`);
  }
  const rows = names
    .map((n) => ({ n, a: median(timesOf(alone, n)), m: median(timesOf(mixed, n)) }))
    .sort((x, y) => y.m / y.a - x.m / x.a);
  console.log(`int64 ${int64}, ${values.rounds} rounds; ns per decode, medians; mixed/alone`);
  for (const { n, a, m } of rows) console.log(`${(m / a).toFixed(2)}\t${a.toFixed(1)}\t${m.toFixed(1)}\t${n}`);
  const over = rows.filter(({ a, m }) => m / a > Number(values.limit));
  if (over.length > 0) {
    console.log(`${over.length} message(s) more than ${values.limit}x slower mixed than alone`);
    process.exitCode = 1;
  }
}

function flagArgs(): string[] {
  return ["--int64", int64, "--filter", values.filter];
}

if (positionals[0] === "child") child(positionals[1] ?? "", positionals[2]);
else parent();

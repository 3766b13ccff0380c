// The CI smoke run: every suite once with tiny budgets (the harness's correctness, not
// speed), its three outputs well-formed, --compare passing an identical run and failing
// a synthetic regression, and a wrong decoder stopping the run before anything is timed.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DECODERS, ENCODERS } from "../src/decoders.js";
import { isResults, type Results } from "../src/results.js";
import { STREAM_VARIANTS } from "../src/stream.js";
import { benchRunner, sabotagedSmoke } from "./run-bench.js";

const out = mkdtempSync(join(tmpdir(), "tickwire-bench-"));
const SUBJECTS = [
  "TickData",
  "TouchLine-5+5",
  "MarketDepth-20+20",
  "IndexDataList-50",
  "IncrementalUpdate-20",
  "Mixed",
];

const bench = benchRunner();

const smoke = bench("--smoke", "--out", out);
// A failed smoke run writes no results: say why it failed (its stderr), not that the file is missing (a CI run, Node 24).
if (smoke.code !== 0) throw new Error(`the smoke run exited ${smoke.code}:\n${smoke.stderr.slice(-4000)}`);
const results = JSON.parse(readFileSync(join(out, "smoke.json"), "utf8")) as Results;

test("the smoke run succeeds and prints the table and the target verdicts", () => {
  assert.equal(smoke.code, 0, smoke.stderr);
  assert.match(smoke.stdout, /ns\/op/);
  assert.match(smoke.stdout, /decode\/MarketDepth-20\+20\/codec-number/);
  assert.match(smoke.stdout, /(PASS|MISS)/);
});

test("the result file holds every case of every suite, with sane figures", () => {
  assert.ok(isResults(results));
  assert.equal(results.mode, "smoke");
  const ids = new Set(results.cases.map((c) => c.id));
  for (const s of SUBJECTS) {
    for (const d of DECODERS) assert.ok(ids.has(`decode/${s}/${d}`), `decode/${s}/${d}`);
    for (const e of ENCODERS) assert.ok(ids.has(`encode/${s}/${e}`), `encode/${s}/${e}`);
  }
  for (const v of STREAM_VARIANTS) assert.ok(ids.has(`stream/capture/${v}`), v);
  assert.equal(results.cases.length, SUBJECTS.length * (DECODERS.length + ENCODERS.length) + STREAM_VARIANTS.length);
  for (const c of results.cases) {
    assert.ok(c.nsPerOp > 0 && Number.isFinite(c.nsPerOp), c.id);
    assert.ok(c.nsLow <= c.nsPerOp && c.nsPerOp <= c.nsHigh, `${c.id}: interval around the median`);
    assert.ok(c.mbPerSec > 0 && c.samples >= 2, c.id);
    if (c.suite !== "stream") {
      assert.equal(typeof c.vsProtobufEs, "number", c.id);
      assert.equal(typeof c.vsProtobufjs, "number", c.id);
    }
  }
  // Plus the view decoder over the mixed feed as a stream, in 1 KiB and 64 KiB chunks.
  assert.equal(results.allocations.length, SUBJECTS.length * DECODERS.length + 2);
  for (const chunks of ["1KiB", "64KiB"]) {
    assert.ok(
      results.allocations.some((a) => a.id === `alloc/Mixed-stream-${chunks}/codec-view`),
      chunks,
    );
  }
  for (const a of results.allocations) assert.ok(a.bytesPerMessage >= 0 && a.windows > 0, a.id);
  // The skip-scan materialises nothing; protobuf-es builds objects for every message.
  assert.ok(results.allocations.filter((a) => a.variant === "skip-scan").every((a) => a.bytesPerMessage < 16));
  assert.ok(results.allocations.filter((a) => a.variant === "protobuf-es").every((a) => a.bytesPerMessage > 100));
  // The codec README's claim: ViewDecoder allocates nothing per message on every subject and as a stream. Any
  // object per message is 16 bytes or more; under 8 leaves room for what a smoke run's short window also counts on a
  // loaded machine (a background compile landing in it: CI saw 3.5 bytes on Mixed), not for an object per message.
  const views = results.allocations.filter((a) => a.variant === "codec-view");
  assert.equal(views.length, SUBJECTS.length + 2);
  for (const a of views) assert.ok(a.bytesPerMessage < 8, `${a.id}: ${a.bytesPerMessage} bytes per message`);
});

test("the environment names the Node version, CPU, libraries and commit", () => {
  const e = results.environment;
  assert.equal(e.node, process.version);
  assert.ok(e.cpu.length > 0 && e.cores > 0);
  assert.match(e.commit, /^[0-9a-f]{40}$|^unknown$/);
  for (const lib of ["@tickwire/codec", "@bufbuild/protobuf", "protobufjs", "tinybench"]) {
    assert.match(e.libraries[lib], /^\d+\.\d+\.\d+/, lib);
  }
});

test("every codec target is decided: two per subject and the streaming one", () => {
  assert.equal(results.targets.length, SUBJECTS.length * 2 + 1);
  for (const t of results.targets) {
    assert.equal(t.verdict, (t.better === "higher" ? t.ratio >= t.goal : t.ratio <= t.goal) ? "PASS" : "MISS");
  }
});

test("the ratios come from interleaved rounds of one-variant processes, and the table shows the verdicts' figures", () => {
  assert.equal(results.method, "interleaved");
  assert.equal(results.settings.rounds, 2);
  for (const c of results.cases.filter((x) => x.suite !== "stream"))
    assert.equal(c.samples, 2, `${c.id}: one figure per round`);
  for (const t of results.targets.filter((x) => x.subject !== "capture")) {
    assert.equal(t.method, "interleaved", `${t.name} ${t.subject}`);
    const fast = t.name.startsWith("decodeMessage") ? "codec" : "codec-number";
    const c = results.cases.find((x) => x.id === `decode/${t.subject}/${fast}`);
    assert.equal(
      t.name.startsWith("decodeMessage") ? c?.vsProtobufEs : c?.vsProtobufjs,
      t.ratio,
      `${t.name} ${t.subject}`,
    );
    assert.equal(typeof t.inProcess, "number", "the in-process cross-check ran");
    const drift = Math.abs((t.inProcess as number) / t.ratio - 1);
    assert.equal(
      t.warning !== undefined,
      drift > 0.15,
      `${t.subject}: a warning exactly when they differ by more than 15%`,
    );
  }
  for (const w of results.warnings ?? []) assert.ok(smoke.stdout.includes(`warning: ${w}`), w);
});

test("--worker paired still prints in-process paired ratios", () => {
  const r = bench(
    "--worker",
    "paired",
    "--smoke",
    "--pair",
    "protobufjs,codec-number",
    "--filter",
    "^decode/TickData/",
  );
  assert.equal(r.code, 0, r.stderr);
  const ratios = JSON.parse(r.stdout.trim().split("\n").at(-1) ?? "null") as {
    subject: string;
    slow: string;
    fast: string;
    ratio: number;
  }[];
  assert.deepEqual(
    ratios.map((p) => [p.subject, p.slow, p.fast]),
    [["TickData", "protobufjs", "codec-number"]],
  );
  assert.ok(ratios[0].ratio > 0);
});

test("the Markdown report and its SVG chart are written", () => {
  const md = readFileSync(join(out, "smoke.md"), "utf8");
  assert.match(md, /^# @tickwire\/bench results/);
  assert.match(md, /## Targets/);
  assert.match(md, /\*\*(PASS|MISS)\*\*/);
  assert.match(md, /!\[decode ratios\]\(smoke\.svg\)/);
  for (const section of ["## decode", "## encode", "## stream", "## allocation"])
    assert.ok(md.includes(section), section);
  const svg = readFileSync(join(out, "smoke.svg"), "utf8");
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/);
  assert.match(svg, /<\/svg>\n$/);
  const bars = results.cases.filter((c) => c.suite === "decode" && c.variant !== "protobuf-es").length;
  assert.equal(svg.match(/<rect /g)?.length, bars);
});

test("--compare passes an identical run", () => {
  const file = join(out, "smoke.json");
  const r = bench("--against", file, "--compare", file);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /no regression/);
});

test("--compare exits non-zero on a synthetic regression and names the case", () => {
  const baseline = structuredClone(results);
  const c = baseline.cases.find((x) => x.id === "decode/TickData/codec");
  assert.ok(c);
  // The baseline claims the case ran in half the current interval's lower end, with a tight interval.
  c.nsPerOp = c.nsLow / 2;
  c.nsLow = c.nsPerOp * 0.99;
  c.nsHigh = c.nsPerOp * 1.01;
  const file = join(out, "faster-baseline.json");
  writeFileSync(file, JSON.stringify(baseline));
  const r = bench("--against", join(out, "smoke.json"), "--compare", file);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /decode\/TickData\/codec .*REGRESSED/);
  assert.match(r.stdout, /1 regression\(s\): decode\/TickData\/codec$/m);
});

test("a decoder that returns a wrong value stops the run before timing", () => {
  const r = sabotagedSmoke(bench, out, "^decode/TickData/", "decode/TickData/protobufjs$");
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /verification failed, nothing was timed: TickData\/protobufjs: frame 0 decodes wrongly: MessageCode: 1512 != 1513/,
  );
  assert.doesNotMatch(r.stderr, /timing/);
});

test("a wrong stream variant fails its verification too", () => {
  const r = sabotagedSmoke(bench, out, "^stream/", "chunks-64KiB");
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /stream\/chunks-64KiB: \d+ messages, the capture holds \d+/);
});

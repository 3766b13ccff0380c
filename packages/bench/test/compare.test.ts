import assert from "node:assert/strict";
import { test } from "node:test";
import { compareResults, mergeBaseline } from "../src/compare.js";
import type { CaseResult } from "../src/measure.js";
import { RESULT_SCHEMA, type Results } from "../src/results.js";

function result(id: string, ns: number, moe = 0.02): CaseResult {
  return {
    id,
    suite: "decode",
    subject: "TickData",
    variant: id,
    nsPerOp: ns,
    nsLow: ns * (1 - moe),
    nsHigh: ns * (1 + moe),
    moePercent: moe * 100,
    opsPerSec: 1e9 / ns,
    mbPerSec: 1,
    bytesPerOp: 57,
    samples: 100,
    meanNsPerOp: ns,
  };
}

function run(cases: CaseResult[], bytes: Record<string, number> = {}): Results {
  return {
    schema: RESULT_SCHEMA,
    createdAt: "2024-11-21T00:00:00.000Z",
    mode: "full",
    environment: {
      node: "v20",
      v8: "11",
      platform: "linux",
      arch: "x64",
      cpu: "cpu",
      cores: 2,
      memoryGiB: 1,
      commit: "unknown",
      dirty: false,
      libraries: {},
    },
    settings: {},
    cases,
    allocations: Object.entries(bytes).map(([id, b]) => ({
      id,
      subject: "TickData",
      variant: id,
      bytesPerMessage: b,
      messagesPerWindow: 1000,
      windows: 5,
    })),
    targets: [],
    seconds: 1,
  };
}

const verdict = (base: Results, current: Results, threshold = 0.1) =>
  Object.fromEntries(compareResults(base, current, threshold).map((c) => [c.id, c.verdict]));

test("an identical run has no regression", () => {
  const r = run([result("a", 100), result("b", 200)], { x: 100 });
  assert.deepEqual(verdict(r, r), { a: "unchanged", b: "unchanged", x: "unchanged" });
});

test("slower beyond the threshold with separate intervals is a regression", () => {
  assert.equal(verdict(run([result("a", 100)]), run([result("a", 150)])).a, "regressed");
});

test("slower beyond the threshold but within the baseline's noise is not", () => {
  // A merged baseline whose interval spans 60..160 ns: 150 ns lies inside it.
  const wide = { ...result("a", 100), nsLow: 60, nsHigh: 160 };
  assert.equal(verdict(run([wide]), run([result("a", 150)])).a, "unchanged");
});

test("a clear but small slowdown below the threshold is not a regression", () => {
  assert.equal(verdict(run([result("a", 100, 0.001)]), run([result("a", 105, 0.001)])).a, "unchanged");
  assert.equal(verdict(run([result("a", 100, 0.001)]), run([result("a", 105, 0.001)]), 0.03).a, "regressed");
});

test("faster beyond the threshold is an improvement; cases on one side only are new or missing", () => {
  assert.deepEqual(verdict(run([result("a", 100), result("gone", 1)]), run([result("a", 50), result("added", 1)])), {
    a: "improved",
    added: "new",
    gone: "missing",
  });
});

test("more bytes allocated per message beyond threshold and slack is a regression", () => {
  assert.equal(verdict(run([], { x: 0 }), run([], { x: 8 })).x, "unchanged");
  assert.equal(verdict(run([], { x: 0 }), run([], { x: 200 })).x, "regressed");
  assert.equal(verdict(run([], { x: 1000 }), run([], { x: 1050 })).x, "unchanged");
  assert.equal(verdict(run([], { x: 1000 }), run([], { x: 1500 })).x, "regressed");
});

test("a merged baseline takes the median and spans every run's interval", () => {
  const merged = mergeBaseline([run([result("a", 100)]), run([result("a", 140)]), run([result("a", 90)])]);
  const [a] = merged.cases;
  assert.equal(a.nsPerOp, 100);
  assert.equal(a.nsLow, 90 * 0.98);
  assert.equal(a.nsHigh, 140 * 1.02);
  assert.equal(verdict(merged, run([result("a", 125)])).a, "unchanged");
  assert.equal(verdict(merged, run([result("a", 200)])).a, "regressed");
});

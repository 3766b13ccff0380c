// One method gives the published ratio: the case table's ratio columns and the target
// verdicts both read the median of per-round ratios from interleaved one-variant processes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type CaseResult, timeCases } from "../src/measure.js";
import { MARKET_DATA_TARGETS, targets } from "../src/results.js";
import { rotation, runRounds, summariseRounds } from "../src/rounds.js";
import { addRatios } from "../src/suites.js";

/** One round's result; its window mean is its median unless a round says otherwise. */
function result(variant: string, nsPerOp: number, subject = "TouchLine-5+5", meanNsPerOp = nsPerOp): CaseResult {
  return {
    id: `decode/${subject}/${variant}`,
    suite: "decode",
    subject,
    variant,
    nsPerOp,
    nsLow: nsPerOp,
    nsHigh: nsPerOp,
    moePercent: 0,
    opsPerSec: 1e9 / nsPerOp,
    mbPerSec: 0,
    bytesPerOp: 297,
    samples: 20,
    meanNsPerOp,
  };
}

test("the order of the processes rotates each round, so every variant runs in every position", () => {
  assert.deepEqual(rotation(["A", "B"], 0), ["A", "B"]);
  assert.deepEqual(rotation(["A", "B"], 1), ["B", "A"]);
  assert.deepEqual(rotation(["A", "B", "C"], 4), ["B", "C", "A"]);
});

test("runRounds runs every group once per round, in the rotated order", async () => {
  const calls: string[] = [];
  const perRound = await runRounds(["A", "B"], 3, async (group, round) => {
    calls.push(`${round}${group}`);
    return [result(group, 100 + round)];
  });
  assert.deepEqual(calls, ["0A", "0B", "1B", "1A", "2A", "2B"]);
  assert.deepEqual(
    perRound.map((r) => r.map((c) => c.variant)),
    [
      ["A", "B"],
      ["B", "A"],
      ["A", "B"],
    ],
  );
});

// Five rounds; in round 2 the machine was busy while codec-number ran (its figure triples),
// in round 4 while protobufjs ran. Per-round ratios: 2.4 2.4 0.8 2.5 7.5 -> median 2.4.
const ROUNDS: [number, number][] = [
  [1100, 458],
  [1110, 462],
  [1105, 1381],
  [1125, 450],
  [3375, 450],
];

test("a case's ratio is the median of its per-round ratios, so a busy round moves neither", () => {
  const { cases, ratios } = summariseRounds(
    ROUNDS.map(([pbjs, number]) => [result("protobufjs", pbjs), result("codec-number", number)]),
  );
  const number = cases.find((c) => c.variant === "codec-number");
  assert.ok(number);
  assert.equal(number.nsPerOp, 458, "ns/op: the median of the rounds' figures");
  assert.equal(number.samples, 5);
  assert.ok(number.nsLow <= 458 && 458 <= number.nsHigh);
  const ratio = ratios.find((r) => r.fast === "codec-number" && r.slow === "protobufjs");
  assert.ok(ratio);
  assert.equal(ratio.ratio.toFixed(4), (1110 / 462).toFixed(4));
  assert.equal(ratio.rounds, 5);
  assert.ok(ratio.low <= ratio.ratio && ratio.ratio <= ratio.high);
  assert.equal(
    ratios.some((r) => r.fast === "protobufjs" && r.slow === "protobufjs"),
    false,
    "no ratio of a peer to itself",
  );
});

// A 1 MB decode pays a collection in some calls and not in others. Three rounds whose
// sample medians are the calls that paid none (6 ms) and whose window means count the
// collections (18-20 ms), against a peer that pays in every call (30 ms both ways).
test("a round's figure is its window mean, collections included, not the median of its samples", () => {
  const { cases, ratios } = summariseRounds(
    [20e6, 18e6, 19e6].map((mean) => [
      result("protobuf-es", 30e6, "Nested-1MB"),
      result("tickwire", 6e6, "Nested-1MB", mean),
    ]),
  );
  const tickwire = cases.find((c) => c.variant === "tickwire");
  assert.equal(tickwire?.nsPerOp, 19e6, "ns/op: the median of the window means");
  assert.equal(tickwire?.meanNsPerOp, 19e6);
  const ratio = ratios.find((r) => r.fast === "tickwire" && r.slow === "protobuf-es");
  assert.equal(ratio?.ratio.toFixed(4), (30 / 19).toFixed(4), "not 30 / 6 from the sample medians");
});

test("timeCases gives each case its window mean beside the median of its samples", async () => {
  // Every fourth call busy-waits 4 ms and the others return at once: any 12 calls in a row hold
  // three slow ones, so the mean is at least 1 ms while the median is a fast call. (The fast calls
  // busy-waited 0.4 ms before: a run starved at the lowest priority stretched them to a 4.8 ms median.)
  let calls = 0;
  const spin = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until);
  };
  const [timed] = await timeCases(
    [
      {
        id: "decode/Bimodal/x",
        suite: "decode",
        subject: "Bimodal",
        variant: "x",
        opsPerCall: 1,
        bytesPerCall: 1,
        fn: () => {
          if (++calls % 4 === 0) spin(4);
        },
      },
    ],
    { time: 1, warmupTime: 0, warmupIterations: 1, iterations: 12 },
  );
  assert.ok(timed.samples >= 12);
  assert.ok(timed.meanNsPerOp >= 0.9e6, `mean ${timed.meanNsPerOp} ns`);
  assert.ok(timed.nsPerOp < timed.meanNsPerOp / 1.5, `median ${timed.nsPerOp} ns, mean ${timed.meanNsPerOp} ns`);
});

test("the case table and the target verdict show the same figure", () => {
  const { cases, ratios } = summariseRounds(
    ROUNDS.map(([pbjs, number]) => [result("protobufjs", pbjs), result("codec-number", number)]),
  );
  addRatios(cases, ratios);
  const number = cases.find((c) => c.variant === "codec-number");
  const [verdict] = targets(MARKET_DATA_TARGETS, cases, ratios);
  assert.equal(verdict.name, 'int64: "number" vs protobufjs');
  assert.equal(verdict.method, "interleaved");
  assert.equal(number?.vsProtobufjs, verdict.ratio);
  assert.notEqual(verdict.ratio, 1110 / 458, "not the ratio of the two medians");
  assert.equal(verdict.verdict, "PASS");
});

test("without rounds (--in-process), the ratio divides the two medians", () => {
  const cases = [result("protobufjs", 1830), result("codec-number", 610)];
  addRatios(cases);
  assert.equal(cases[1].vsProtobufjs, 3);
  const [verdict] = targets(MARKET_DATA_TARGETS, cases);
  assert.equal(verdict.method, "table");
});

test("an in-process cross-check more than 15% away from the interleaved ratio warns, naming who it flatters", () => {
  const cases = [result("protobufjs", 1100), result("codec-number", 500)];
  const interleaved = [
    {
      suite: "decode" as const,
      subject: "TouchLine-5+5",
      slow: "protobufjs",
      fast: "codec-number",
      ratio: 2.2,
      low: 2.1,
      high: 2.3,
      rounds: 11,
    },
  ];
  const inProcess = (ratio: number) => [{ ...interleaved[0], ratio }];
  const [close] = targets(MARKET_DATA_TARGETS, cases, interleaved, inProcess(2.45));
  assert.equal(close.inProcess, 2.45);
  assert.equal(close.warning, undefined);
  const [high] = targets(MARKET_DATA_TARGETS, cases, interleaved, inProcess(2.6));
  assert.match(
    high.warning ?? "",
    /^in-process figure flatters codec-number on decode\/TouchLine-5\+5: .*2\.60x in one process, 2\.20x interleaved/,
  );
  assert.equal(high.ratio, 2.2, "the verdict stays the interleaved figure");
  const [low] = targets(MARKET_DATA_TARGETS, cases, interleaved, inProcess(1.8));
  assert.match(low.warning ?? "", /flatters protobufjs/);
});

// The case table and the target verdicts give one ratio for a paired case: the paired one.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { CaseResult } from "../src/measure.js";
import { addRatios } from "../src/suites.js";

function result(variant: string, nsPerOp: number): CaseResult {
  const id = `decode/TouchLine-5+5/${variant}`;
  return {
    id,
    suite: "decode",
    subject: "TouchLine-5+5",
    variant,
    nsPerOp,
    nsLow: nsPerOp,
    nsHigh: nsPerOp,
    moePercent: 0,
    opsPerSec: 1e9 / nsPerOp,
    mbPerSec: 0,
    bytesPerOp: 0,
    samples: 20,
  };
}

test("a paired ratio replaces the cross-process one for that case and peer, and is marked", () => {
  // The committed Node 20 figures: codec-number's own process ran under load (1,356 ns).
  const cases = [
    result("protobufjs", 1830),
    result("codec-number", 1356),
    result("codec", 909),
    result("protobuf-es", 10310),
  ];
  addRatios(cases, [
    {
      subject: "TouchLine-5+5",
      slow: "protobufjs",
      fast: "codec-number",
      ratio: 2.31,
      low: 2.28,
      high: 2.43,
      rounds: 31,
    },
  ]);
  const number = cases[1];
  assert.equal(number.vsProtobufjs, 2.31);
  assert.deepStrictEqual(number.pairedWith, ["protobufjs"]);
  assert.equal(number.vsProtobufEs, 10310 / 1356, "the unpaired peer keeps the cross-process ratio");
  assert.equal(cases[2].vsProtobufjs, 1830 / 909);
  assert.equal(cases[2].pairedWith, undefined);
});

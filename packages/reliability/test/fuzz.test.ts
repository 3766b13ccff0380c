// The fuzz harness itself: the oracle flags what it must and lets through only the
// documented differences, the mutation operators make what they say, and a campaign
// finds a planted bug.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DecodeError, decodeMessage } from "@tickwire/codec";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { outcomeOf } from "@tickwire/testkit/outcome";
import { tag, varint } from "@tickwire/testkit/wire";
import { type Finding, run, runTarget } from "../src/fuzz/index.js";
import { inputs, mutate } from "../src/fuzz/inputs.js";
import { judge, normalise, reference } from "../src/fuzz/oracle.js";
import { splitExecutions, targetSeed } from "../src/fuzz/schedule.js";
import { type Target, targets } from "../src/fuzz/targets.js";
import { scan } from "../src/fuzz/wire.js";

const hex = (text: string) => new Uint8Array(Buffer.from(text, "hex"));
const ours = (bytes: Uint8Array, mode: "bigint" | "number" = "bigint") =>
  outcomeOf(() => normalise(decodeMessage(bytes, { int64: mode }), mode));

describe("fuzz oracle", () => {
  test("lets through the documented wrong-wire-type difference, and only where a known field has the wrong wire type", () => {
    const ltpAsVarint = hex("d21f0928000000000000f03f"); // TickData.LTP sent with wire type 0
    assert.equal(judge(ltpAsVarint, "bigint", ours(ltpAsVarint), reference(ltpAsVarint)), undefined);
    const valid = new Uint8Array([...tag(1, 0), 5]);
    const claimed = { ok: false as const, error: new DecodeError("INVALID_WIRE_TYPE", "planted", 0, 0) };
    assert.equal(judge(valid, "bigint", claimed, reference(valid))?.kind, "rejected-valid");
  });

  test("accepts INT64_RANGE in the number mode for a large value even when a later one replaces it", () => {
    const twice = hex("10ffffffffffffffff011005");
    assert.equal(judge(twice, "number", ours(twice, "number"), reference(twice)), undefined);
    assert.deepEqual(scan(twice, MarketDataMessageBaseSchema), { wrongWireType: false, unsafeInt64: true });
  });

  test("flags a crash, a mismatch and an accepted invalid input", () => {
    const valid = new Uint8Array([...tag(1, 0), 5]);
    const crash = { ok: false as const, error: new TypeError("boom") };
    assert.equal(judge(valid, "bigint", crash, reference(valid))?.kind, "crash");
    const wrong = { ok: true as const, value: { changed: true } };
    assert.equal(judge(valid, "bigint", wrong, reference(valid))?.kind, "mismatch");
    const invalid = new Uint8Array([0, 1]);
    assert.equal(judge(invalid, "bigint", wrong, reference(invalid))?.kind, "accepted-invalid");
  });
});

describe("mutation operators", () => {
  const valid = new Uint8Array([...tag(506, 2), 2, ...tag(1, 0), 7]);
  test("a corrupt length replaces the prefix and keeps the body", () => {
    const out = mutate(valid, [{ op: "corruptLength", at: 0, length: 2 ** 32, absolute: true }], []);
    assert.deepEqual([...out], [...tag(506, 2), ...varint(2 ** 32), ...tag(1, 0), 7]);
  });
  test("a duplicated nested field updates the parent's length", () => {
    const out = mutate(valid, [{ op: "duplicate", at: 1 }], []);
    assert.deepEqual([...out], [...tag(506, 2), 4, ...tag(1, 0), 7, ...tag(1, 0), 7]);
  });
  test("an over-long varint keeps its value", () => {
    const out = mutate(valid, [{ op: "overlongVarint", at: 1, extra: 3 }], []);
    assert.deepEqual([...out], [...tag(506, 2), 5, ...tag(1, 0), 0x87, 0x80, 0x80, 0x00]);
    assert.deepEqual(decodeMessage(out), decodeMessage(valid));
  });
});

describe("campaign", () => {
  test("finds a planted bug, records its seed and keeps going", () => {
    const planted: Target<Uint8Array> = {
      name: "planted",
      input: inputs(false).decoderInput,
      perInputMs: 1000,
      executionWeight: 1,
      record: (bytes) => ({ hex: Buffer.from(bytes).toString("hex") }),
      check(bytes) {
        const result = outcomeOf(() => {
          if (bytes.length > 0 && bytes[0] % 2 === 0) throw new RangeError("planted"); // about half the inputs
          return normalise(decodeMessage(bytes), "bigint");
        });
        return { verdict: judge(bytes, "bigint", result, reference(bytes)), outcome: "x", ms: 0 };
      },
    };
    const findings = new Map<string, Finding>();
    // Time-bounded, and CI machines are slow: the bug is planted where most inputs hit it.
    const figures = runTarget(planted as Target<never>, 42, { ms: 1500 }, findings);
    assert.ok(figures.executions > 0);
    const crash = findings.get("planted|crash|RangeError");
    assert.ok(crash !== undefined, `findings: ${[...findings.keys()].join(", ")}`);
    assert.equal(crash.seed, 42);
    assert.equal(Number.parseInt((crash.input as { hex: string }).hex.slice(0, 2), 16) % 2, 0);
    assert.equal(figures.outcomes.x, figures.executions, "the campaign goes on after a finding");
  });
});

describe("execution budget", () => {
  test("splits a count by weight, exactly, and evenly for equal weights", () => {
    assert.deepEqual(splitExecutions(10, [1, 1, 1]), [4, 3, 3]);
    assert.deepEqual(splitExecutions(10_000_000, [4, 1]), [8_000_000, 2_000_000]);
    const weights = targets().map((t) => t.executionWeight);
    const shares = splitExecutions(10_000_000, weights);
    assert.equal(
      shares.reduce((a, b) => a + b, 0),
      10_000_000,
    );
    for (const [i, share] of shares.entries())
      assert.ok(Math.abs(share - (10_000_000 * weights[i]) / weights.reduce((a, b) => a + b)) < 1);
    assert.throws(() => splitExecutions(2, [1, 1, 1]), RangeError);
  });

  test("a target run to a count gives the same inputs for the same seed, whatever else ran before", () => {
    const [first] = targets();
    const once = runTarget(first, 7, { executions: 300 }, new Map());
    const [again] = targets();
    runTarget(again, 8, { executions: 50 }, new Map());
    const twice = runTarget(again, 7, { executions: 300 }, new Map());
    assert.equal(once.executions, 300);
    assert.deepEqual(twice.outcomes, once.outcomes);
  });

  test("runs every target to its share in worker threads and reports the totals", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      TICKWIRE_FUZZ_SEED: "11",
      TICKWIRE_FUZZ_EXECUTIONS: "1300",
      TICKWIRE_FUZZ_WORKERS: "2",
      TICKWIRE_FUZZ_CORPUS: "",
    });
    const lines: string[] = [];
    try {
      const report = await run({ quick: true, log: (line) => lines.push(line) });
      const figures = report.targets as { target: string; seed: number; executions: number; outcomes: object }[];
      const list = targets();
      assert.equal(report.executions, 1300);
      assert.deepEqual(
        figures.map((f) => [f.target, f.seed, f.executions]),
        list.map((t, i) => [
          t.name,
          targetSeed(11, i),
          splitExecutions(
            1300,
            list.map((x) => x.executionWeight),
          )[i],
        ]),
      );
      assert.ok(
        lines.some((line) => line.includes("worker 1")),
        lines.join("\n"),
      );
      // The same target and seed in this thread: the same inputs, so the same outcomes.
      const alone = runTarget(list[0], targetSeed(11, 0), { executions: figures[0].executions }, new Map());
      assert.deepEqual(alone.outcomes, figures[0].outcomes);
    } finally {
      restore(saved);
    }
  });

  test("a SIGTERM stops the workers and reports each unfinished target as of its last progress report", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      TICKWIRE_FUZZ_SEED: "12",
      TICKWIRE_FUZZ_EXECUTIONS: "13000000",
      TICKWIRE_FUZZ_WORKERS: "2",
      TICKWIRE_FUZZ_PROGRESS_EVERY: "500",
      TICKWIRE_FUZZ_TARGETS: "decodeMessage/string",
      TICKWIRE_FUZZ_CORPUS: "",
    });
    let signalled = false;
    try {
      const report = await run({
        quick: true,
        log: (line) => {
          if (!signalled && line.includes("finding(s) so far")) {
            signalled = true;
            process.emit("SIGTERM", "SIGTERM");
          }
        },
      });
      const [figures] = report.targets as { target: string; executions: number; interrupted?: boolean }[];
      assert.equal(report.interrupted, true);
      assert.equal(report.ok, false, "an interrupted campaign is not a pass");
      assert.equal(figures.target, "decodeMessage/string");
      assert.equal(figures.interrupted, true);
      assert.ok(figures.executions >= 500 && figures.executions % 500 === 0, String(figures.executions));
      assert.equal(report.executions, figures.executions);
      assert.match(String(report.rerun), /TICKWIRE_FUZZ_TARGETS=decodeMessage\/string/);
    } finally {
      restore(saved);
    }
  });
});

function restore(saved: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
}

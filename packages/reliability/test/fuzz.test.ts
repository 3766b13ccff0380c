// The fuzz harness itself: the oracle flags what it must and lets through only the
// documented differences, the mutation operators make what they say, and a campaign
// finds a planted bug.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DecodeError, decodeMessage } from "@tickwire/codec";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { outcomeOf } from "@tickwire/testkit/outcome";
import { tag, varint } from "@tickwire/testkit/wire";
import { type Finding, runTarget } from "../src/fuzz/index.js";
import { inputs, mutate } from "../src/fuzz/inputs.js";
import { judge, normalise, reference } from "../src/fuzz/oracle.js";
import type { Target } from "../src/fuzz/targets.js";
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

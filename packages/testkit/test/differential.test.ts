import assert from "node:assert/strict";
import { test } from "node:test";
import { assertAgrees } from "../src/differential.js";
import type { Outcome } from "../src/outcome.js";

const accepted = (value: unknown): Outcome => ({ ok: true, value });
const rejected = (code: string): Outcome => ({ ok: false, error: Object.assign(new Error(code), { code }) });

test("agreement: equal values, or both rejected, or only ours rejected with the documented code", () => {
  assertAgrees(accepted({ ID: 1n }), accepted({ ID: 1n }), "INVALID_WIRE_TYPE");
  assertAgrees(rejected("TRUNCATED"), rejected("X"), "INVALID_WIRE_TYPE");
  assertAgrees(rejected("INVALID_WIRE_TYPE"), accepted({}), "INVALID_WIRE_TYPE");
});

test("disagreement fails: different values, accepting what the reference rejects, any other rejection", () => {
  assert.throws(() => assertAgrees(accepted({ ID: 1n }), accepted({ ID: 2n }), "INVALID_WIRE_TYPE"));
  assert.throws(
    () => assertAgrees(accepted({}), rejected("premature EOF"), "INVALID_WIRE_TYPE"),
    /we accepted what protobuf-es rejects/,
  );
  assert.throws(
    () => assertAgrees(rejected("TRUNCATED"), accepted({}), "INVALID_WIRE_TYPE"),
    /we rejected what protobuf-es accepts/,
  );
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { outcomeOf } from "../src/outcome.js";

test("outcomeOf holds the value returned or the error thrown", () => {
  assert.deepEqual(
    outcomeOf(() => 42),
    { ok: true, value: 42 },
  );
  const error = new TypeError("bad");
  assert.deepEqual(
    outcomeOf(() => {
      throw error;
    }),
    { ok: false, error },
  );
});

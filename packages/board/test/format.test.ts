// The page's number and time rules on their own: change against the previous close (no "-0.00%"), decimals from a
// price step, and the exchange's clock in India whatever the machine's zone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { changeAgainstClose, decimalsOfPrice, decimalsOfStep, formatExchangeTime } from "../src/web/format.js";

test("change is (last - close) / close; a change that rounds to zero is flat, without a sign", () => {
  const up = changeAgainstClose(102, 100, 2);
  assert.equal(up.value, 2);
  assert.equal(up.direction, "up");
  assert.match(up.percent, /^\+2\.00%$/);
  const tiny = changeAgainstClose(99.999, 100, 2);
  assert.equal(tiny.direction, "flat");
  assert.equal(tiny.percent, "0.00%");
  assert.equal(changeAgainstClose(100, null, 2).percent, "");
  assert.equal(changeAgainstClose(null, 100, 2).direction, "none");
});

test("decimals come from the price step, at least two", () => {
  assert.equal(decimalsOfStep(0.05), 2);
  assert.equal(decimalsOfStep(0.0025), 4);
  assert.equal(decimalsOfStep(1), 2);
  assert.equal(decimalsOfPrice(85.4725), 4);
  assert.equal(decimalsOfPrice(2456.9), 2);
});

test("exchange time is India Standard Time", () => {
  assert.equal(formatExchangeTime(Date.UTC(2026, 0, 5, 3, 45, 7)), "09:15:07");
  assert.equal(formatExchangeTime(null), "");
});

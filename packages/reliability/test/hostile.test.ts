import assert from "node:assert/strict";
import { test } from "node:test";
import { run } from "../src/hostile/index.js";

test("hostile, quick: every case is refused with a JSON error, none gets in, the server serves after each", async () => {
  const report = await run({ quick: true, log: () => {} });
  const cases = report.cases as { name: string; ok: boolean; gotIn: boolean; servesAfter: boolean }[];
  assert.ok(cases.length > 70);
  assert.deepEqual(
    cases.filter((c) => !c.ok).map((c) => c.name),
    [],
  );
  assert.ok(cases.every((c) => !c.gotIn && c.servesAfter));
  assert.equal(report.ok, true);
});

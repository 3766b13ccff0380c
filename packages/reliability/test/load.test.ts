import assert from "node:assert/strict";
import { test } from "node:test";
import { run } from "../src/load/index.js";

test("load: a short run against a sandbox child answers every endpoint and stops its child", async () => {
  const lines: string[] = [];
  const report = await run({ quick: true, log: (line) => lines.push(line) }, { connections: [2], secondsPerStep: 1 });
  const steps = report.steps as Array<{ endpoint: string; connections: number; requests: number; non2xx: number }>;
  assert.deepEqual(
    steps.map((s) => `${s.endpoint}@${s.connections}`),
    ["POST login@2", "POST ltp@2", "GET positions@2"],
  );
  for (const step of steps) {
    assert.ok(step.requests > 0, `${step.endpoint}: no answers`);
    // A valid user and token: every answer is a 2xx (a failed-login rate limit would show here as 429s).
    assert.equal(step.non2xx, 0, `${step.endpoint}: non-2xx answers`);
  }
  // Not report.ok: whether p99 stays under the mark depends on the machine, and CI machines are busy.
  assert.match(lines[lines.length - 1] ?? "", /sandbox child exited with 0/);
});

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

  // Connection faults: 10 stages x (REST 200, REST 401, upgrade 101, upgrade 401), less "never closes" on an
  // accepted WebSocket (it stays open by design); each repeated 5 times on its own server.
  const connection = report.connectionCases as {
    name: string;
    ok: boolean;
    repeats: number;
    failedRepeats: number;
    servesAfter: boolean;
    leakedSockets: number;
  }[];
  assert.equal(connection.length, 39);
  assert.deepEqual(
    connection.filter((c) => !c.ok).map((c) => c.name),
    [],
  );
  for (const c of connection) {
    assert.equal(c.repeats, 5, c.name);
    assert.equal(c.failedRepeats, 0, c.name);
    assert.equal(c.leakedSockets, 0, c.name);
    assert.ok(c.servesAfter, c.name);
  }
  for (const kind of ["REST call (LTP, 200)", "REST call refused", "upgrade accepted", "upgrade refused"]) {
    assert.ok(
      connection.some((c) => c.name.includes(kind) && c.name.includes("reset right after the status line")),
      kind,
    );
  }
  assert.equal(report.ok, true);
});

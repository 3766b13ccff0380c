import assert from "node:assert/strict";
import { test } from "node:test";
import { run, slopeKbPerMinute } from "../src/soak/index.js";

test("soak: slope of a flat, a growing and a shrinking series", () => {
  assert.equal(
    slopeKbPerMinute([
      [0, 5_000_000],
      [60_000, 5_000_000],
      [120_000, 5_000_000],
    ]),
    0,
  );
  assert.equal(
    slopeKbPerMinute([
      [0, 0],
      [60_000, 1024],
      [120_000, 2048],
    ]),
    1,
  );
  assert.equal(
    slopeKbPerMinute([
      [0, 2048],
      [60_000, 0],
    ]),
    -2,
  );
});

test("soak: a few clients for a few seconds get frames, and the server has no connection left after", async () => {
  const lines: string[] = [];
  const report = await run(
    { quick: true, log: (line) => lines.push(line) },
    { clients: 3, seconds: 2, sampleEverySeconds: 1, rate: 2000 },
  );
  const frames = report.frames as { total: number; perClient: { min: number } };
  assert.ok(frames.perClient.min > 0, "every client received frames");
  assert.ok((report.samples as unknown[]).length >= 2);
  assert.equal((report.afterClose as { connections: number }).connections, 0);
  assert.equal(report.ok, true, report.summary);
  assert.match(lines[lines.length - 1] ?? "", /sandbox child exited with 0/);
});

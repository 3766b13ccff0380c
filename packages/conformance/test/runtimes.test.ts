// The conformance suite on every runtime: Node (this one), Bun, Deno and headless Chromium, each against the same
// capture and the same sandbox. A runtime passes when every check of the suite passed there.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type Bundles, bundleSuite } from "../runner/bundle.js";
import { type Fixtures, startFixtures } from "../runner/fixtures.js";
import { selectedRuntimes } from "../runner/runtimes.js";
import { checks } from "../src/suite.js";

const RUNTIME_TIMEOUT_MS = 120_000;
let bundles: Bundles;
let fixtures: Fixtures;

before(async () => {
  bundles = await bundleSuite();
  fixtures = await startFixtures(bundles);
});
after(async () => {
  await fixtures?.close();
});

for (const runtime of selectedRuntimes()) {
  test(`the suite passes on ${runtime.label}`, { timeout: RUNTIME_TIMEOUT_MS + 30_000 }, async (t) => {
    const { results, output } = await runtime.run(bundles, fixtures, RUNTIME_TIMEOUT_MS);
    const failed = results.filter((result) => !result.ok);
    // The closing lines of .ci/run collect these.
    t.diagnostic(`${runtime.label}: ${results.length - failed.length} passed, ${failed.length} failed`);
    assert.deepEqual(
      results.map((result) => result.name),
      checks.map((check) => check.name),
      `${runtime.label} ran a different list of checks`,
    );
    assert.equal(
      failed.length,
      0,
      `${runtime.label}:\n${failed.map((r) => `  ${r.name}: ${r.error}`).join("\n")}\n${output.slice(-2000)}`,
    );
  });
}

// Every test file of every package runs in `corepack pnpm test`: each is in exactly one tier (scripts/test-tiers.json;
// unlisted means unit), and each package has the `test:<tier>` script of every tier it has files in, which turbo runs.
// A package with unit tests and no `test:unit` script would have them skipped without a word.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { packagesDir, repoRoot } from "@tickwire/testkit/workspace";

type Tiers = Record<"integration" | "timing", Record<string, string[]>> & { concurrency?: Record<string, number> };
const tiers = JSON.parse(readFileSync(join(repoRoot, "scripts", "test-tiers.json"), "utf8")) as Tiers;

const packages = readdirSync(packagesDir)
  .filter((dir) => existsSync(join(packagesDir, dir, "package.json")))
  .map((dir) => {
    const testDir = join(packagesDir, dir, "test");
    const files = existsSync(testDir) ? readdirSync(testDir).filter((f) => f.endsWith(".test.ts")) : [];
    const scripts = (JSON.parse(readFileSync(join(packagesDir, dir, "package.json"), "utf8")).scripts ?? {}) as Record<
      string,
      string
    >;
    return { dir, files, scripts };
  });

/** The tier of each test file of a package: the one scripts/test-tiers.json names, else unit. */
function tierOf(dir: string, file: string): string[] {
  const named = (["integration", "timing"] as const).filter((tier) => tiers[tier][dir]?.includes(file));
  return named.length > 0 ? named : ["unit"];
}

test("scripts/test-tiers.json names only test files that exist, each in one tier", () => {
  for (const tier of ["integration", "timing"] as const) {
    for (const [dir, files] of Object.entries(tiers[tier])) {
      const pkg = packages.find((p) => p.dir === dir);
      assert.ok(pkg, `${tier}: no package packages/${dir}`);
      for (const file of files) {
        assert.ok(pkg.files.includes(file), `${tier}: packages/${dir}/test/${file} does not exist`);
        assert.deepEqual(tierOf(dir, file), [tier], `packages/${dir}/test/${file} is in more than one tier`);
      }
    }
  }
});

test("every package has the test:<tier> script of each tier it has test files in, and a test script for all", () => {
  let counted = 0;
  for (const { dir, files, scripts } of packages) {
    if (files.length === 0) continue;
    assert.ok(scripts.test, `packages/${dir} has tests but no "test" script`);
    for (const file of files) {
      const [tier] = tierOf(dir, file);
      assert.match(
        scripts[`test:${tier}`] ?? "",
        new RegExp(`test-tier\\.mjs ${tier}\\b`),
        `packages/${dir}/test/${file} is a ${tier} test, but the package's "test:${tier}" script does not run that tier`,
      );
      counted++;
    }
  }
  assert.ok(counted > 50, `only ${counted} test files found`);
});

test("the root test script runs the three tiers in one turbo run; the tier runner keeps them apart", () => {
  const scripts = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).scripts as Record<string, string>;
  assert.match(scripts.test, /turbo run test:unit test:integration test:timing$/);
  // What keeps a timed test from sharing the CPU with the rest is in test-tier.mjs (timed-work-lock.test.ts).
  assert.match(scripts["test:unit"], /turbo run test:unit$/);
});

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { packagesDir, publicPackages, repoRoot, workspaceRange } from "../src/workspace.js";

test("repoRoot is the workspace's root, without a trailing separator", () => {
  assert.ok(existsSync(join(repoRoot, "pnpm-workspace.yaml")));
  assert.doesNotMatch(repoRoot, /[\\/]$/);
  assert.equal(packagesDir, join(repoRoot, "packages"));
});

test("publicPackages lists the published packages with their manifests, not the private ones", () => {
  const packages = publicPackages();
  const codec = packages.find((p) => p.name === "@tickwire/codec");
  assert.ok(codec, "@tickwire/codec is public");
  assert.equal(codec.dir, "codec");
  const manifest = JSON.parse(readFileSync(join(packagesDir, "codec", "package.json"), "utf8"));
  assert.equal(codec.version, manifest.version);
  assert.deepEqual(codec.exports, Object.keys(manifest.exports));
  assert.deepEqual(codec.manifest, manifest);
  assert.equal(
    packages.find((p) => p.name === "@tickwire/testkit"),
    undefined,
  );
  assert.deepEqual(
    packages.map((p) => p.dir),
    [...packages.map((p) => p.dir)].sort(),
  );
});

test("workspaceRange is a declared range, never a workspace: one; an undeclared name throws", () => {
  const ownManifest = JSON.parse(readFileSync(join(packagesDir, "testkit", "package.json"), "utf8"));
  assert.equal(workspaceRange("playwright-core"), ownManifest.dependencies["playwright-core"]);
  assert.throws(() => workspaceRange("@tickwire/codec"), /no package of the workspace depends on @tickwire\/codec/);
  assert.throws(() => workspaceRange("no-such-package-anywhere"), /no package/);
});

import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { assertBuiltFresh, packagesDir, publicPackages, repoRoot, workspaceRange } from "../src/workspace.js";

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

test("assertBuiltFresh passes a build newer than its sources, names a missing build and the first source edited after it", () => {
  const dir = mkdtempSync(join(tmpdir(), "tickwire-built-"));
  try {
    mkdirSync(join(dir, "src", "deep"), { recursive: true });
    mkdirSync(join(dir, "dist"));
    const built = join(dir, "dist", "bin.js");
    assert.throws(
      () => assertBuiltFresh(built, join(dir, "src"), "why"),
      /bin\.js is missing: run `corepack pnpm build` \(why\)/,
    );
    writeFileSync(join(dir, "src", "deep", "a.ts"), "");
    writeFileSync(join(dir, "src", "notes.md"), "");
    writeFileSync(built, "");
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, "src", "deep", "a.ts"), past, past);
    assertBuiltFresh(built, join(dir, "src"), "why");
    // A non-TypeScript file edited later does not count; a .ts file in a subdirectory does.
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(dir, "src", "notes.md"), future, future);
    assertBuiltFresh(built, join(dir, "src"), "why");
    utimesSync(join(dir, "src", "deep", "a.ts"), future, future);
    assert.throws(
      () => assertBuiltFresh(built, join(dir, "src"), "why"),
      /src\/deep\/a\.ts changed after .*bin\.js was built/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// What every public package needs before it is published: the MIT licence file, the repository fields npm shows, an
// Install section naming the peer dependencies, the ESM-only statement; and require() of it really working from
// CommonJS on the Node running the tests (20.19+ has require(esm)).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { publicPackages, repoRoot } from "@tickwire/testkit/workspace";

const REPOSITORY_URL = "git+https://github.com/tickwire/tickwire.git";
const packages = publicPackages();
const rootLicense = readFileSync(join(repoRoot, "LICENSE"), "utf8");

/** The body of a `## heading` section, up to the next `## ` heading. */
function section(markdown: string, heading: string): string | undefined {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start === -1) return undefined;
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

test("the root LICENSE is MIT, 2026, The tickwire authors", () => {
  assert.match(rootLicense, /^MIT License\n\nCopyright \(c\) 2026 The tickwire authors\n/);
  assert.match(rootLicense, /THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND/);
});

test("the root README says the packages are ESM-only and that require() works on Node 20.19+", () => {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const install = section(readme, "Install");
  assert.ok(install, "README.md has no Install section");
  assert.match(install, /ESM-only/);
  assert.match(install, /`require\(\)`[^.]*Node 20\.19\+/);
});

for (const pkg of packages) {
  test(`${pkg.name}: MIT licence file, repository, homepage and bugs`, () => {
    const { manifest, dir } = pkg;
    assert.equal(manifest.license, "MIT");
    assert.equal(readFileSync(join(repoRoot, "packages", dir, "LICENSE"), "utf8"), rootLicense);
    assert.deepEqual(manifest.repository, { type: "git", url: REPOSITORY_URL, directory: `packages/${dir}` });
    assert.equal(manifest.homepage, `https://github.com/tickwire/tickwire/tree/main/packages/${dir}#readme`);
    assert.equal(manifest.bugs, "https://github.com/tickwire/tickwire/issues");
  });

  test(`${pkg.name}: README has an Install section with its peer dependencies, and says ESM-only`, () => {
    const readme = readFileSync(join(repoRoot, "packages", pkg.dir, "README.md"), "utf8");
    const install = section(readme, "Install");
    assert.ok(install, `packages/${pkg.dir}/README.md has no "## Install" section`);
    const command = new RegExp(`^npm i (?:-D |-g )?${pkg.name.replace("/", "\\/")}(?: .*)?$`, "m").exec(install);
    assert.ok(command, `no \`npm i ${pkg.name}\` line in the Install section`);
    const peers = Object.keys((pkg.manifest.peerDependencies as Record<string, string> | undefined) ?? {});
    for (const peer of peers) assert.ok(command[0].split(/\s+/).includes(peer), `the install line lacks peer ${peer}`);
    assert.match(install, /ESM-only/);
    assert.ok(install.includes(`require("${pkg.name}")`), "the Install section does not show require()");
    assert.match(install, /Node 20\.19\+/);
  });
}

test("require() of every public package works from CommonJS on this Node", () => {
  const [major, minor] = process.versions.node.split(".").map(Number);
  assert.ok(major > 20 || (major === 20 && minor >= 19), `Node ${process.versions.node} is below 20.19`);
  const known: Record<string, string> = {
    "@tickwire/proto": "MarketDataMessageBaseSchema",
    "@tickwire/codec": "decodeMessage",
    "@tickwire/rest-schemas": "parseJson",
    "@tickwire/client": "createClient",
    "@tickwire/sandbox": "startSandbox",
    "@tickwire/cli": "run",
    "@tickwire/board": "startBoard",
    "@tickwire/relay": "startRelay",
    "@tickwire/protoc-gen": "protocGenTickwire",
  };
  // A .cjs program in this package, where the public packages resolve as its dev dependencies.
  const script = `
    const out = {};
    for (const name of ${JSON.stringify(packages.map((p) => p.name))}) {
      const exported = require(name);
      out[name] = Object.keys(exported).filter((key) => exported[key] !== undefined);
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const cwd = fileURLToPath(new URL("..", import.meta.url));
  const output = execFileSync(process.execPath, ["--input-type=commonjs", "-e", script], { cwd, encoding: "utf8" });
  const exported = JSON.parse(output) as Record<string, string[]>;
  for (const pkg of packages) {
    assert.ok(exported[pkg.name].length > 0, `${pkg.name}: require() gave no exports`);
    const expected = known[pkg.name];
    if (expected) assert.ok(exported[pkg.name].includes(expected), `${pkg.name}: require() lacks ${expected}`);
  }
});

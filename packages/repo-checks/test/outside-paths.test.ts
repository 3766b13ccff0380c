// No tracked file (outside .ci/) and no packed tarball may name a path outside the repository: not the platform's
// spec beside it, not a relative path climbing above its root, not the absolute path of this checkout; and a packed
// README may not link out of its package (such links break on the registry).
import assert from "node:assert/strict";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { publicPackages, repoRoot } from "@tickwire/testkit/workspace";
import { FORBIDDEN_STRINGS, formatFindings, isText, scanText } from "../src/outside-paths.js";
import { packAll, trackedFiles } from "../src/workspace.js";

describe("the scanner", () => {
  test("flags each spec name, in any file type", () => {
    for (const needle of FORBIDDEN_STRINGS) {
      const findings = scanText("packages/x/src/a.ts", `// see ${needle.toUpperCase()} for the rest\n`);
      assert.equal(findings.length, 1, needle);
      assert.equal(findings[0].line, 1);
    }
  });

  // Built, not written out, so that this file itself does not climb out of the repository.
  const up = (levels: number) => "../".repeat(levels);

  test("flags a relative path that climbs above the root, resolved from the file's directory", () => {
    assert.equal(scanText("README.md", `[spec](${up(1)}elsewhere/notes.md)`).length, 1);
    assert.equal(scanText("packages/codec/src/a.ts", `import x from "${up(4)}up.js";`).length, 1);
    assert.equal(scanText("packages/codec/package.json", `"build": "cp ${up(3)}x dist/"`).length, 1);
    // Inside the repository: fine.
    assert.deepEqual(scanText("packages/codec/README.md", "[docs](../../docs/contract.md)"), []);
    assert.deepEqual(scanText("packages/codec/test/a.ts", 'new URL("../../..", import.meta.url)'), []);
    assert.deepEqual(scanText("docs/a.md", "[proto](../proto/x.proto) and ...rest, 1..10, a/../b"), []);
  });

  test("resolves pnpm-lock.yaml links from their importer", () => {
    const lockfile = (link: string) =>
      `lockfileVersion: '9.0'\n\nimporters:\n\n  packages/cli:\n    dependencies:\n      '@tickwire/codec':\n        specifier: workspace:*\n        version: link:${link}\n`;
    assert.deepEqual(scanText("pnpm-lock.yaml", lockfile("../codec")), []);
    assert.equal(scanText("pnpm-lock.yaml", lockfile(`${up(3)}codec`)).length, 1);
  });

  test("resolves a buf.gen.yaml plugin's options from its out directory", () => {
    const plugin = (out: string, runtime: string) =>
      `plugins:\n  - local: protoc-gen-x\n    out: ${out}\n    opt:\n      - runtime=${runtime}\n`;
    assert.deepEqual(scanText("buf.gen.yaml", plugin("packages/codec/src/gen", "../runtime/index.js")), []);
    assert.equal(scanText("buf.gen.yaml", plugin("gen", "../../runtime/index.js")).length, 1);
    // The next plugin's lines resolve from the file's directory again.
    assert.equal(scanText("buf.gen.yaml", `${plugin("a/b/c", "../x.js")}  - local: y\n    opt: ../z.js\n`).length, 1);
  });

  test("in packed mode, flags Markdown links that leave the package, and not absolute ones", () => {
    const options = { markdownLinksWithin: "packages/sandbox" };
    assert.equal(scanText("packages/sandbox/README.md", "[h](../../docs/reliability/hostile.md)", options).length, 1);
    assert.deepEqual(scanText("packages/sandbox/README.md", "[h](https://example.com/x) [s](#install)", options), []);
    assert.deepEqual(scanText("packages/sandbox/README.md", "[l](LICENSE) [d](./dist/index.js)", options), []);
  });

  test("flags extra strings such as the checkout's absolute path", () => {
    const findings = scanText("packages/x/dist/a.js.map", `{"sources":["${repoRoot}/packages/x/src/a.ts"]}`, {
      extraForbidden: [repoRoot],
    });
    assert.equal(findings.length, 1);
  });
});

test("no tracked file outside .ci/ names a path outside the repository", () => {
  const files = trackedFiles();
  assert.ok(files.length > 200, `only ${files.length} tracked files: is this a git checkout?`);
  let scanned = 0;
  const findings = [];
  for (const file of files) {
    const bytes = readFileSync(join(repoRoot, file));
    if (!isText(bytes)) continue;
    scanned++;
    findings.push(...scanText(file, bytes.toString("utf8"), { extraForbidden: [repoRoot] }));
  }
  assert.ok(scanned > 200, `only ${scanned} text files scanned`);
  assert.deepEqual(findings, [], `\n${formatFindings(findings)}`);
});

describe("packed tarballs", () => {
  const packages = publicPackages();
  // Packed once for all the tests below, in one pnpm run.
  let packing: ReturnType<typeof packAll> | undefined;
  const packedPackages = () => {
    packing ??= packAll(packages);
    return packing.packed;
  };
  after(() => {
    if (packing) rmSync(packing.directory, { recursive: true, force: true });
  });

  test("every public package is a dev dependency here, so turbo builds it before these tests pack it", () => {
    assert.ok(packages.length >= 6, `${packages.length} public packages`);
    const own = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    for (const pkg of packages) assert.ok(own.devDependencies[pkg.name], `${pkg.name} is not a devDependency`);
  });

  for (const pkg of packages) {
    test(`${pkg.name}: the tarball names no path outside the repository and links nowhere outside the package`, () => {
      const packed = packedPackages().get(pkg.name);
      assert.ok(packed, `${pkg.name} was not packed`);
      const paths = packed.files.map((f) => f.path);
      // What a consumer needs: the manifest, the README, the licence, built code.
      for (const required of ["package.json", "README.md", "LICENSE"]) {
        assert.ok(paths.includes(required), `${pkg.name}: ${required} is not in ${packed.tarball}`);
      }
      assert.ok(
        paths.some((p) => p.startsWith("dist/") && p.endsWith(".js")),
        `${pkg.name}: no dist/*.js in the tarball (built?)`,
      );
      const findings = [];
      for (const file of packed.files) {
        if (!isText(file.bytes)) continue;
        findings.push(
          ...scanText(`packages/${pkg.dir}/${file.path}`, file.bytes.toString("utf8"), {
            markdownLinksWithin: `packages/${pkg.dir}`,
            extraForbidden: [repoRoot],
          }),
        );
      }
      assert.deepEqual(findings, [], `${packed.tarball}\n${formatFindings(findings)}`);
    });
  }
});

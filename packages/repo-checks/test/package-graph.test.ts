// The package graph of the repository as it is (package.json dependencies and the imports of tracked files) keeps
// to its layers; and the check finds each kind of wrong arrow in a small made-up workspace.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { packagesDir } from "@tickwire/testkit/workspace";
import {
  type DependencyKind,
  graphViolations,
  importsOf,
  LAYERS,
  readWorkspace,
  type WorkspacePackage,
} from "../src/package-graph.js";
import { trackedFiles } from "../src/workspace.js";

test("the workspace's packages keep to their layers", () => {
  const packages = readWorkspace(packagesDir, trackedFiles());
  assert.ok(packages.length >= 16, `found ${packages.length} packages`);
  assert.deepEqual(graphViolations(packages), []);
  // The runtime is the bottom: nothing of tickwire below it, declared or imported.
  const runtime = packages.find((p) => p.name === "@tickwire/runtime");
  assert.ok(runtime && runtime.imports.length === 0 && runtime.declared.size === 0);
  // The scan sees imports, so an undeclared one would be caught.
  assert.ok(packages.find((p) => p.name === "@tickwire/codec")?.imports.some((i) => i.target === "@tickwire/runtime"));
});

function pkg(
  name: string,
  declared: [string, DependencyKind][] = [],
  imports: [string, string][] = [],
  isPrivate = false,
): WorkspacePackage {
  const dir = name.slice("@tickwire/".length);
  const map = new Map<string, Set<DependencyKind>>();
  for (const [target, kind] of declared) map.set(target, new Set([...(map.get(target) ?? []), kind]));
  return {
    name,
    dir,
    private: isPrivate,
    declared: map,
    imports: imports.map(([target, file]) => ({ target, file: `packages/${dir}/${file}`, line: 1 })),
  };
}

describe("the check", () => {
  const runtime = pkg("@tickwire/runtime");
  const testkit = pkg("@tickwire/testkit", [], [], true);
  const codec = pkg(
    "@tickwire/codec",
    [
      ["@tickwire/runtime", "dependencies"],
      ["@tickwire/testkit", "devDependencies"],
    ],
    [
      ["@tickwire/runtime", "src/decode.ts"],
      ["@tickwire/testkit", "test/a.test.ts"],
    ],
  );

  test("a graph that keeps to its layers passes", () => {
    assert.deepEqual(graphViolations([runtime, testkit, codec]), []);
  });

  test("fails on an arrow back up: the runtime depending on the codec", () => {
    const bad = pkg("@tickwire/runtime", [["@tickwire/codec", "dependencies"]], [["@tickwire/codec", "src/a.ts"]]);
    assert.deepEqual(graphViolations([bad, testkit, codec]), [
      "@tickwire/runtime (layer 0) depends on @tickwire/codec (layer 2): an arrow must point to a lower layer",
    ]);
  });

  test("fails on an arrow within a layer, dev dependencies included", () => {
    const relay = pkg("@tickwire/relay", [["@tickwire/board", "devDependencies"]]);
    assert.match(graphViolations([relay, pkg("@tickwire/board")]).join("\n"), /relay \(layer 5\) depends on .*board/);
  });

  test("fails on an import the manifest does not declare", () => {
    const sneaky = pkg("@tickwire/codec", [], [["@tickwire/runtime", "src/decode.ts"]]);
    assert.deepEqual(graphViolations([runtime, sneaky]), [
      "packages/codec/src/decode.ts:1 imports @tickwire/runtime, which @tickwire/codec's package.json does not declare",
    ]);
  });

  test("fails on shipped code importing a dev-only dependency", () => {
    const devOnly = pkg(
      "@tickwire/codec",
      [["@tickwire/runtime", "devDependencies"]],
      [["@tickwire/runtime", "src/a.ts"]],
    );
    assert.match(graphViolations([runtime, devOnly]).join("\n"), /src\/a\.ts:1 imports .* dev dependency only/);
  });

  test("fails on a published package depending on a private one", () => {
    const leaky = pkg("@tickwire/codec", [["@tickwire/testkit", "dependencies"]]);
    assert.match(
      graphViolations([testkit, leaky]).join("\n"),
      /published and depends on the private @tickwire\/testkit/,
    );
  });

  test("fails on a package with no layer", () => {
    assert.match(graphViolations([pkg("@tickwire/new-thing")]).join("\n"), /new-thing has no layer/);
  });

  test("every layer of the table is used and the runtime is alone with the test helpers at the bottom", () => {
    const bottom = Object.entries(LAYERS).filter(([, layer]) => layer === 0);
    assert.deepEqual(bottom.map(([name]) => name).sort(), ["@tickwire/runtime", "@tickwire/testkit"]);
  });
});

describe("imports are read from source text", () => {
  test("static, side-effect, dynamic and require forms, subpaths named by their package", () => {
    // `@T/` stands for the scope, so that this file's own imports are only its real ones.
    const text = [
      'import { a } from "@T/codec";',
      'import type { B } from "@T/runtime/internal";',
      'import "@T/proto";',
      'const c = await import("@T/client/internal");',
      'const d = require("@T/sandbox");',
      'export * from "@T/rest-schemas";',
      "// a comment naming @tickwire/relay is not an import",
    ]
      .join("\n")
      .replaceAll("@T/", "@tickwire/");
    assert.deepEqual(
      importsOf(text).map((i) => `${i.line}:${i.target}`),
      [
        "1:@tickwire/codec",
        "2:@tickwire/runtime",
        "3:@tickwire/proto",
        "4:@tickwire/client",
        "5:@tickwire/sandbox",
        "6:@tickwire/rest-schemas",
      ],
    );
  });
});

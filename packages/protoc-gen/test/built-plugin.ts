// The plugin as buf runs it in these tests: the built dist/bin.js (turbo builds the package before its integration
// tier), not src/bin.ts through tsx, whose loader cost each run half its CPU time (1.06 CPU-s a start, built 0.53).
// A test run by hand after an edit must not test the old build: a src/ file newer than dist/bin.js stops it.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertBuiltFresh } from "@tickwire/testkit/workspace";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The path of dist/bin.js, once checked to be at least as new as every file under src/. */
export function builtPlugin(): string {
  const bin = join(root, "dist", "bin.js");
  assertBuiltFresh(bin, join(root, "src"), "these tests run the built plugin");
  return bin;
}

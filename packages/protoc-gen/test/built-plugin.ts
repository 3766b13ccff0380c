// The plugin as buf runs it in these tests: the built dist/bin.js (turbo builds the package before its integration
// tier), not src/bin.ts through tsx, whose loader cost each run half its CPU time (1.06 CPU-s a start, built 0.53).
// A test run by hand after an edit must not test the old build: a src/ file newer than dist/bin.js stops it.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The path of dist/bin.js, once checked to be at least as new as every file under src/. */
export function builtPlugin(): string {
  const bin = join(root, "dist", "bin.js");
  let built: number;
  try {
    built = statSync(bin).mtimeMs;
  } catch {
    throw new Error(`${bin} is missing: run \`corepack pnpm build\` (these tests run the built plugin)`);
  }
  const src = join(root, "src");
  const newer = (readdirSync(src, { recursive: true, encoding: "utf8" }) as string[]).filter(
    (file) => file.endsWith(".ts") && statSync(join(src, file)).mtimeMs > built,
  );
  if (newer.length > 0)
    throw new Error(`src/${newer[0]} changed after dist/bin.js was built: run \`corepack pnpm build\``);
  return bin;
}

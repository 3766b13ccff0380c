// What npm would ship of each public package (its `files`, as built): no file over 256 KB unless the package README
// names it (with the reason), and no source map carrying the text of another package's sources, which that package
// ships itself.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { publicPackages, repoRoot } from "@tickwire/testkit/workspace";

const LIMIT_BYTES = 256 * 1024;

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => (entry === "node_modules" ? [] : filesUnder(join(path, entry))));
}

for (const pkg of publicPackages()) {
  const packageDir = join(repoRoot, "packages", pkg.dir);
  const shipped = ((pkg.manifest.files as string[] | undefined) ?? []).flatMap((entry) =>
    filesUnder(join(packageDir, entry)),
  );

  test(`${pkg.name}: no shipped file over 256 KB that its README does not name`, () => {
    assert.ok(
      shipped.some((file) => file.includes(`${join(packageDir, "dist")}/`)),
      `packages/${pkg.dir}/dist is not built`,
    );
    const readme = readFileSync(join(packageDir, "README.md"), "utf8");
    const unexplained = shipped
      .filter((file) => statSync(file).size > LIMIT_BYTES)
      .map((file) => relative(packageDir, file))
      .filter((path) => !readme.includes(path));
    assert.deepEqual(unexplained, [], "over 256 KB: shrink them or say in the README why they are that large");
  });

  test(`${pkg.name}: its source maps carry the text of its own sources only`, () => {
    for (const file of shipped.filter((path) => path.endsWith(".map"))) {
      const map = JSON.parse(readFileSync(file, "utf8")) as { sources: string[]; sourcesContent?: (string | null)[] };
      const foreign = map.sources.filter((source, i) => {
        if (typeof map.sourcesContent?.[i] !== "string") return false;
        return relative(packageDir, resolve(dirname(file), source)).startsWith("..");
      });
      assert.deepEqual(foreign, [], `${relative(repoRoot, file)} embeds other packages' sources`);
    }
  });
}

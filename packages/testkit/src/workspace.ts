// The workspace as the repository-wide checks see it: where it is, its public packages, and the dependency ranges
// it declares. Read from the files on disk, so the checks see the tree they run in.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root directory, without a trailing separator (from src/ and from dist/ alike). */
export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url)).replace(/[\\/]$/, "");
export const packagesDir = join(repoRoot, "packages");

export interface PublicPackage {
  /** e.g. `@tickwire/codec` */
  name: string;
  version: string;
  /** The directory name under packages/, e.g. `codec`. */
  dir: string;
  /** The subpaths of its `exports`, e.g. `.`, `./package.json`. */
  exports: string[];
  manifest: Record<string, unknown>;
}

/** Every package of the workspace that is published (not `private`), by directory name. */
export function publicPackages(): PublicPackage[] {
  const found: PublicPackage[] = [];
  for (const dir of readdirSync(packagesDir).sort()) {
    const file = join(packagesDir, dir, "package.json");
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    if (manifest.private === true) continue;
    found.push({
      name: String(manifest.name),
      version: String(manifest.version),
      dir,
      exports: Object.keys((manifest.exports as Record<string, unknown> | undefined) ?? {}),
      manifest,
    });
  }
  return found;
}

/** A dependency's range as the workspace declares it (root first, then each package), to install the same. */
export function workspaceRange(name: string): string {
  for (const file of [
    join(repoRoot, "package.json"),
    ...readdirSync(packagesDir).map((dir) => join(packagesDir, dir, "package.json")),
  ]) {
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string> | undefined>;
    const range = manifest.devDependencies?.[name] ?? manifest.dependencies?.[name];
    if (range !== undefined && !range.startsWith("workspace:")) return range;
  }
  throw new Error(`no package of the workspace depends on ${name}`);
}

/**
 * `pnpm pack` of the given public packages into `destination`, in one pnpm run (`--recursive` with a filter per
 * package): a pnpm process costs about 0.4 CPU-s to start, and three checks of CI packed ten packages one run each.
 * Returns each package's tarball path by package name.
 */
export function packPackages(
  packages: readonly PublicPackage[],
  destination: string,
  env: NodeJS.ProcessEnv = process.env,
): Map<string, string> {
  const local = join(repoRoot, "node_modules", ".bin", "pnpm");
  const pnpm = existsSync(local) ? local : "pnpm";
  const filters = packages.flatMap((p) => ["--filter", p.name]);
  const output = execFileSync(pnpm, ["--recursive", ...filters, "pack", "--json", "--pack-destination", destination], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...env, COREPACK_ENABLE_DOWNLOAD_PROMPT: "0" },
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // One package packs to an object, several to an array of them.
  const parsed = JSON.parse(output) as { name: string; filename: string } | { name: string; filename: string }[];
  const tarballs = new Map((Array.isArray(parsed) ? parsed : [parsed]).map((p) => [p.name, p.filename]));
  const missing = packages.filter((p) => !tarballs.has(p.name)).map((p) => p.name);
  if (missing.length > 0) throw new Error(`pnpm pack left no tarball for ${missing.join(", ")} in ${destination}`);
  return tarballs;
}

/**
 * Throws unless `built` (a file of a package's `dist/`) exists and is at least as new as every `.ts` file under the
 * package's `src/`: tests that run a built script, as users run it, must not test an old build after an edit.
 * `what` ends the messages, e.g. "the bench tests run the built command".
 */
export function assertBuiltFresh(built: string, src: string, what: string): void {
  let builtAt: number;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    throw new Error(`${built} is missing: run \`corepack pnpm build\` (${what})`);
  }
  const newer = (readdirSync(src, { recursive: true, encoding: "utf8" }) as string[]).filter(
    (file) => file.endsWith(".ts") && statSync(join(src, file)).mtimeMs > builtAt,
  );
  if (newer.length > 0)
    throw new Error(`src/${newer[0]} changed after ${built} was built: run \`corepack pnpm build\` (${what})`);
}

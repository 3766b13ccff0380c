// The repository as the checks see it: its tracked files, and its public packages (@tickwire/testkit/workspace)
// packed as npm would publish them.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { type PublicPackage, packPackages, repoRoot } from "@tickwire/testkit/workspace";

/** Tracked files (repository-relative, POSIX), without .ci/, whose tests and fixtures are CI's own. */
export function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file !== "" && !file.startsWith(".ci/"));
}

export interface PackedFile {
  /** Path inside the tarball, without the leading `package/`. */
  path: string;
  bytes: Buffer;
}

export interface PackedPackage extends PublicPackage {
  tarball: string;
  files: PackedFile[];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/**
 * `pnpm pack` of the public packages into one fresh temporary directory (one pnpm run for all of them), each tarball
 * unpacked next to it. The caller removes `directory`.
 */
export function packAll(packages: readonly PublicPackage[]): { directory: string; packed: Map<string, PackedPackage> } {
  const directory = mkdtempSync(join(tmpdir(), "tickwire-pack-"));
  const tarballs = packPackages(packages, directory);
  const packed = new Map<string, PackedPackage>();
  for (const pkg of packages) {
    const tarball = tarballs.get(pkg.name) as string;
    const unpacked = join(directory, `unpacked-${pkg.dir}`);
    mkdirSync(unpacked);
    execFileSync("tar", ["-xzf", tarball, "-C", unpacked]);
    const root = join(unpacked, "package");
    const files = listFiles(root).map((path) => ({ path, bytes: readFileSync(join(root, path)) }));
    packed.set(pkg.name, { ...pkg, tarball, files });
  }
  return { directory, packed };
}

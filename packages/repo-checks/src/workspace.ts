// The repository as the checks see it: its tracked files, and its public packages (@tickwire/testkit/workspace)
// packed as npm would publish them.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { type PublicPackage, repoRoot } from "@tickwire/testkit/workspace";

/** Tracked files (repository-relative, POSIX), without .ci/, whose tests and fixtures are CI's own. */
export function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file !== "" && !file.startsWith(".ci/"));
}

/** The pnpm the scripts use: the root dev dependency (no global pnpm is assumed), else whatever is on PATH. */
function pnpmCommand(): string {
  const local = join(repoRoot, "node_modules", ".bin", "pnpm");
  return existsSync(local) ? local : "pnpm";
}

export interface PackedFile {
  /** Path inside the tarball, without the leading `package/`. */
  path: string;
  bytes: Buffer;
}

export interface PackedPackage extends PublicPackage {
  /** The temporary directory holding the tarball and its unpacked files; the caller removes it. */
  directory: string;
  tarball: string;
  files: PackedFile[];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/** `pnpm pack` of one public package into a fresh temporary directory, unpacked next to the tarball. */
export function pack(pkg: PublicPackage): PackedPackage {
  const out = mkdtempSync(join(tmpdir(), `tickwire-pack-${pkg.dir}-`));
  execFileSync(pnpmCommand(), ["pack", "--pack-destination", out], {
    cwd: join(repoRoot, "packages", pkg.dir),
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, COREPACK_ENABLE_DOWNLOAD_PROMPT: "0" },
  });
  const tarballs = readdirSync(out).filter((file) => file.endsWith(".tgz"));
  if (tarballs.length !== 1) throw new Error(`pnpm pack of ${pkg.name} left ${tarballs.length} tarballs in ${out}`);
  const tarball = join(out, tarballs[0]);
  const unpacked = join(out, "unpacked");
  mkdirSync(unpacked);
  execFileSync("tar", ["-xzf", tarball, "-C", unpacked]);
  const root = join(unpacked, "package");
  const files = listFiles(root).map((path) => ({ path, bytes: readFileSync(join(root, path)) }));
  return { ...pkg, directory: out, tarball, files };
}

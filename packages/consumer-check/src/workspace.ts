import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../../..", import.meta.url));
export const packagesDir = join(root, "packages");

export interface PublicPackage {
  /** e.g. `@tickwire/codec` */
  name: string;
  version: string;
  /** The directory name under packages/, e.g. `codec`. */
  dir: string;
  /** The subpaths of its `exports`, e.g. `.`, `./package.json`. */
  exports: string[];
}

/** Every package of the workspace that is published (not `private`). */
export function publicPackages(): PublicPackage[] {
  const found: PublicPackage[] = [];
  for (const dir of readdirSync(packagesDir).sort()) {
    let manifest: { name: string; version: string; private?: boolean; exports?: Record<string, unknown> };
    try {
      manifest = JSON.parse(readFileSync(join(packagesDir, dir, "package.json"), "utf8"));
    } catch {
      continue;
    }
    if (manifest.private !== true)
      found.push({ name: manifest.name, version: manifest.version, dir, exports: Object.keys(manifest.exports ?? {}) });
  }
  return found;
}

/** A dependency's range as the workspace declares it (root first, then each package), to install the same. */
export function workspaceRange(name: string): string {
  for (const file of [
    join(root, "package.json"),
    ...readdirSync(packagesDir).map((d) => join(packagesDir, d, "package.json")),
  ]) {
    let manifest: Record<string, Record<string, string> | undefined>;
    try {
      manifest = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue;
    }
    const range = manifest.devDependencies?.[name] ?? manifest.dependencies?.[name];
    if (range !== undefined && !range.startsWith("workspace:")) return range;
  }
  throw new Error(`no package of the workspace depends on ${name}`);
}

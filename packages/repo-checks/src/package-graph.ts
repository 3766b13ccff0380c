// The allowed package graph: each workspace package sits on a layer, and every arrow between tickwire packages
// (a dependency of any kind in package.json, an import in a tracked source file) points to a lower layer. An arrow
// to the same layer or back up fails, as does an import of a package the manifest does not declare, a src/ import
// of a dev-only dependency, and a published package depending on a private one. docs/architecture.md draws it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Layer of every workspace package, by name. A new package gets a line here (the check fails until it has one);
 * docs/architecture.md says what each layer is for.
 */
export const LAYERS: Readonly<Record<string, number>> = {
  // 0: no tickwire dependency at all. The runtime generated code imports; the test helpers.
  "@tickwire/runtime": 0,
  "@tickwire/testkit": 0,
  // 1: the market-data contract, and the plugin (its generated code needs only the runtime).
  "@tickwire/proto": 1,
  "@tickwire/protoc-gen": 1,
  // 2: the market-data codec; the REST contract (its tests compare with the proto types).
  "@tickwire/codec": 2,
  "@tickwire/rest-schemas": 2,
  // 3: the fake platform the client's tests run against.
  "@tickwire/sandbox": 3,
  // 4: the client.
  "@tickwire/client": 4,
  // 5: what is built on the client.
  "@tickwire/relay": 5,
  "@tickwire/board": 5,
  // 6: the command line, which puts them together.
  "@tickwire/cli": 6,
  // 7: private packages that measure or check the others.
  "@tickwire/bench": 7,
  "@tickwire/reliability": 7,
  "@tickwire/conformance": 7,
  "@tickwire/consumer-check": 7,
  "@tickwire/repo-checks": 7,
};

export type DependencyKind = "dependencies" | "peerDependencies" | "devDependencies";

export interface WorkspacePackage {
  name: string;
  /** The directory under packages/, e.g. `codec`. */
  dir: string;
  private: boolean;
  /** Its tickwire dependencies, each with the kinds it is declared as. */
  declared: Map<string, Set<DependencyKind>>;
  /** Its imports of tickwire packages: the package imported, and the file (repository-relative) and line. */
  imports: { target: string; file: string; line: number }[];
}

const SCOPE = "@tickwire/";
const KINDS: DependencyKind[] = ["dependencies", "peerDependencies", "devDependencies"];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
// The specifier after `from`, `import`, `import(` or `require(`, when it names a tickwire package (subpaths included).
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](@tickwire\/[\w.-]+)(?:\/[^"']*)?["']/g;

/** The package an import names, from the lines of a file: `@tickwire/codec/runtime` imports `@tickwire/codec`. */
export function importsOf(text: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  text.split("\n").forEach((line, index) => {
    for (const match of line.matchAll(IMPORT)) found.push({ target: match[1] as string, line: index + 1 });
  });
  return found;
}

/** Every workspace package: its manifest's tickwire dependencies and its tracked source files' tickwire imports. */
export function readWorkspace(packagesDir: string, trackedFiles: readonly string[]): WorkspacePackage[] {
  const packages: WorkspacePackage[] = [];
  for (const dir of readdirSync(packagesDir).sort()) {
    const manifestFile = join(packagesDir, dir, "package.json");
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, unknown>;
    const declared = new Map<string, Set<DependencyKind>>();
    for (const kind of KINDS) {
      for (const name of Object.keys((manifest[kind] as Record<string, string> | undefined) ?? {})) {
        if (!name.startsWith(SCOPE)) continue;
        if (!declared.has(name)) declared.set(name, new Set());
        declared.get(name)?.add(kind);
      }
    }
    const prefix = `packages/${dir}/`;
    const imports = trackedFiles
      .filter((file) => file.startsWith(prefix) && SOURCE.test(file))
      .flatMap((file) =>
        importsOf(readFileSync(join(packagesDir, file.slice("packages/".length)), "utf8")).map((found) => ({
          ...found,
          file,
        })),
      );
    packages.push({ name: String(manifest.name), dir, private: manifest.private === true, declared, imports });
  }
  return packages;
}

/** What breaks the graph, one line each (empty: none). */
export function graphViolations(packages: readonly WorkspacePackage[], layers = LAYERS): string[] {
  const violations: string[] = [];
  const byName = new Map(packages.map((p) => [p.name, p]));
  for (const p of packages) {
    const layer = layers[p.name];
    if (layer === undefined) {
      violations.push(`${p.name} has no layer: give it one in repo-checks/src/package-graph.ts`);
      continue;
    }
    for (const [target, kinds] of p.declared) {
      const targetLayer = layers[target];
      if (targetLayer === undefined) {
        violations.push(`${p.name} depends on ${target}, which is not a workspace package with a layer`);
        continue;
      }
      if (targetLayer >= layer) {
        violations.push(
          `${p.name} (layer ${layer}) depends on ${target} (layer ${targetLayer}): an arrow must point to a lower layer`,
        );
      }
      const shipped = kinds.has("dependencies") || kinds.has("peerDependencies");
      if (!p.private && shipped && byName.get(target)?.private) {
        violations.push(`${p.name} is published and depends on the private ${target} (a dev dependency at most)`);
      }
    }
    for (const { target, file, line } of p.imports) {
      if (target === p.name) continue;
      const kinds = p.declared.get(target);
      const where = `${file}:${line}`;
      if (kinds === undefined) {
        violations.push(`${where} imports ${target}, which ${p.name}'s package.json does not declare`);
      } else if (file.startsWith(`packages/${p.dir}/src/`) && !p.private && !kinds.has("dependencies")) {
        if (!kinds.has("peerDependencies")) {
          violations.push(`${where} imports ${target} in shipped code, but ${p.name} has it as a dev dependency only`);
        }
      }
    }
  }
  return violations;
}

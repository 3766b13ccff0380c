#!/usr/bin/env node
// `corepack pnpm release:dry-run`: what `corepack pnpm release` would publish, without publishing. Prints the versions
// the pending changesets give each package, packs every public package with pnpm (as `changeset publish` does) and
// checks what npm would receive: no `workspace:` range left and each @tickwire range met by the version packed beside
// it, the entry points and `files` present and nothing else, engines equal to the workspace's, no install scripts,
// the metadata npm provenance needs (repository with its directory), and no file over 256 KB that the package README
// does not give a reason for. Needs the packages built (`corepack pnpm build`). Exits 1 naming every problem.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const LIMIT = 256 * 1024;
const REPOSITORY = "git+https://github.com/tickwire/tickwire.git";
const problems = [];
const rootManifest = readJson(join(root, "package.json"));
const pnpm = join(root, "node_modules", ".bin", "pnpm");

const packages = readdirSync(join(root, "packages"))
  .sort()
  .map((dir) => ({ dir, manifest: readJson(join(root, "packages", dir, "package.json")) }))
  .filter(({ manifest }) => manifest.private !== true);
const versions = new Map(packages.map(({ manifest }) => [manifest.name, manifest.version]));

// The versions `changeset version` would write: every changeset since the first commit.
const first = git("rev-list", "--max-parents=0", "HEAD").trim().split("\n").pop();
const out = mkdtempSync(join(tmpdir(), "tickwire-release-"));
execFileSync(
  join(root, "node_modules", ".bin", "changeset"),
  ["status", `--since=${first}`, `--output=${join(out, "status.json")}`],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const planned = new Map(readJson(join(out, "status.json")).releases.map((r) => [r.name, r]));

const rows = [];
// `workspace:^` is rewritten to the packed version. A range written out (the plugin's peer range on the runtime,
// "workspace:^0.0.0 || ^0.1.0", so that changesets does not bump the plugin to 1.0.0 with the runtime's first minor)
// must accept the version this release publishes.
function meets(written, range, name) {
  if (/^workspace:[\^~*]$/.test(written ?? "")) return range.replace(/^[\^~]/, "") === versions.get(name);
  const published = planned.get(name)?.newVersion ?? versions.get(name);
  return range.split("||").some((alternative) => caretAccepts(alternative.trim(), published));
}

/** Whether `^a.b.c` accepts `version` (npm's caret: below 1.0.0 the minor is the breaking part). */
function caretAccepts(range, version) {
  const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) return false;
  const [major, minor, patch] = match.slice(1).map(Number);
  const [vMajor, vMinor, vPatch] = version.split(".").map(Number);
  if (vMajor !== major) return false;
  if (major > 0) return vMinor > minor || (vMinor === minor && vPatch >= patch);
  return vMinor === minor && vPatch >= patch;
}

// Every public package packed in one pnpm run (a pnpm process costs about 0.4 CPU-s to start).
const packedFiles = JSON.parse(
  execFileSync(
    pnpm,
    [
      "--recursive",
      ...packages.flatMap(({ manifest }) => ["--filter", manifest.name]),
      "pack",
      "--json",
      "--pack-destination",
      out,
    ],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024 },
  ),
);
const tarballOf = new Map([packedFiles].flat().map((p) => [p.name, p.filename]));

for (const { dir, manifest } of packages) {
  const where = `packages/${dir}`;
  const tarball = tarballOf.get(manifest.name);
  if (tarball === undefined) throw new Error(`pnpm pack left no tarball for ${manifest.name}`);
  const listing = execFileSync("tar", ["-tzvf", tarball], { encoding: "utf8" });
  const files = new Map();
  for (const line of listing.trim().split("\n")) {
    const fields = line.trim().split(/\s+/);
    files.set(fields.at(-1).replace(/^package\//, ""), Number(fields[2]));
  }
  const packed = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
  const problem = (text) => problems.push(`${manifest.name}: ${text}`);

  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, range] of Object.entries(packed[field] ?? {})) {
      if (range.startsWith("workspace:")) problem(`${field}.${name} is still "${range}"`);
      else if (versions.has(name) && !meets(manifest[field]?.[name], range, name))
        problem(`${field}.${name} is "${range}", not the packed ${name}@${versions.get(name)} nor its next release`);
    }
  }
  if (packed.engines?.node !== rootManifest.engines.node)
    problem(
      `engines.node is ${JSON.stringify(packed.engines?.node)}, the workspace's is "${rootManifest.engines.node}"`,
    );
  for (const script of ["preinstall", "install", "postinstall", "prepare"])
    if (packed.scripts?.[script]) problem(`has a "${script}" script, which npm would run on install`);
  if (packed.repository?.url !== REPOSITORY || packed.repository?.directory !== where)
    problem(
      `repository is ${JSON.stringify(packed.repository)}: provenance needs {url: "${REPOSITORY}", directory: "${where}"}`,
    );
  if (packed.license !== "MIT") problem(`license is ${JSON.stringify(packed.license)}`);

  const allowed = [...(manifest.files ?? []), "package.json", "README.md", "LICENSE", "CHANGELOG.md"];
  for (const file of files.keys())
    if (!allowed.some((entry) => file === entry || file.startsWith(`${entry.replace(/\/$/, "")}/`)))
      problem(`ships ${file}, which "files" does not name`);
  for (const required of ["package.json", "README.md", "LICENSE"])
    if (!files.has(required)) problem(`does not ship ${required}`);
  for (const target of entryPoints(packed))
    if (!target.includes("*") && !files.has(target.replace(/^\.\//, "")))
      problem(`entry point ${target} is not in the tarball`);

  const readme = readFileSync(join(root, where, "README.md"), "utf8");
  for (const [file, size] of files)
    if (size > LIMIT && !readme.includes(file))
      problem(`ships ${file} at ${kb(size)}, over 256 KB, and its README gives no reason (name the file there)`);

  const release = planned.get(manifest.name);
  const largest = [...files].sort((a, b) => b[1] - a[1])[0];
  rows.push([
    manifest.name,
    release && release.type !== "none"
      ? `${manifest.version} -> ${release.newVersion} (${release.type})`
      : manifest.version,
    String(files.size),
    kb([...files.values()].reduce((a, b) => a + b, 0)),
    `${largest[0]} ${kb(largest[1])}`,
  ]);
}
rmSync(out, { recursive: true, force: true });

console.log("What `corepack pnpm release` would publish (not published: this is a dry run):\n");
const header = ["package", "version (after pending changesets)", "files", "unpacked", "largest file"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const row of [header, widths.map((w) => "-".repeat(w)), ...rows])
  console.log(`| ${row.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`\n${rows.length} packages: what npm would receive checks out.`);

function entryPoints(pkg) {
  const targets = [];
  const walk = (value) => {
    if (typeof value === "string") targets.push(value);
    else if (value && typeof value === "object") for (const v of Object.values(value)) walk(v);
  };
  walk(pkg.exports);
  walk(pkg.bin);
  for (const field of ["main", "types"]) if (pkg[field]) targets.push(pkg[field]);
  return targets;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

function git(...args) {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" });
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

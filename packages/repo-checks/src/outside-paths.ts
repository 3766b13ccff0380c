// Finds text that names a path outside the repository: the platform's spec files (which live beside the repository,
// not in it), and relative paths that climb above the repository root. The repository cites docs/contract.md and
// docs/platform.md instead. The spec names are assembled from parts so that this file does not name them itself.
import { posix } from "node:path";

export interface Finding {
  /** Repository-relative path of the file (for a tarball: where the file comes from, e.g. packages/codec/README.md). */
  file: string;
  line: number;
  reason: string;
  excerpt: string;
}

/** Strings that only ever name the spec beside the repository. */
export const FORBIDDEN_STRINGS: readonly string[] = [
  ["..", "shared"].join("/"),
  ["", "shared", "spec"].join("/"),
  ["interface", "md"].join("."),
  `${["platform", "notes"].join("-")}.md`,
];

export interface ScanOptions {
  /** Also flag Markdown links that leave this directory (repository-relative): a packed README's links must not. */
  markdownLinksWithin?: string;
  /** More strings to refuse, e.g. the absolute path of the checkout (a build that embeds it leaks the machine). */
  extraForbidden?: readonly string[];
}

// Characters a path token is made of; anything else (quotes, spaces, brackets, `:`) ends it.
const PATH_TOKEN = /[\w.@+~/-]+/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** Where `target` lands when resolved from the directory `fromDir` (both repository-relative, POSIX). */
export function resolveFrom(fromDir: string, target: string): string {
  return posix.normalize(posix.join(fromDir === "" ? "." : fromDir, target));
}

function climbsOut(resolved: string): boolean {
  return resolved === ".." || resolved.startsWith("../");
}

function isRelativeLink(target: string): boolean {
  return !/^(?:[a-z][a-z0-9+.-]*:|#|\/)/i.test(target);
}

/** Every place in `text` (the content of repository file `file`) that names a path outside the repository. */
export function scanText(file: string, text: string, options: ScanOptions = {}): Finding[] {
  const findings: Finding[] = [];
  const dir = posix.dirname(file) === "." ? "" : posix.dirname(file);
  const forbidden = [...FORBIDDEN_STRINGS, ...(options.extraForbidden ?? [])];
  const isMarkdown = file.toLowerCase().endsWith(".md");
  const lines = text.split("\n");
  // pnpm-lock.yaml writes `link:` paths relative to the importer they are listed under, not to the lockfile.
  const isLockfile = posix.basename(file) === "pnpm-lock.yaml";
  // A buf.gen.yaml plugin's options name import paths relative to that plugin's `out` directory.
  const isBufGen = posix.basename(file) === "buf.gen.yaml";
  let baseDir = dir;
  let lockfileSection = "";
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (isLockfile) {
      const section = /^(\S[^:]*):/.exec(line);
      const importer = /^ {2}(\S[^:]*):\s*$/.exec(line);
      if (section) {
        lockfileSection = section[1];
        baseDir = dir;
      } else if (importer && lockfileSection === "importers") {
        baseDir = resolveFrom(dir, importer[1].replaceAll("'", ""));
      }
    }
    if (isBufGen) {
      const out = /^\s*out:\s*(\S+)\s*$/.exec(line);
      if (out) baseDir = resolveFrom(dir, out[1]);
      else if (/^\s*-\s*(?:local|remote|protoc_builtin):/.test(line)) baseDir = dir;
    }
    const report = (reason: string) =>
      findings.push({ file, line: index + 1, reason, excerpt: line.trim().slice(0, 200) });
    const lower = line.toLowerCase();
    for (const needle of forbidden) {
      if (lower.includes(needle.toLowerCase())) report(`names ${JSON.stringify(needle)}`);
    }
    for (const match of line.matchAll(PATH_TOKEN)) {
      const token = match[0];
      if (token.startsWith("/") || !token.split("/").includes("..")) continue;
      const resolved = resolveFrom(baseDir, token);
      if (climbsOut(resolved)) report(`relative path ${JSON.stringify(token)} leaves the repository (${resolved})`);
    }
    if (isMarkdown && options.markdownLinksWithin !== undefined) {
      const within = options.markdownLinksWithin;
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const target = match[1].split("#")[0];
        if (target === "" || !isRelativeLink(target)) continue;
        const resolved = resolveFrom(dir, target);
        if (resolved !== within && !resolved.startsWith(`${within}/`)) {
          report(
            `Markdown link ${JSON.stringify(match[1])} leaves ${within}/ (broken once packed): use an absolute URL`,
          );
        }
      }
    }
  }
  return findings;
}

/** A file is scanned as text unless its first 8 KiB hold a NUL byte. */
export function isText(bytes: Uint8Array): boolean {
  return !bytes.subarray(0, 8192).includes(0);
}

export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.file}:${f.line}: ${f.reason}\n    ${f.excerpt}`).join("\n");
}

// Guards for the package as shipped: browser-safe runtime code, the exports map, and the OpenAPI document.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { packageDir, schemaFiles } from "./helpers.js";

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );

test("runtime code uses standard JS only: no node: imports, Buffer, process or require", () => {
  const files = sourceFiles(join(packageDir, "src"));
  assert.ok(files.some((f) => f.includes("/gen/validators/")));
  for (const file of files) {
    const code = readFileSync(file, "utf8");
    assert.doesNotMatch(code, /from\s+["']node:|\bBuffer\b|\bprocess\.|\brequire\(/, file);
    for (const [, specifier] of code.matchAll(/\bfrom\s+["']([^"']+)["']/g)) {
      assert.ok(specifier?.startsWith("."), `${file} imports only its own modules, got ${specifier}`);
    }
  }
});

test("the package exports its schema files and the OpenAPI document", () => {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  assert.equal(manifest.exports["./schemas/*"], "./schemas/*");
  assert.equal(manifest.exports["./openapi.yaml"], "./openapi.yaml");
  assert.ok(manifest.files.includes("schemas") && manifest.files.includes("openapi.yaml"));
  assert.equal(manifest.dependencies, undefined, "validators need no Ajv at run time");
});

test("openapi.yaml covers the four endpoints, the Bearer scheme and every error of docs/contract.md's table", () => {
  const spec = readFileSync(join(packageDir, "openapi.yaml"), "utf8");
  assert.match(spec, /^openapi: 3\.1\.\d+$/m);
  for (const path of [
    "/api_gateway/v1/api/app_login",
    "/api/v1/positions",
    "/api/marketfeed/ltp",
    "/api_interactive/api/v1/trades",
  ]) {
    assert.ok(spec.includes(`\n  ${path}:\n`), path);
  }
  assert.match(spec, /bearerAuth:\n\s+type: http\n\s+scheme: bearer/);
  const section = (path: string) => spec.slice(spec.indexOf(`\n  ${path}:`)).split(/\n {2}\/|\ncomponents:/)[1] ?? "";
  const statuses = (path: string) => [...section(path).matchAll(/^ {8}"(\d{3})":/gm)].map((m) => m[1]);
  assert.deepEqual(statuses("/api_gateway/v1/api/app_login"), ["200", "400", "401", "403", "500"]);
  assert.deepEqual(statuses("/api/marketfeed/ltp"), ["200", "400", "401", "500"]);
  for (const secured of ["/api/v1/positions", "/api_interactive/api/v1/trades"])
    assert.ok(statuses(secured).includes("401"), secured);
  const referenced = new Set([...spec.matchAll(/\$ref: \.\/schemas\/([\w.-]+)/g)].map((m) => m[1]));
  for (const file of referenced) assert.ok(schemaFiles.includes(String(file)), `${file} exists`);
  assert.ok(referenced.size >= 8);
});

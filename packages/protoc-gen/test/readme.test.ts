// The codec README's "Your own schema in three steps", run for real: its buf.gen.yaml
// generates this package's test schema (the output must equal the committed test/gen),
// and its TypeScript example runs against that output.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { builtPlugin } from "./built-plugin.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const readme = readFileSync(join(root, "..", "codec", "README.md"), "utf8");
const start = readme.indexOf("## Your own schema in three steps");
const section = readme.slice(start, readme.indexOf("\n## ", start + 1));

function block(language: string): string {
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\``).exec(section);
  assert.ok(match, `the section has a ${language} block`);
  return match[1];
}

test("the README's buf.gen.yaml generates exactly the committed test schema output", () => {
  const dir = mkdtempSync(join(tmpdir(), "tickwire-readme-"));
  try {
    cpSync(join(root, "test", "proto"), join(dir, "proto"), { recursive: true });
    // The README's plugin names, resolved as `pnpm exec` resolves them in a user's project.
    const yaml = block("yaml")
      .replace("local: protoc-gen-es", `local: ${join(root, "node_modules", ".bin", "protoc-gen-es")}`)
      .replace("local: protoc-gen-tickwire", `local: ${JSON.stringify(["node", builtPlugin()])}`);
    writeFileSync(join(dir, "buf.gen.yaml"), yaml);
    writeFileSync(join(dir, "buf.yaml"), "version: v2\nmodules:\n  - path: proto\n");
    const run = spawnSync(join(root, "node_modules", ".bin", "buf"), ["generate"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 120_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const generated = join(dir, "src", "gen", "tickwire", "orders", "v1");
    const committed = join(root, "test", "gen", "tickwire", "orders", "v1");
    assert.deepStrictEqual(readdirSync(generated).sort(), ["orders_pb.ts", "orders_tw.ts"]);
    for (const name of readdirSync(committed)) {
      assert.equal(readFileSync(join(generated, name), "utf8"), readFileSync(join(committed, name), "utf8"), name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the README's TypeScript example runs on that output", () => {
  // Beside test/gen, so its `./gen/...` imports resolve to the committed output.
  const file = join(root, "test", ".readme-example.ts");
  writeFileSync(file, `${block("ts")}\nexport {};\n`);
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", file], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(run.status, 0, run.stderr);
  } finally {
    rmSync(file, { force: true });
  }
});

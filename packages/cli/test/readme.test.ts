// Every code example in the root README.md runs: ts blocks through tsx from a file inside this package (so the
// workspace packages resolve), sh blocks with bash at the root. A block that is not run carries
// `<!-- not-run: reason -->` on the line above it; a marker without a reason fails.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { packageDir } from "./helpers.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const readme = readFileSync(join(root, "README.md"), "utf8");

interface Example {
  language: "ts" | "sh";
  code: string;
  line: number;
  notRun: string | undefined;
}

export function extractExamples(markdown: string): Example[] {
  const lines = markdown.split("\n");
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    assert.ok(end > i, `README.md:${i + 1}: unclosed code block`);
    const language = open[1];
    const marker = /^<!-- not-run:(.*)-->$/.exec(lines[i - 1] ?? "");
    if (language === "ts" || language === "sh") {
      examples.push({ language, code: lines.slice(i + 1, end).join("\n"), line: i + 1, notRun: marker?.[1].trim() });
    } else {
      assert.fail(`README.md:${i + 1}: code block of language '${language}': only ts and sh examples can be run`);
    }
    i = end;
  }
  return examples;
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    // A guard against a hung example, not a speed check: on a loaded 2-core machine an example can take 30 s.
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const examples = extractExamples(readme);

test("the README has runnable examples, and every skipped one says why", () => {
  assert.ok(examples.filter((e) => e.notRun === undefined && e.language === "ts").length >= 5);
  assert.ok(examples.some((e) => e.notRun === undefined && e.language === "sh"));
  for (const e of examples)
    if (e.notRun !== undefined) assert.ok(e.notRun.length > 3, `README.md:${e.line}: not-run needs a reason`);
});

// Each example is its own process: run them side by side.
describe("README examples", { concurrency: true }, () => {
  for (const example of examples) {
    if (example.notRun !== undefined) continue;
    test(`README.md:${example.line} (${example.language}) runs and exits 0`, async () => {
      if (example.language === "ts") {
        const file = join(packageDir, `.readme-example-${example.line}.ts`);
        writeFileSync(file, `${example.code}\nexport {};\n`);
        try {
          const result = await run(process.execPath, ["--import", "tsx", file], packageDir);
          assert.equal(result.code, 0, result.output);
        } finally {
          rmSync(file, { force: true });
        }
      } else {
        const result = await run("bash", ["-euo", "pipefail", "-c", example.code], root);
        assert.equal(result.code, 0, result.output);
      }
    });
  }
});

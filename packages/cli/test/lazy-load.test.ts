// What each command loads. The file commands, --help and --version must not load the sandbox server and with it
// fastify, pino and jose (nor the client, the board or ws): they stay quick to start and work where those cannot
// load. A resolve hook records every module the bin resolves; `serve` is the control that shows the hook sees the
// sandbox.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { packageDir, tickwire } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tickwire-lazy-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const hook = fileURLToPath(new URL("./fixtures/trace-resolve.mjs", import.meta.url));
const capture = join(dir, "capture.bin");
const base64Capture = join(dir, "capture.b64");

before(async () => {
  writeFileSync(capture, (await tickwire(["gen", "--count", "20"])).stdout);
  writeFileSync(base64Capture, (await tickwire(["gen", "--count", "20", "--framing", "base64"])).stdout);
});

let traces = 0;
async function resolvedBy(args: string[]): Promise<{ code: number | null; urls: string[] }> {
  const log = join(dir, `trace-${traces++}.log`);
  writeFileSync(log, "");
  const result = await tickwire(args, { nodeArgs: ["--import", hook], env: { TRACE_RESOLVE_LOG: log } });
  return { code: result.code, urls: readFileSync(log, "utf8").split("\n").filter(Boolean) };
}

// The simulator entry and the modules it imports are the only sandbox files a file command may load.
const SIMULATOR_FILES = new Set(["simulator-entry.js", "market-simulator.js", "frame.js", "instruments.js", "prng.js"]);

function serverModules(urls: string[]): string[] {
  return urls.filter((url) => {
    if (/\/node_modules\/(?:\.pnpm\/)?(?:fastify|pino|jose|ws|@fastify)[@/+]/.test(url)) return true;
    if (url.includes("/packages/client/") || url.includes("/packages/board/")) return true;
    const sandboxFile = /\/packages\/sandbox\/dist\/(.+)$/.exec(url)?.[1];
    return sandboxFile !== undefined && !SIMULATOR_FILES.has(sandboxFile);
  });
}

describe("commands that do not serve load no server module", { concurrency: true }, () => {
  const commands = [
    ["--help"],
    ["--version"],
    ["decode", "--help"],
    ["gen", "--count", "1"],
    ["decode", capture],
    ["decode", "--framing", "base64", base64Capture],
    ["inspect", capture],
    ["stats", capture],
  ];
  for (const args of commands) {
    test(`tickwire ${args.join(" ").replace(dir, "<dir>")}`, async () => {
      const { code, urls } = await resolvedBy(args);
      assert.equal(code, 0);
      assert.ok(
        urls.some((url) => url.endsWith("/packages/cli/dist/cli.js")),
        "the hook saw the bin's modules",
      );
      assert.deepEqual(serverModules(urls), []);
    });
  }
});

test("stats, decode and inspect load no sandbox module at all (message helpers come from @tickwire/proto)", async () => {
  for (const args of [
    ["stats", capture],
    ["decode", capture],
    ["inspect", capture],
  ]) {
    const { code, urls } = await resolvedBy(args);
    assert.equal(code, 0);
    assert.deepEqual(
      urls.filter((url) => url.includes("/packages/sandbox/")),
      [],
      args[0],
    );
  }
});

test("the control: serve loads the sandbox with fastify, pino and jose", async () => {
  const { code, urls } = await resolvedBy(["serve", "--seconds", "0.2"]);
  assert.equal(code, 0);
  const loaded = serverModules(urls).join("\n");
  for (const name of ["fastify", "pino", "jose", "packages/sandbox/dist/index.js"])
    assert.match(loaded, new RegExp(name));
});

test("run() leaks nothing to the process's own stdout and stderr", async () => {
  const result = join(dir, "in-memory.json");
  const commands = [
    ["gen", "--count", "5"],
    ["decode"],
    ["inspect"],
    ["stats"],
    ["decode", "--framing", "base64"],
    ["--version"],
    ["--help"],
  ];
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "test/fixtures/run-in-memory.ts", result, capture, JSON.stringify(commands)],
    { cwd: packageDir, env: { ...process.env, CI: "" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const leaked: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => leaked.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => leaked.push(chunk));
  const code = await new Promise((resolve) => child.on("close", resolve));
  assert.equal(code, 0, Buffer.concat(leaked).toString());
  assert.equal(Buffer.concat(leaked).length, 0, Buffer.concat(leaked).toString());
  const results = JSON.parse(readFileSync(result, "utf8")) as { argv: string[]; code: number; stdoutBytes: number }[];
  assert.deepEqual(
    results.map((r) => [r.argv[0], r.code, r.stdoutBytes > 0]),
    [
      ["gen", 0, true],
      ["decode", 0, true],
      ["inspect", 0, true],
      ["stats", 0, true],
      // the delimited capture read as base64 text: refused, and said on the given stderr
      ["decode", 1, false],
      ["--version", 0, true],
      ["--help", 0, true],
    ],
  );
});

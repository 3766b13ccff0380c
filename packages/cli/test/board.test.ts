// `tickwire board` as a user runs it: it prints the page's address, serves the page and its data while running,
// keeps the app key off the page, and stops cleanly after --seconds.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { tickwire } from "./helpers.js";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

test("board serves the page on loopback, then exits 0 after --seconds", { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, [bin, "board", "--seconds", "6", "--seed", "3"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      const match = /board: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout);
      if (match) resolve(match[1]);
    });
    child.on("error", reject);
    child.on("close", (code) => reject(new Error(`exited ${code} before printing the board's address: ${stderr}`)));
  });
  const page = await fetch(url);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<script type="module" src="\/app.js">/);
  const data = (await (await fetch(new URL("/api/board", url))).json()) as { instruments: { id: string }[] };
  assert.ok(data.instruments.length > 3);
  for (const instrument of data.instruments) assert.ok(BigInt(instrument.id) < 2n ** 53n);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(code, 0, stderr);
  assert.match(stdout, /board closed: \d+ frames sent to pages, 0 dropped/);
});

test("board with --url and no --instruments is a usage error (exit 2)", async () => {
  const result = await tickwire(["board", "--url", "http://127.0.0.1:9", "--user", "u", "--app-key", "k"]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /needs --instruments/);
});

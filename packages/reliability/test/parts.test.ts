// Every part `pnpm reliability` lists is there and runnable, and every part directory is listed: a missing part
// fails here, not at the end of a campaign.
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { PARTS } from "../src/parts.js";

const src = new URL("../src/", import.meta.url);

test("every part listed has a module that exports run", async () => {
  assert.ok(PARTS.length >= 6);
  for (const part of PARTS) {
    const path = new URL(`${part.name}/index.ts`, src);
    assert.ok(existsSync(path), `part ${part.name}: src/${part.name}/index.ts is missing`);
    const module = (await import(path.href)) as { run?: unknown };
    assert.equal(typeof module.run, "function", `part ${part.name}: its index.ts exports no run()`);
  }
});

test("every part directory is listed", () => {
  const directories = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.deepEqual(directories.sort(), PARTS.map((part) => part.name).sort());
});

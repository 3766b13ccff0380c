import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { PARTS } from "../src/parts.js";

test("every part listed has a module that exports run", async () => {
  for (const part of PARTS) {
    const path = new URL(`../src/${part.name}/index.ts`, import.meta.url);
    if (!existsSync(path)) continue; // parts land one by one; the CLI skips a missing one
    const module = (await import(path.href)) as { run?: unknown };
    assert.equal(typeof module.run, "function", part.name);
  }
});

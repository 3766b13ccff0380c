// A capture file that cannot be written must end `record` with an error naming it, not leave it waiting forever.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { defaultInstruments, startSandbox } from "@tickwire/sandbox";
import { demoLogin } from "@tickwire/testkit/sandbox";
import { tickwire } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tickwire-cli-record-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("record --out into a missing directory fails with the file's error and exits", async () => {
  const sandbox = await startSandbox({ logger: false, rate: 2000 });
  try {
    const token = await demoLogin(sandbox);
    const out = join(dir, "missing", "recorded.bin");
    const id = String(defaultInstruments[0].id);
    const recorded = await tickwire(
      ["record", "--url", `${sandbox.wsUrl}?key=${token}`, "--instruments", id, "--count", "20", "--out", out],
      { timeoutMs: 20_000 },
    );
    assert.equal(recorded.signal, null, `killed: record did not exit by itself\n${recorded.stderr}`);
    assert.notEqual(recorded.code, 0, `code ${recorded.code}, stderr ${recorded.stderr}`);
    assert.ok(recorded.code !== 13, "code 13: the command was left awaiting a close that had already happened");
    assert.match(String(recorded.stderr), /recorded\.bin: .*ENOENT/);
  } finally {
    await sandbox.close();
  }
});

// Proves the `buf breaking` guard works: a renumbered and a deleted field are
// both reported, and additive changes (a new field, a new oneof case) pass.
// TICKWIRE_BUF may name another buf binary; pointing it at `true` shows that the
// first test fails when the check is skipped.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";

const repoRoot = resolve(import.meta.dirname, "../../..");
const protoPath = "proto/tickwire/marketdata/v1/marketdata.proto";
const buf = process.env.TICKWIRE_BUF ?? resolve(import.meta.dirname, "../node_modules/.bin/buf");
const scratch: string[] = [];
after(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the buf workspace (buf.yaml and proto/) with the proto file edited. */
function editedCopy(edit: (source: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), "tickwire-breaking-"));
  scratch.push(dir);
  cpSync(join(repoRoot, "buf.yaml"), join(dir, "buf.yaml"));
  cpSync(join(repoRoot, "proto"), join(dir, "proto"), { recursive: true });
  const file = join(dir, protoPath);
  const before = readFileSync(file, "utf8");
  const after = edit(before);
  assert.notEqual(after, before, "the edit changed nothing");
  writeFileSync(file, after);
  return dir;
}

function bufBreaking(dir: string) {
  const run = spawnSync(buf, ["breaking", dir, "--against", repoRoot], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test("renumbering one field and deleting another fails, naming both", () => {
  const dir = editedCopy((s) =>
    s.replace("int32 Flag = 8;", "int32 Flag = 9;").replace(/\n\s*\/\/[^\n]*\n\s*int64 LTT = 17;/, ""),
  );
  const { status, output } = bufBreaking(dir);
  assert.notEqual(status, 0, `buf breaking accepted a breaking change:\n${output}`);
  assert.match(output, /field "8" with name "Flag" on message "TickData"/, `TickData.Flag not named:\n${output}`);
  assert.match(
    output,
    /field "17" with name "LTT" on message "TickDataMessage"/,
    `TickDataMessage.LTT not named:\n${output}`,
  );
});

test("adding a field and a new oneof case passes", () => {
  const dir = editedCopy((s) =>
    s
      .replace("int32 Flag = 8;", "int32 Flag = 8;\n  // A field added later.\n  int32 Extra = 9;")
      .replace(
        "TickData TickData = 506;",
        "TickData TickData = 506;\n    // A subtype added later.\n    TickData FutureTick = 507;",
      ),
  );
  const { status, output } = bufBreaking(dir);
  assert.equal(status, 0, `buf breaking rejected an additive change:\n${output}`);
});

// One vocabulary of error codes across the packages (CONTRIBUTING.md, "Error codes"): every member of an exported
// `...ErrorCode` union is bare SCREAMING_SNAKE_CASE, with no package or project prefix; the class says where an error
// came from.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { repoRoot } from "@tickwire/testkit/workspace";
import { trackedFiles } from "../src/workspace.js";

const UNION = /export type (\w+ErrorCode)\s*=([^;]+);/g;
const MEMBER = /"([^"]+)"/g;
const BARE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** The code unions of a source text: name and members. */
function codeUnions(text: string): { name: string; members: string[] }[] {
  return [...text.matchAll(UNION)].map(([, name, body]) => ({
    name: name as string,
    // Members only, not the words a member's doc comment quotes.
    members: [...(body as string).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "").matchAll(MEMBER)].map(
      (m) => m[1] as string,
    ),
  }));
}

test("every error code union of the packages' sources uses bare SCREAMING_SNAKE_CASE codes", () => {
  const files = trackedFiles().filter((f) => /^packages\/[^/]+\/src\/.*\.ts$/.test(f) && !f.includes("/gen/"));
  const unions = files.flatMap((file) =>
    codeUnions(readFileSync(join(repoRoot, file), "utf8")).map((u) => ({ ...u, file })),
  );
  // DecodeErrorCode, EncodeErrorCode (runtime) and TickwireErrorCode (client) at least.
  assert.ok(unions.length >= 3, unions.map((u) => u.name).join(", "));
  for (const { file, name, members } of unions) {
    assert.ok(members.length > 0, `${file}: ${name} has no members`);
    for (const code of members) {
      assert.match(code, BARE, `${file}: ${name} member ${code}`);
      assert.doesNotMatch(code, /^(TICKWIRE|ERR)_/, `${file}: ${name} member ${code} carries a prefix`);
    }
  }
});

test("the check reads a union's members and refuses a prefixed code", () => {
  const [union] = codeUnions(
    'export type XErrorCode =\n  /** Not "quoted". */\n  | "TRUNCATED"\n  // or "this"\n  | "TICKWIRE_ERR_AUTH";',
  );
  assert.deepEqual(union?.members, ["TRUNCATED", "TICKWIRE_ERR_AUTH"]);
  assert.match("TRUNCATED", BARE);
  assert.match("TICKWIRE_ERR_AUTH", /^(TICKWIRE|ERR)_/);
});

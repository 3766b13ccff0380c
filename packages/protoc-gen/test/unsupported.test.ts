// proto2 and editions: what protobuf-es represents as proto3 does is generated; what
// it does not (required, groups, closed enums, prototype defaults) fails at
// generation time with the file, message, field and feature named.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const buf = join(root, "node_modules", ".bin", "buf");
const bin = join(root, "src", "bin.ts");

/**
 * Runs buf generate with only this plugin over `schema.proto` (the files in `imports` beside it,
 * generated only as it reaches them); returns the exit status, stderr and output.
 */
function generate(
  proto: string,
  imports: Record<string, string> = {},
): { status: number | null; stderr: string; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "protoc-gen-tickwire-"));
  try {
    mkdirSync(join(dir, "proto"));
    writeFileSync(join(dir, "proto", "schema.proto"), proto);
    for (const [name, text] of Object.entries(imports)) writeFileSync(join(dir, "proto", name), text);
    writeFileSync(join(dir, "buf.yaml"), "version: v2\nmodules:\n  - path: proto\n");
    // tsx by its resolved URL: the temporary directory has no node_modules to find it in.
    const local = JSON.stringify(["node", "--import", import.meta.resolve("tsx"), bin]);
    writeFileSync(join(dir, "buf.gen.yaml"), `version: v2\nplugins:\n  - local: ${local}\n    out: gen\n`);
    const run = spawnSync(buf, ["generate", "--path", join("proto", "schema.proto")], {
      cwd: dir,
      encoding: "utf8",
      timeout: 60_000,
    });
    let output = "";
    try {
      // No target option: protoplugin's default, JavaScript and declarations (target=js+dts).
      output = readFileSync(join(dir, "gen", "schema_tw.js"), "utf8");
    } catch {}
    return { status: run.status, stderr: run.stderr, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("generation-time refusals", () => {
  test("a proto2 required field names file, message, field and feature", () => {
    const result = generate('syntax = "proto2";\npackage t;\nmessage Quote {\n  required int32 bid = 1;\n}\n');
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /schema\.proto: message t\.Quote, field bid \(1\): a required field is not supported/);
  });

  test("a proto2 optional scalar (a prototype default in protobuf-es) is refused by name", () => {
    const result = generate(
      'syntax = "proto2";\npackage t;\nmessage Quote {\n  optional int32 bid = 1 [default = 5];\n}\n',
    );
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /message t\.Quote, field bid \(1\): an explicit-presence scalar outside proto3/);
  });

  test("a proto2 closed enum is refused by name", () => {
    const proto =
      'syntax = "proto2";\npackage t;\nenum Side { BUY = 0; }\nmessage Quote {\n  repeated Side side = 1;\n}\n';
    const result = generate(proto);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /field side \(1\): the closed enum t\.Side is not supported/);
  });

  test("an editions file with delimited encoding is refused by name", () => {
    const proto =
      'edition = "2023";\npackage t;\noption features.field_presence = IMPLICIT;\nmessage Leg { int32 n = 1; }\nmessage Quote {\n  Leg leg = 1 [features.message_encoding = DELIMITED];\n}\n';
    const result = generate(proto);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /field leg \(1\): a group \(delimited message encoding\) is not supported/);
  });

  test("a proto3 file reaching a proto2 import lists every refused field, each with the path that reaches it", () => {
    const legacy = [
      'syntax = "proto2";',
      "package legacy;",
      "message ImportMessage {",
      "  optional int32 d = 1;",
      "  repeated int32 fine = 2;",
      "  required string e = 3;",
      "}",
      "message Deeper { optional int64 x = 1; }",
      "message Holder { repeated Deeper deeper = 1; }",
      "",
    ].join("\n");
    const proto = [
      'syntax = "proto3";',
      "package t;",
      'import "legacy.proto";',
      "message TestAllTypes {",
      "  message Nested { legacy.Holder holder = 1; }",
      "  legacy.ImportMessage optional_import_message = 1;",
      "  Nested nested = 2;",
      "}",
      "",
    ].join("\n");
    const result = generate(proto, { "legacy.proto": legacy });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /schema\.proto cannot be generated: 3 fields use features/);
    const refused = result.stderr.split("\n").filter((line) => line.includes("is not supported"));
    assert.equal(refused.length, 3, result.stderr);
    const expected = [
      /message legacy\.ImportMessage, field d \(1\): an explicit-presence scalar outside proto3 .*; reached by TestAllTypes\.optional_import_message -> legacy\.ImportMessage\.d$/,
      /message legacy\.ImportMessage, field e \(3\): a required field is not supported .*; a string without UTF-8 validation is not supported .*; reached by TestAllTypes\.optional_import_message -> legacy\.ImportMessage\.e$/,
      /message legacy\.Deeper, field x \(1\): an explicit-presence scalar .*; reached by TestAllTypes\.Nested\.holder -> legacy\.Holder\.deeper -> legacy\.Deeper\.x$/,
    ];
    for (const pattern of expected)
      assert.ok(
        refused.some((line) => pattern.test(line)),
        `${pattern} in\n${result.stderr}`,
      );
  });

  test("a proto2 file using only proto3-equivalent features is generated (as JavaScript by default)", () => {
    const proto =
      'syntax = "proto2";\npackage t;\nmessage Quote {\n  repeated int32 bids = 1;\n  optional Quote next = 2;\n}\n';
    const result = generate(proto);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.output, /export function decodeQuote\(bytes, options\)/);
  });
});

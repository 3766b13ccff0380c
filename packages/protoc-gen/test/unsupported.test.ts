// proto2 and editions are generated (required, groups, closed enums, prototype defaults);
// the reusing decoder of internals=true recycles proto3-shaped messages only, and refuses
// the rest at generation time with the file, message, field, feature and path named.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { builtPlugin } from "./built-plugin.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const buf = join(root, "node_modules", ".bin", "buf");
const bin = builtPlugin();

/**
 * Runs buf generate with only this plugin over `schema.proto` (the files in `imports` beside it,
 * generated only as it reaches them); returns the exit status, stderr and output.
 */
function generate(
  proto: string,
  imports: Record<string, string> = {},
  internals = false,
): { status: number | null; stderr: string; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "protoc-gen-tickwire-"));
  try {
    mkdirSync(join(dir, "proto"));
    writeFileSync(join(dir, "proto", "schema.proto"), proto);
    for (const [name, text] of Object.entries(imports)) writeFileSync(join(dir, "proto", name), text);
    writeFileSync(join(dir, "buf.yaml"), "version: v2\nmodules:\n  - path: proto\n");
    const local = JSON.stringify(["node", bin]);
    const opt = internals ? "\n    opt: [internals=true]" : "";
    writeFileSync(join(dir, "buf.gen.yaml"), `version: v2\nplugins:\n  - local: ${local}\n    out: gen${opt}\n`);
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

const PROTO2 = [
  'syntax = "proto2";',
  "package t;",
  "enum Side { BUY = 0; SELL = 1; }",
  "message Quote {",
  "  required int32 bid = 1;",
  "  optional int32 ask = 2 [default = 5];",
  "  optional Side side = 3;",
  "  optional group Leg = 4 { optional int32 n = 5; }",
  "  optional string note = 6;",
  "}",
  "",
].join("\n");

describe("proto2 and editions", () => {
  test("a proto2 file with required, default, closed-enum, group and unvalidated string fields is generated", () => {
    const result = generate(PROTO2);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.output, /export function decodeQuote\(bytes, options\)/);
  });

  test("an edition 2024 file is generated (protobuf-es 2.17 resolves its features)", () => {
    const proto =
      'edition = "2024";\npackage t;\nenum Side { option features.enum_type = CLOSED; BUY = 0; }\nmessage Quote {\n  int32 n = 1;\n  Side side = 2;\n}\n';
    const result = generate(proto);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.output, /export function decodeQuote\(bytes, options\)/);
    assert.match(result.output, /knownSide\.has\(value\)/);
  });

  test("an editions file with delimited encoding is generated", () => {
    const proto =
      'edition = "2023";\npackage t;\noption features.field_presence = IMPLICIT;\nmessage Leg { int32 n = 1; }\nmessage Quote {\n  Leg leg = 1 [features.message_encoding = DELIMITED];\n}\n';
    const result = generate(proto);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.output, /export function encodeQuote\(message\)/);
  });
});

describe("generation-time refusals (the reusing decoder of internals=true)", () => {
  test("every proto2-shaped field is refused by name, file, message, number and feature", () => {
    const result = generate(PROTO2, {}, true);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /schema\.proto cannot be generated: 6 fields use features/);
    for (const pattern of [
      /message t\.Quote, field bid \(1\): an explicit-presence scalar with its default on protobuf-es's prototype/,
      /message t\.Quote, field ask \(2\): an explicit-presence scalar/,
      /message t\.Quote, field side \(3\): the closed enum t\.Side is not supported/,
      /message t\.Quote\.Leg, field n \(5\): an explicit-presence scalar .*; reached by Quote\.Leg\.n$/m,
      /message t\.Quote, field leg \(4\): a group \(delimited message encoding\) is not supported/,
      /message t\.Quote, field note \(6\): a string without UTF-8 validation is not supported .*; an explicit-presence/,
    ]) {
      assert.match(result.stderr, pattern);
    }
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
    const result = generate(proto, { "legacy.proto": legacy }, true);
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /schema\.proto cannot be generated: 3 fields use features/);
    const refused = result.stderr.split("\n").filter((line) => line.includes("is not supported"));
    assert.equal(refused.length, 3, result.stderr);
    const expected = [
      /message legacy\.ImportMessage, field d \(1\): an explicit-presence scalar .*; reached by TestAllTypes\.optional_import_message -> legacy\.ImportMessage\.d$/,
      /message legacy\.ImportMessage, field e \(3\): a string without UTF-8 validation is not supported .*; an explicit-presence scalar .*; reached by TestAllTypes\.optional_import_message -> legacy\.ImportMessage\.e$/,
      /message legacy\.Deeper, field x \(1\): an explicit-presence scalar .*; reached by TestAllTypes\.Nested\.holder -> legacy\.Holder\.deeper -> legacy\.Deeper\.x$/,
    ];
    for (const pattern of expected)
      assert.ok(
        refused.some((line) => pattern.test(line)),
        `${pattern} in\n${result.stderr}`,
      );
  });

  test("a proto3 file is generated with internals=true", () => {
    const proto = 'syntax = "proto3";\npackage t;\nmessage Quote {\n  repeated int32 bids = 1;\n  Quote next = 2;\n}\n';
    const result = generate(proto, {}, true);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.output, /export function reuseQuote\(/);
  });
});

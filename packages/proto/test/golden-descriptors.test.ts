// The contract's market-data tables, read from docs/contract.md ("Market-data messages") and compared with what
// protoc-gen-es generated. It does not read the .proto file, so a wrong edit there (a renumbered field, a changed
// type) fails here even if buf accepts it; a wrong edit of the tables fails here too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ScalarType } from "@bufbuild/protobuf";
import { file_tickwire_marketdata_v1_marketdata as file } from "../src/index.js";

type FieldRow = readonly [name: string, type: string, number: number];

const PACKAGE = "tickwire.marketdata.v1";
const CONTRACT = new URL("../../../docs/contract.md", import.meta.url);

interface ContractTables {
  messages: Record<string, FieldRow[]>;
  enums: Record<string, Array<[string, number]>>;
}

/**
 * The tables of the "Market-data messages" section: each `###` heading names its messages (or, after "Enum", its
 * enum) in backticks, and each table row below it is `| number | name | type |` (`| number | name |` for an enum).
 */
export function readContractTables(markdown: string): ContractTables {
  const section = /^## Market-data messages\n([\s\S]*?)(?=^## )/m.exec(markdown);
  assert.ok(section, 'docs/contract.md has no "## Market-data messages" section');
  const tables: ContractTables = { messages: {}, enums: {} };
  for (const block of section[1].split(/^### /m).slice(1)) {
    const [heading, ...lines] = block.split("\n");
    const names = [...heading.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    const rows = lines
      .filter((line) => /^\|\s*\d+\s*\|/.test(line))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim().replaceAll("`", "")),
      );
    if (names.length === 0 || rows.length === 0) continue;
    for (const name of names) {
      if (heading.startsWith("Enum ")) {
        tables.enums[name] = rows.map(([number, value]): [string, number] => [value, Number(number)]);
      } else {
        tables.messages[name] = rows.map(([number, field, type]): FieldRow => [field, type, Number(number)]);
      }
    }
  }
  return tables;
}

const contract = readContractTables(readFileSync(CONTRACT, "utf8"));
const contractMessages = contract.messages;

const scalarNames: Record<number, string> = {
  [ScalarType.INT32]: "int32",
  [ScalarType.UINT32]: "uint32",
  [ScalarType.INT64]: "int64",
  [ScalarType.UINT64]: "uint64",
  [ScalarType.DOUBLE]: "double",
  [ScalarType.STRING]: "string",
};

type DescField = (typeof file.messages)[number]["fields"][number];

function describeType(field: DescField): string {
  const prefix = field.oneof ? `oneof ${field.oneof.name} ` : "";
  switch (field.fieldKind) {
    case "scalar":
      return prefix + (scalarNames[field.scalar] ?? `scalar#${field.scalar}`);
    case "enum":
      return prefix + field.enum.name;
    case "message":
      return prefix + field.message.name;
    case "list":
      return `repeated ${field.listKind === "message" ? field.message.name : field.listKind}`;
    default:
      return field.fieldKind;
  }
}

test("the file declares package tickwire.marketdata.v1, proto3", () => {
  assert.equal(file.proto.package, PACKAGE);
  assert.equal(file.proto.syntax, "proto3");
});

test("docs/contract.md's tables hold 11 messages of 94 fields and an enum of 11 values", () => {
  assert.equal(Object.keys(contractMessages).length, 11);
  const fieldCount = Object.values(contractMessages).reduce((sum, rows) => sum + rows.length, 0);
  assert.equal(fieldCount, 94);
  for (const rows of Object.values(contractMessages)) {
    for (const [name, type, number] of rows) assert.ok(name && type && Number.isInteger(number), `row ${name}`);
  }
  assert.deepEqual(Object.keys(contract.enums), ["ExchangeSegment"]);
  assert.equal(contract.enums.ExchangeSegment.length, 11);
});

test("the file holds exactly the contract's 11 messages and 1 enum", () => {
  assert.deepEqual(file.messages.map((m) => m.name).sort(), Object.keys(contractMessages).sort());
  assert.deepEqual(
    file.enums.map((e) => e.name),
    ["ExchangeSegment"],
  );
});

for (const [messageName, expected] of Object.entries(contractMessages)) {
  test(`${messageName}: field names, numbers and types equal docs/contract.md`, () => {
    const message = file.messages.find((m) => m.name === messageName);
    assert.ok(message, `message ${messageName} is missing`);
    assert.equal(message.typeName, `${PACKAGE}.${messageName}`);
    const actual = message.fields.map((f): FieldRow => [f.name, describeType(f), f.number]).sort((a, b) => a[2] - b[2]);
    assert.deepEqual(
      actual,
      [...expected].sort((a, b) => a[2] - b[2]),
    );
    // Proto3 JSON names are the contract's names as they are (no underscores to camel-case).
    for (const f of message.fields) assert.equal(f.jsonName, f.name);
  });
}

test("MarketDataMessageBase has exactly one oneof, named subtype", () => {
  const base = file.messages.find((m) => m.name === "MarketDataMessageBase");
  assert.deepEqual(
    base?.oneofs.map((o) => o.name),
    ["subtype"],
  );
});

test("ExchangeSegment: every value name and number equals docs/contract.md", () => {
  const actual = file.enums[0].values.map((v): [string, number] => [v.name, v.number]);
  assert.deepEqual(actual, contract.enums.ExchangeSegment);
});

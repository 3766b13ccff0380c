// The contract, transcribed by hand from interface.md section 6 and compared with
// what protoc-gen-es generated. It does not read the .proto file, so a wrong edit
// there (a renumbered field, a changed type) fails here even if buf accepts it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ScalarType } from "@bufbuild/protobuf";
import { file_tickwire_marketdata_v1_marketdata as file } from "../src/index.js";

type FieldRow = readonly [name: string, type: string, number: number];

const PACKAGE = "tickwire.marketdata.v1";

/** interface.md 6.4: TouchLineDataMessage and MarketDepthMessage have the same fields. */
const touchLineFields: FieldRow[] = [
  ["InstrumentID", "uint64", 10],
  ["ExchangeSegment", "ExchangeSegment", 11],
  ["ExchangeInstrumentID", "uint32", 12],
  ["InstrumentName", "string", 13],
  ["TimeStamp", "int64", 14],
  ["LTP", "double", 15],
  ["LTQ", "int32", 16],
  ["LTT", "int64", 17],
  ["ATP", "double", 18],
  ["VTT", "int64", 19],
  ["TBQ", "int64", 20],
  ["TSQ", "int64", 21],
  ["Open", "double", 22],
  ["High", "double", 23],
  ["Low", "double", 24],
  ["Close", "double", 25],
  ["OI", "int64", 26],
  ["BestBidLevel", "repeated PriceDepthLevel", 27],
  ["BestAskLevel", "repeated PriceDepthLevel", 28],
];

const contractMessages: Record<string, FieldRow[]> = {
  // 6.2; the subtype rows are the members of oneof `subtype`.
  MarketDataMessageBase: [
    ["MessageCode", "int32", 1],
    ["ID", "uint64", 2],
    ["MessageSize", "int32", 3],
    ["TickDataMessage", "oneof subtype TickDataMessage", 500],
    ["TouchLineDataMessage", "oneof subtype TouchLineDataMessage", 501],
    ["MarketDepthMessage", "oneof subtype MarketDepthMessage", 502],
    ["IndexDataMessage", "oneof subtype IndexDataMessage", 503],
    ["IndexDataListMessage", "oneof subtype IndexDataListMessage", 504],
    ["IncrementalUpdateMessage", "oneof subtype IncrementalUpdateMessage", 505],
    ["TickData", "oneof subtype TickData", 506],
  ],
  // 6.3
  TickDataMessage: [
    ["InstrumentID", "uint64", 10],
    ["ExchangeSegment", "ExchangeSegment", 11],
    ["ExchangeInstrumentID", "uint32", 12],
    ["InstrumentName", "string", 13],
    ["TimeStamp", "int64", 14],
    ["LTP", "double", 15],
    ["LTQ", "int32", 16],
    ["LTT", "int64", 17],
  ],
  TouchLineDataMessage: touchLineFields,
  MarketDepthMessage: touchLineFields,
  // 6.5
  PriceDepthLevel: [
    ["Qty", "int32", 1],
    ["Price", "double", 2],
    ["Orders", "int32", 3],
  ],
  // 6.6
  TickData: [
    ["InstrumentID", "uint64", 1],
    ["ExchangeSegment", "ExchangeSegment", 2],
    ["ExchangeInstrumentID", "uint32", 3],
    ["InstrumentName", "string", 4],
    ["LTP", "double", 5],
    ["LTQ", "int32", 6],
    ["LTT", "int64", 7],
    ["Flag", "int32", 8],
  ],
  // 6.7
  IndexData: [
    ["InstrumentID", "uint64", 10],
    ["ExchangeSegment", "ExchangeSegment", 11],
    ["ExchangeInstrumentID", "uint32", 12],
    ["IndexName", "string", 13],
    ["TimeStamp", "int64", 14],
    ["Last", "double", 15],
    ["Open", "double", 16],
    ["High", "double", 17],
    ["Low", "double", 18],
    ["Close", "double", 19],
    ["YearlyHigh", "double", 20],
    ["YearlyLow", "double", 21],
    ["NetChangeIndicator", "uint32", 22],
  ],
  IndexDataMessage: [["IndexData", "IndexData", 1]],
  IndexDataListMessage: [["IndexDataList", "repeated IndexData", 401]],
  // 6.8
  IncrementalUpdateMessage: [["MDEntriesList", "repeated MDEntries", 11]],
  MDEntries: [
    ["MDUpdateAction", "int32", 1],
    ["MDEntryType", "int32", 2],
    ["InstrumentID", "uint64", 3],
    ["ExchangeSegment", "ExchangeSegment", 4],
    ["ExchangeInstrumentID", "uint32", 5],
    ["InstrumentName", "string", 6],
    ["MDEntryPrice", "double", 7],
    ["MDEntrySize", "int32", 8],
    ["MDEntryTime", "int32", 9],
    ["MDEntryPosition", "int32", 10],
    ["OI", "int64", 11],
  ],
};

// 6.1
const contractExchangeSegment: Array<[string, number]> = [
  ["NONE", 0],
  ["NSECM", 1],
  ["NSEFO", 2],
  ["NSECD", 3],
  ["NSECO", 4],
  ["BSECM", 11],
  ["BSEFO", 12],
  ["BSECD", 13],
  ["BSECO", 14],
  ["NCDEX", 21],
  ["MCXFO", 31],
];

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

test("the file holds exactly the contract's 11 messages and 1 enum", () => {
  assert.equal(Object.keys(contractMessages).length, 11);
  assert.deepEqual(file.messages.map((m) => m.name).sort(), Object.keys(contractMessages).sort());
  assert.deepEqual(
    file.enums.map((e) => e.name),
    ["ExchangeSegment"],
  );
});

for (const [messageName, expected] of Object.entries(contractMessages)) {
  test(`${messageName}: field names, numbers and types equal interface.md`, () => {
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

test("ExchangeSegment: every value name and number equals interface.md 6.1", () => {
  const actual = file.enums[0].values.map((v): [string, number] => [v.name, v.number]);
  assert.deepEqual(actual, contractExchangeSegment);
});

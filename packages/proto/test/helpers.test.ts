import assert from "node:assert/strict";
import { test } from "node:test";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  ExchangeSegment,
  exchangeSegmentByName,
  exchangeSegmentByNumber,
  exchangeSegments,
  MarketDataMessageBaseSchema,
  type SubtypeCase,
  subtypeCases,
} from "../src/index.js";

test("subtypeCases lists the seven subtypes in field-number order", () => {
  assert.deepEqual(subtypeCases, [
    "TickDataMessage",
    "TouchLineDataMessage",
    "MarketDepthMessage",
    "IndexDataMessage",
    "IndexDataListMessage",
    "IncrementalUpdateMessage",
    "TickData",
  ]);
  assert.ok(Object.isFrozen(subtypeCases));
});

test("every subtype case builds a message that survives the wire", () => {
  for (const name of subtypeCases) {
    const message = create(MarketDataMessageBaseSchema, { subtype: { case: name, value: {} } } as never);
    const decoded = fromBinary(MarketDataMessageBaseSchema, toBinary(MarketDataMessageBaseSchema, message));
    assert.equal(decoded.subtype.case, name satisfies SubtypeCase);
  }
});

test("exchangeSegments is the contract's table in number order", () => {
  assert.deepEqual(
    exchangeSegments.map((s) => `${s.name}=${s.number}`),
    [
      "NONE=0",
      "NSECM=1",
      "NSEFO=2",
      "NSECD=3",
      "NSECO=4",
      "BSECM=11",
      "BSEFO=12",
      "BSECD=13",
      "BSECO=14",
      "NCDEX=21",
      "MCXFO=31",
    ],
  );
});

test("segment lookups go both ways and reject what the contract does not list", () => {
  assert.equal(exchangeSegmentByName("MCXFO")?.number, ExchangeSegment.MCXFO);
  assert.equal(exchangeSegmentByNumber(12)?.name, "BSEFO");
  assert.equal(exchangeSegmentByName("nsecm"), undefined, "names are exact");
  assert.equal(exchangeSegmentByName("toString"), undefined, "no prototype keys");
  assert.equal(exchangeSegmentByNumber(5), undefined);
  for (const entry of exchangeSegments) {
    assert.equal(exchangeSegmentByNumber(entry.number), entry);
    assert.equal(exchangeSegmentByName(entry.name), entry);
  }
});

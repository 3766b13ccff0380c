// messageIds and messageTime: which instruments a message carries and when it happened, for every subtype.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { MarketDataMessageBaseSchema, messageIds, messageTime } from "../src/index.js";

const BIG = 1010010000002885n; // above 2^53: ids stay exact bigints
const T = 1_767_000_000_000n;

function message(subtype: unknown) {
  return create(MarketDataMessageBaseSchema, { subtype } as never);
}

test("messageIds: the one id of a single-instrument subtype, exact above 2^53", () => {
  for (const name of ["TickDataMessage", "TouchLineDataMessage", "MarketDepthMessage", "TickData"]) {
    assert.deepEqual(messageIds(message({ case: name, value: { InstrumentID: BIG } })), [BIG], name);
  }
  assert.deepEqual(messageIds(message({ case: "IndexDataMessage", value: { IndexData: { InstrumentID: 7n } } })), [7n]);
  assert.deepEqual(messageIds(message({ case: "IndexDataMessage", value: {} })), []);
});

test("messageIds: list subtypes give each id once, in order", () => {
  const list = message({
    case: "IndexDataListMessage",
    value: { IndexDataList: [{ InstrumentID: 3n }, { InstrumentID: 1n }, { InstrumentID: 3n }] },
  });
  assert.deepEqual(messageIds(list), [3n, 1n]);
  const updates = message({
    case: "IncrementalUpdateMessage",
    value: { MDEntriesList: [{ InstrumentID: BIG }, { InstrumentID: BIG }, { InstrumentID: 2n }] },
  });
  assert.deepEqual(messageIds(updates), [BIG, 2n]);
  assert.deepEqual(messageIds(message({ case: undefined })), []);
});

test("messageTime: TimeStamp, LTT, the first list entry's TimeStamp, MDEntryTime in seconds", () => {
  for (const name of ["TickDataMessage", "TouchLineDataMessage", "MarketDepthMessage"]) {
    assert.equal(messageTime(message({ case: name, value: { TimeStamp: T } })), Number(T), name);
  }
  assert.equal(messageTime(message({ case: "TickData", value: { LTT: T } })), Number(T));
  assert.equal(messageTime(message({ case: "IndexDataMessage", value: { IndexData: { TimeStamp: T } } })), Number(T));
  const list = message({
    case: "IndexDataListMessage",
    value: { IndexDataList: [{ TimeStamp: T }, { TimeStamp: 1n }] },
  });
  assert.equal(messageTime(list), Number(T));
  const updates = message({
    case: "IncrementalUpdateMessage",
    value: { MDEntriesList: [{ MDEntryTime: 1_767_000_000 }] },
  });
  assert.equal(messageTime(updates), 1_767_000_000_000);
});

test("messageTime: undefined when no time is set", () => {
  for (const name of [
    "TickDataMessage",
    "TickData",
    "IndexDataMessage",
    "IndexDataListMessage",
    "IncrementalUpdateMessage",
  ]) {
    assert.equal(messageTime(message({ case: name, value: {} })), undefined, name);
  }
  assert.equal(messageTime(message({ case: undefined })), undefined);
});

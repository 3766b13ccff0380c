// The short-string intern table in reader.ts must never return a stale or
// colliding string: every name decodes to exactly what protobuf-es gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { decodeMessage } from "../src/index.js";

function tickNamed(name: string): Uint8Array {
  const message = create(MarketDataMessageBaseSchema, {
    subtype: { case: "TickData", value: { InstrumentName: name, InstrumentID: 1010010000002885n } },
  });
  return toBinary(MarketDataMessageBaseSchema, message);
}

function decodedName(bytes: Uint8Array): string {
  const message = decodeMessage(bytes, { int64: "number" });
  assert.equal(message.subtype.case, "TickData");
  return message.subtype.value.InstrumentName;
}

test("names that differ in one digit, as option strikes do, stay distinct", () => {
  const names: string[] = [];
  for (let strike = 20000; strike < 26000; strike += 50) names.push(`NIFTY24NOV${strike}CE`, `NIFTY24NOV${strike}PE`);
  const frames = names.map(tickNamed);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < frames.length; i++) assert.equal(decodedName(frames[i]), names[i]);
  }
});

test("more distinct names than the table has slots: evictions never return another name", () => {
  const names = Array.from({ length: 6000 }, (_, i) => `I${i.toString(36).padStart(5, "0")}`);
  const frames = names.map(tickNamed);
  // A scattered order makes slots change hands between reads.
  for (let k = 0, i = 0; k < 20000; k++, i = (i * 7919 + 13) % names.length) {
    assert.equal(decodedName(frames[i]), names[i]);
  }
});

test("lengths 0 to 40, ASCII and not, equal protobuf-es", () => {
  for (let len = 0; len <= 40; len++) {
    for (const name of ["A".repeat(len), "é".repeat(len), `${"Z".repeat(Math.max(0, len - 1))}₹`.slice(0, len)]) {
      const bytes = tickNamed(name);
      const expected = fromBinary(MarketDataMessageBaseSchema, bytes);
      assert.equal(expected.subtype.case, "TickData");
      assert.equal(decodedName(bytes), expected.subtype.value.InstrumentName);
      assert.equal(decodedName(bytes), name);
    }
  }
});

test("an invalid UTF-8 name is still rejected after a valid one took its slot", () => {
  const good = tickNamed("ABC");
  decodedName(good);
  const bad = good.slice();
  const at = bad.indexOf(0x41); // "A"
  bad[at] = 0xc3; // a lone UTF-8 lead byte
  assert.throws(() => decodeMessage(bad), { name: "DecodeError", code: "INVALID_UTF8" });
});

test("names of one length in one frame, differing at the start or the end, stay distinct", () => {
  // The reader checks each short string against the frame's previous one before hashing.
  const names = [
    "NIFTY24NOV24000CE",
    "NIFTY24NOV24000PE",
    "NIFTY24NOV24000PE",
    "BANKN24NOV24000PE",
    "NIFTY24NOV24000CE",
  ];
  const message = create(MarketDataMessageBaseSchema, {
    subtype: {
      case: "IncrementalUpdateMessage",
      value: { MDEntriesList: names.map((InstrumentName, i) => ({ InstrumentName, MDEntryPosition: i })) },
    },
  });
  const bytes = toBinary(MarketDataMessageBaseSchema, message);
  const decoded = decodeMessage(bytes, { int64: "number" });
  assert.equal(decoded.subtype.case, "IncrementalUpdateMessage");
  assert.deepEqual(
    decoded.subtype.value.MDEntriesList.map((e) => e.InstrumentName),
    names,
  );
  assert.deepStrictEqual(decodeMessage(bytes), fromBinary(MarketDataMessageBaseSchema, bytes));
});

test("interning paused by a run of unique strings and resumed by repeating ones: every string is still exact", () => {
  // Unique names miss the table (interning pauses after a window of misses); then a few
  // repeating names, mixed with non-ASCII ones, across the pause's end and the next window.
  const unique = Array.from({ length: 6000 }, (_, i) => `u${i}-${(i * 7919).toString(36)}`);
  const repeating = ["NIFTY", "BANKNIFTY", "SENSEX", "Ünïcode", "FINNIFTY"];
  const sequence = [...unique, ...Array.from({ length: 12000 }, (_, i) => repeating[i % repeating.length]), ...unique];
  for (const name of sequence) assert.equal(decodedName(tickNamed(name)), name);
});

/** A TickData frame whose InstrumentName field holds exactly `nameBytes`. */
function tickWithNameBytes(nameBytes: number[]): Uint8Array {
  const inner = [0x22, nameBytes.length, ...nameBytes]; // TickData.InstrumentName = 4
  return new Uint8Array([0xd2, 0x1f, inner.length, ...inner]); // MarketDataMessageBase.TickData = 506
}

test("short non-ASCII names: every 1- to 4-byte boundary decodes as TextDecoder, every invalid form is refused", () => {
  const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const valid = [
    "\u0080",
    "\u07ff",
    "\u0800",
    "\ud7ff",
    "\ue000",
    "\uffff",
    "\ufeffBOM kept",
    "€ 10",
    "Ünïcødé",
    "\u{10000}",
    "\u{10ffff}x",
    "a😀b",
  ];
  for (const text of valid) {
    for (const pad of ["", "xyz"]) {
      const bytes = [...new TextEncoder().encode(pad + text)];
      const frame = tickWithNameBytes(bytes);
      // Twice: the second read may come from the intern table.
      for (let read = 0; read < 2; read++) assert.equal(decodedName(frame), strict.decode(new Uint8Array(bytes)));
    }
  }
  const invalid = [
    [0xc0, 0x80], // overlong
    [0xc1, 0xbf],
    [0xe0, 0x80, 0x80],
    [0xe0, 0x9f, 0xbf],
    [0xed, 0xa0, 0x80], // a surrogate
    [0xed, 0xbf, 0xbf],
    [0xc3], // truncated
    [0xe2, 0x82],
    [0x80], // a lone continuation byte
    [0xc3, 0x41],
    [0xe2, 0x41, 0xac],
    [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
    [0xf5, 0x80, 0x80, 0x80],
    [0xff],
  ];
  for (const bad of invalid) {
    for (const pad of [[], [0x41, 0x42]]) {
      const frame = tickWithNameBytes([...pad, ...bad]);
      assert.throws(() => decodeMessage(frame), { name: "DecodeError", code: "INVALID_UTF8" }, `${bad}`);
      assert.throws(() => fromBinary(MarketDataMessageBaseSchema, frame), `protobuf-es refuses ${bad} too`);
    }
  }
});

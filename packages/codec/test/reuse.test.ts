import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  type DecodedMessage,
  DecodeError,
  decodeMessage,
  EncodeError,
  encodeDelimited,
  encodeMessage,
  FrameDecoder,
  ReusingDecoder,
} from "../src/index.js";
import { mapBigInts, messageBytes } from "./arbitraries.js";

/** Compares ignoring the reuse path's representation of an absent singular message (undefined own property). */
function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(
      mapBigInts(value, (n) => `${n}n`),
      (_k, v) => (Number.isNaN(v) ? "NaN" : v),
    ),
  );
}

describe("ReusingDecoder (the zero-allocation path)", () => {
  test("each result equals decodeMessage's, across a sequence of different frames", () => {
    fc.assert(
      fc.property(fc.array(messageBytes, { minLength: 1, maxLength: 8 }), (list) => {
        const decoder = new ReusingDecoder({ int64: "string" });
        for (const bytes of list) {
          assert.deepStrictEqual(plain(decoder.decode(bytes)), plain(decodeMessage(bytes, { int64: "string" })));
        }
      }),
      { numRuns: 200 },
    );
  });

  test("returns the same objects every time and keeps an unchanged name string", () => {
    const decoder = new ReusingDecoder({ int64: "number" });
    const bytes = encodeMessage(
      decodeMessage(new Uint8Array([0xd2, 0x1f, 0x0a, 0x22, 0x08, ...new TextEncoder().encode("RELIANCE")])),
    );
    const first = decoder.decode(bytes);
    const value = first.subtype.value;
    const name = first.subtype.case === "TickData" ? first.subtype.value.InstrumentName : "";
    const second = decoder.decode(bytes);
    assert.equal(second, first);
    assert.equal(second.subtype.value, value);
    assert.equal(second.subtype.case === "TickData" && second.subtype.value.InstrumentName, name);
  });

  test("a FrameDecoder with reuse delivers through pushEach only", () => {
    const list = fc.sample(messageBytes, { numRuns: 6, seed: 5 });
    const decoder = new FrameDecoder({ reuse: true, int64: "string" });
    const seen: unknown[] = [];
    for (const bytes of list) {
      decoder.pushEach(encodeDelimited(decodeMessage(bytes)), (m: DecodedMessage<"string">) => seen.push(plain(m)));
    }
    assert.deepStrictEqual(
      seen,
      list.map((b) => plain(decodeMessage(b, { int64: "string" }))),
    );
    assert.throws(() => decoder.push(new Uint8Array(0)), TypeError);
  });

  test("a bad frame leaves the reused target usable for the next one", () => {
    const decoder = new ReusingDecoder();
    assert.throws(() => decoder.decode(new Uint8Array([0xd2, 0x1f, 0x05, 0x08])), DecodeError);
    assert.equal(decoder.decode(new Uint8Array([0x08, 0x03])).MessageCode, 3);
    assert.equal(decoder.decode(new Uint8Array([0x08, 0x03])).subtype.case, undefined);
  });
});

describe("encodeMessage rejects values the field cannot hold, naming the field", () => {
  const base = () => decodeMessage(new Uint8Array(0));
  const cases: [string, (m: ReturnType<typeof base>) => void][] = [
    ["MarketDataMessageBase.MessageCode", (m) => Object.assign(m, { MessageCode: 2 ** 31 })],
    ["MarketDataMessageBase.MessageCode", (m) => Object.assign(m, { MessageCode: 1.5 })],
    ["MarketDataMessageBase.ID", (m) => Object.assign(m, { ID: -1n })],
    ["MarketDataMessageBase.ID", (m) => Object.assign(m, { ID: 2n ** 64n })],
    ["MarketDataMessageBase.ID", (m) => Object.assign(m, { ID: 2 ** 60 })],
    ["MarketDataMessageBase", (m) => Object.assign(m, { $typeName: "other" })],
  ];
  for (const [field, spoil] of cases) {
    test(`${field}: ${spoil.toString().slice(28, 60)}`, () => {
      const m = base();
      spoil(m);
      assert.throws(
        () => encodeMessage(m),
        (e: unknown) => e instanceof EncodeError && e.field === field,
      );
    });
  }
});

describe("runtime code stays portable", () => {
  test("src/ uses no Buffer, no node: imports, no process", () => {
    const walk = (dir: string): string[] =>
      readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(`${dir}${e.name}/`) : [`${dir}${e.name}`],
      );
    const files = walk("../src/").filter((f) => f.endsWith(".ts"));
    assert.ok(files.length > 5);
    for (const file of files) {
      const source = readFileSync(new URL(file, import.meta.url), "utf8");
      assert.doesNotMatch(source, /\bBuffer\b|from "node:|\bprocess\./, file);
    }
  });
});

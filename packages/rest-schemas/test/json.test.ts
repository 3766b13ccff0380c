import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  JsonSyntaxError,
  ltpEntryKind,
  ltpRequestKind,
  ltpSuccessKind,
  parseJson,
  positionRecordKind,
  positionsKind,
  SchemaValidationError,
  stringifyJson,
  tradesKind,
} from "../src/index.js";
import { plain, schemaOf, UINT64_MAX } from "./helpers.js";

const ORDER_ID = "24091124420000098";
const position = (schemaOf("positionRecord").examples as Record<string, unknown>[])[0] as Record<string, unknown>;

test("plain JSON.parse rounds the 17-digit order id; parseJson does not", () => {
  assert.notEqual(String(JSON.parse(ORDER_ID)), ORDER_ID);
  assert.equal(parseJson(ORDER_ID), BigInt(ORDER_ID));
});

test("the id 24091124420000098 survives parse, validate, use and stringify unchanged", () => {
  const text = stringifyJson({ C1: [{ ...position, instrument_id: BigInt(ORDER_ID) }] });
  assert.ok(text.includes(`"instrument_id":${ORDER_ID},`), "written as a plain JSON integer");
  const positions = parseJson(text, positionsKind);
  const id = positions.C1?.[0]?.instrument_id;
  assert.equal(id, 24091124420000098n);
  const byId = new Map([[24091124420000098n, "joined"]]);
  assert.equal(byId.get(id as bigint), "joined");
  assert.equal(stringifyJson(positions), text);

  const ltp = `{"status":"success","data":{"${ORDER_ID}":{"InstrumentID":${ORDER_ID},"InstrumentName":"X","LTP":1.5}}}`;
  const parsed = parseJson(ltp, ltpSuccessKind);
  assert.equal(parsed.data[ORDER_ID]?.InstrumentID, 24091124420000098n);
  assert.equal(stringifyJson(parsed), ltp);
  assert.deepEqual(parseJson(`{"InstrumentIds":[${ORDER_ID},1]}`, ltpRequestKind).InstrumentIds, [
    24091124420000098n,
    1n,
  ]);
});

test("ids are bigint at every size, so the same instrument always has the same key", () => {
  const small = parseJson(`{"InstrumentID":5,"InstrumentName":"X","LTP":1}`, ltpEntryKind);
  assert.equal(small.InstrumentID, 5n);
  const max = parseJson(`{"InstrumentID":${UINT64_MAX},"InstrumentName":"X","LTP":1}`, ltpEntryKind);
  assert.equal(max.InstrumentID, UINT64_MAX);
});

test("an id beyond uint64, or written with an exponent that loses digits, is rejected", () => {
  const rejected = (text: string, keyword: string) =>
    assert.throws(
      () => parseJson(text, ltpRequestKind),
      (e: unknown) =>
        e instanceof SchemaValidationError &&
        e.issues[0]?.keyword === keyword &&
        e.issues[0]?.path === "/InstrumentIds/0",
    );
  rejected(`{"InstrumentIds":[${UINT64_MAX + 1n}]}`, "uint64");
  rejected(`{"InstrumentIds":[2.4091124420000098e16]}`, "exact-number");
  assert.deepEqual(parseJson(`{"InstrumentIds":[1e3]}`, ltpRequestKind).InstrumentIds, [1000n]);
});

test("a declared number whose digits would round is an error; digits a double prints as-is are kept", () => {
  const text = (value: string) =>
    `{"C1":[${stringifyJson(position).replace('"turnover_value":34340', `"turnover_value":${value}`)}]}`;
  assert.throws(
    () => parseJson(text("9007199254740993"), positionsKind),
    (e: unknown) =>
      e instanceof SchemaValidationError &&
      e.issues[0]?.path === "/C1/0/turnover_value" &&
      e.issues[0]?.received === "integer 9007199254740993 (would round to 9007199254740992)",
  );
  assert.equal(parseJson(text("100000000000000000000"), positionsKind).C1?.[0]?.turnover_value, 1e20);
  assert.equal(parseJson(text("-54683587027139530"), positionsKind).C1?.[0]?.turnover_value, -54683587027139530);
  assert.equal(parseJson(text("9007199254740993.5"), positionsKind).C1?.[0]?.turnover_value, 9007199254740994);
});

test("integers beyond 2^53 in fields the contract does not describe become bigint", () => {
  const trades = parseJson(`[{"order":26082045350000016,"qty":10,"px":1.5}]`, tradesKind);
  assert.deepEqual(trades, [{ order: 26082045350000016n, qty: 10, px: 1.5 }]);
  const extra = parseJson(stringifyJson({ ...position, x_parent: BigInt(ORDER_ID) }), positionRecordKind);
  assert.equal((extra as Record<string, unknown>).x_parent, BigInt(ORDER_ID));
});

test("without a kind, every integer beyond 2^53 is a bigint, wherever it sits", () => {
  // Field names of the documented trade record included: without a kind no field is declared a number.
  const text = `[{"orderPrice":${ORDER_ID},"sequenceNumber":${ORDER_ID},"x":${ORDER_ID}}]`;
  const id = BigInt(ORDER_ID);
  assert.deepEqual(parseJson(text), [{ orderPrice: id, sequenceNumber: id, x: id }]);
});

test("the parser agrees with JSON.parse on any JSON without unsafe integers", () => {
  fc.assert(
    fc.property(fc.json(), (text) => {
      const expected = JSON.parse(text) as unknown;
      const hasUnsafe = /\d{16,}/.test(text);
      fc.pre(!hasUnsafe);
      assert.deepEqual(plain(parseJson(text)), plain(expected));
    }),
    { numRuns: 500 },
  );
});

test("strings: escapes, unicode, surrogates and __proto__ keys are read as JSON.parse reads them", () => {
  const texts = [
    String.raw`"a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\ud83d\ude00"`,
    '"é😀 plain"',
    `{"__proto__":{"polluted":true},"a":[]}`,
    " [ 1 , -0 , 0.5e-3 , 1E+2 , true , false , null ] ",
  ];
  for (const text of texts) assert.deepEqual(plain(parseJson(text)), plain(JSON.parse(text)), text);
  const object = parseJson(`{"__proto__":{"polluted":true}}`) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(object), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test("bad JSON is a JsonSyntaxError with line, column and offset, never a crash", () => {
  const cases: [string, number, number][] = [
    ["", 1, 1],
    ["{", 1, 2],
    ['{"a":1,}', 1, 8],
    ["[1 2]", 1, 4],
    ["01", 1, 2],
    ["1.", 1, 3],
    ['"\\x"', 1, 2],
    ['"a\nb"', 1, 3],
    ["nul", 1, 1],
    ['{\n  "a": tru\n}', 2, 8],
    ["1e400", 1, 1],
    ["[1] x", 1, 5],
  ];
  for (const [text, line, column] of cases) {
    assert.throws(
      () => parseJson(text),
      (e: unknown) => e instanceof JsonSyntaxError && e.line === line && e.column === column,
      JSON.stringify(text),
    );
    assert.throws(() => JSON.parse(text.replace("1e400", "x")), SyntaxError, "JSON.parse agrees it is not JSON");
  }
  assert.throws(() => parseJson(`${"[".repeat(2000)}${"]".repeat(2000)}`), JsonSyntaxError);
});

test("stringifyJson writes bigint as digits, keeps -0, and refuses what JSON cannot hold", () => {
  assert.equal(stringifyJson({ a: [1n, -0, 1.5, "x", null, true], b: undefined }), `{"a":[1,-0,1.5,"x",null,true]}`);
  assert.ok(Object.is(parseJson("-0"), -0));
  assert.throws(() => stringifyJson({ a: Number.NaN }), TypeError);
  assert.throws(() => stringifyJson(Symbol("s")), TypeError);
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  assert.throws(() => stringifyJson(cycle), /cycle/);
});

test("parseJson(stringifyJson(x)) equals x for ids up to 2^64-1", () => {
  fc.assert(
    fc.property(
      fc.array(fc.bigInt({ min: 0n, max: UINT64_MAX }), { minLength: 1, maxLength: 8 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      (ids, price) => {
        const request = { InstrumentIds: ids };
        assert.deepEqual(parseJson(stringifyJson(request), ltpRequestKind), request);
        const data = Object.fromEntries(
          ids.map((id) => [String(id), { InstrumentID: id, InstrumentName: "N", LTP: price }]),
        );
        const success = { status: "success", data };
        assert.deepEqual(plain(parseJson(stringifyJson(success), ltpSuccessKind)), plain(success));
      },
    ),
    { numRuns: 300 },
  );
});

// The newer documented record shapes: camelCase positions, the documented trade record, error_type in error bodies.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  normalizePositions,
  normalizeTrades,
  PlatformErrorResponse,
  POSITION_NUMBER_FIELDS,
  POSITION_NUMBER_FIELDS_CAMEL,
  parseJson,
  SchemaValidationError,
  stringifyJson,
  TRADE_RECORD_FIELDS,
  tradeRecordKind,
} from "../src/index.js";
import { schemaOf } from "./helpers.js";

const snake = (schemaOf("positionRecord").examples as Record<string, unknown>[])[0] as Record<string, unknown>;
const camel = (schemaOf("positionRecordCamel").examples as Record<string, unknown>[])[0] as Record<string, unknown>;
const trade = (schemaOf("tradeRecord").examples as Record<string, unknown>[])[0] as Record<string, unknown>;

test("the camelCase position schema has the same 30 facts as the contract's, renamed", () => {
  const required = schemaOf("positionRecordCamel").required as string[];
  assert.equal(required.length, 30);
  assert.deepEqual(
    required.filter(
      (key) => !/^(entityId|clientId|rmsEntityCode|instrumentId|exchangeSegment|instrumentName)$/.test(key),
    ),
    [...POSITION_NUMBER_FIELDS_CAMEL].sort((a, b) => required.indexOf(a) - required.indexOf(b)),
  );
  assert.equal(POSITION_NUMBER_FIELDS_CAMEL.length, POSITION_NUMBER_FIELDS.length);
  assert.ok(required.includes("netPositionInLot") && required.includes("turnoverValueOptions"));
});

test("camelCase positions in an envelope come out in the contract's shape, with the keys that came", () => {
  const text = stringifyJson({
    status: "success",
    message: "Positions fetched",
    data: { C1: [{ ...camel, instrumentId: 24091124420000098n, vendorExtra: 7 }] },
  });
  const result = normalizePositions(text);
  assert.equal(result.form, "envelope");
  assert.equal(result.keys, "camelCase");
  assert.equal(result.message, "Positions fetched");
  const [record] = result.positions.C1 ?? [];
  assert.equal(record?.instrument_id, 24091124420000098n);
  assert.equal(record?.net_position_in_lot, snake.net_position_in_lot);
  // Every contract field is there under its contract name, the undocumented one kept as it came.
  for (const key of Object.keys(snake)) assert.ok(key in (record ?? {}), key);
  assert.equal((record as Record<string, unknown>).vendorExtra, 7);

  const bare = normalizePositions(stringifyJson({ C1: [snake] }));
  assert.equal(bare.keys, "snake_case");
  assert.deepEqual(
    { ...record, instrument_id: snake.instrument_id, vendorExtra: undefined },
    {
      ...bare.positions.C1?.[0],
      instrument_id: snake.instrument_id,
      vendorExtra: undefined,
    },
  );
});

test("a camelCase position with a wrong type is refused at its camelCase path", () => {
  const text = stringifyJson({ status: "success", data: { C1: [{ ...camel, avgBuy: "2450" }] } });
  assert.throws(
    () => normalizePositions(text),
    (e: unknown) => e instanceof SchemaValidationError && e.issues[0]?.path === "/data/C1/0/avgBuy",
  );
});

test("the documented trade record: every listed field is declared, typed and optional", () => {
  const schema = schemaOf("tradeRecord");
  assert.deepEqual(Object.keys(schema.properties as object), [...TRADE_RECORD_FIELDS]);
  assert.equal(TRADE_RECORD_FIELDS.length, 52);
  assert.equal(schema.required, undefined);
  assert.deepEqual(Object.keys(trade), [...TRADE_RECORD_FIELDS]);
  // Older listings carry other fields: still a trade record, kept as they came.
  assert.deepEqual(parseJson('{"trade_id":"T1","order_id":26082045350000016}', tradeRecordKind), {
    trade_id: "T1",
    order_id: 26082045350000016n,
  });
  for (const [field, wrong] of [
    ["orderSide", 1],
    ["isOrderCompleted", "yes"],
    ["lastTradedPrice", "2450"],
    ["exchangeTransactTime", 1.5],
    ["strategyName", 3],
  ] as const) {
    assert.throws(
      () => parseJson(stringifyJson({ ...trade, [field]: wrong }), tradeRecordKind),
      (e: unknown) => e instanceof SchemaValidationError && e.issues.some((i) => i.path === `/${field}`),
      field,
    );
  }
});

test("blitzOrderId: 17 digits above 2^53 stay exact through parse, normalise and stringify", () => {
  const text = `[${stringifyJson({ ...trade, blitzOrderId: 24091124420000098n })}]`;
  assert.equal(JSON.parse(text)[0].blitzOrderId, 24091124420000096); // what plain JSON.parse does
  for (const body of [text, `{"status":"success","message":"Trades fetched","data":${text}}`]) {
    const result = normalizeTrades(body);
    const [record] = result.trades as Record<string, unknown>[];
    assert.equal(record?.blitzOrderId, 24091124420000098n);
    assert.equal(record?.instrumentId, 110010000002885n);
    assert.equal(record?.lastTradedPrice, 2450);
    assert.match(stringifyJson(result.trades), /"blitzOrderId":24091124420000098,/);
  }
  assert.equal(normalizeTrades(text).form, "contract");
  assert.equal(normalizeTrades(`{"status":"success","data":${text}}`).form, "envelope");
  // A declared number beyond 2^53 is an error, not a rounding.
  assert.throws(
    () => normalizeTrades(text.replace('"orderQuantity":10', '"orderQuantity":90071992547409931')),
    (e: unknown) => e instanceof SchemaValidationError && e.issues[0]?.keyword === "exact-number",
  );
});

test("error bodies with error_type: a typed PlatformErrorResponse; a non-string error_type is refused", () => {
  const body = '{"status":"error","message":"Instrument IDs are invalid or missing","error_type":"InputException"}';
  assert.throws(
    () => normalizeTrades(body),
    (e: unknown) => e instanceof PlatformErrorResponse && e.body.error_type === "InputException",
  );
  assert.throws(
    () => normalizeTrades('{"status":"error","message":"m","error_type":5}'),
    (e: unknown) => e instanceof SchemaValidationError && e.issues[0]?.path === "/error_type",
  );
});

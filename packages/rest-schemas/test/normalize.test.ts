import assert from "node:assert/strict";
import { test } from "node:test";
import {
  normalizeLtp,
  normalizePositions,
  normalizeTrades,
  PlatformErrorResponse,
  SchemaValidationError,
  stringifyJson,
} from "../src/index.js";
import { schemaOf } from "./helpers.js";

const record = (schemaOf("positionRecord").examples as Record<string, unknown>[])[0] as Record<string, unknown>;
const positions = stringifyJson({ C1: [{ ...record, instrument_id: 24091124420000098n }] });

test("positions: the bare object and the envelope give the same positions, and say which form came", () => {
  const bare = normalizePositions(positions);
  const enveloped = normalizePositions(`{"status":"success","message":"ok","data":${positions}}`);
  assert.equal(bare.form, "contract");
  assert.equal(enveloped.form, "envelope");
  assert.equal(enveloped.message, "ok");
  assert.equal(bare.message, undefined);
  assert.deepEqual(enveloped.positions, bare.positions);
  assert.equal(bare.positions.C1?.[0]?.instrument_id, 24091124420000098n);
});

test("positions: an envelope with invalid records reports paths inside data", () => {
  const bad = positions.replace('"avg_buy":2450', '"avg_buy":"2450"');
  assert.throws(
    () => normalizePositions(`{"status":"success","data":${bad}}`),
    (e: unknown) => e instanceof SchemaValidationError && e.issues[0]?.path === "/data/C1/0/avg_buy",
  );
});

test("trades: a bare array and an envelope; 17-digit order ids stay exact", () => {
  const listing = `[{"order":26082045350000016,"qty":5}]`;
  const bare = normalizeTrades(listing);
  const enveloped = normalizeTrades(`{"status":"success","message":"m","data":${listing}}`);
  assert.equal(bare.form, "contract");
  assert.equal(enveloped.form, "envelope");
  assert.deepEqual(bare.trades, [{ order: 26082045350000016n, qty: 5 }]);
  assert.deepEqual(enveloped.trades, bare.trades);
});

test("ltp: InstrumentID/LTP and instrumentId/ltp entries give the same prices keyed by bigint", () => {
  const contract = normalizeLtp(
    `{"status":"success","data":{"24091124420000098":{"InstrumentID":24091124420000098,"InstrumentName":"N","LTP":7.5}}}`,
  );
  const camel = normalizeLtp(
    `{"status":"success","message":"m","data":{"24091124420000098":{"instrumentId":24091124420000098,"instrumentName":"N","ltp":7.5}}}`,
  );
  assert.equal(contract.form, "contract");
  assert.equal(camel.form, "camelCase");
  assert.equal(camel.message, "m");
  assert.deepEqual([...camel.prices], [...contract.prices]);
  assert.deepEqual(contract.prices.get(24091124420000098n), {
    instrumentId: 24091124420000098n,
    instrumentName: "N",
    ltp: 7.5,
  });
  const noName = normalizeLtp(`{"status":"success","data":{"1":{"instrumentId":1,"ltp":2}}}`);
  assert.deepEqual(noName.prices.get(1n), { instrumentId: 1n, ltp: 2 });
  const empty = normalizeLtp(`{"status":"success","data":{}}`);
  assert.equal(empty.form, "contract");
  assert.equal(empty.prices.size, 0);
});

test("ltp: a camelCase entry with a wrong type is rejected at its path", () => {
  assert.throws(
    () => normalizeLtp(`{"status":"success","data":{"1":{"instrumentId":1,"ltp":"2"}}}`),
    (e: unknown) =>
      e instanceof SchemaValidationError && e.kind === "ltpSuccessCamel" && e.issues[0]?.path === "/data/1/ltp",
  );
});

test("an error body becomes a PlatformErrorResponse carrying the body, whatever was asked for", () => {
  const body = `{"status":"error","message":"Instrument IDs are invalid or missing","error":"must not be empty"}`;
  for (const normalize of [normalizeLtp, normalizePositions, normalizeTrades]) {
    assert.throws(
      () => normalize(body),
      (e: unknown) => e instanceof PlatformErrorResponse && e.body.error === "must not be empty",
    );
  }
  assert.throws(() => normalizeLtp(`{"status":"error"}`), SchemaValidationError);
});

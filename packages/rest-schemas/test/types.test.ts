// Compile-time checks of the generated and typed shapes (`pnpm typecheck` covers test/), plus the join with the
// market-data feed that bigint ids make possible.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { TickDataSchema } from "@tickwire/proto";
import type {
  InstrumentId,
  LoginResponse,
  LtpRequest,
  LtpSuccess,
  PositionRecord,
  Positions,
  TradesResponse,
  Wire,
} from "../src/index.js";
import { ltpSuccessKind, parseJson, positionsKind, stringifyJson, tradesKind } from "../src/index.js";
import { schemaOf } from "./helpers.js";

function tokenOf(response: LoginResponse): string | undefined {
  // The union narrows on status.
  return response.status === "success" ? response.data.accessToken : undefined;
}

const request: LtpRequest = { InstrumentIds: [1010010000002885n] };
// @ts-expect-error InstrumentIds needs at least one id
const empty: LtpRequest = { InstrumentIds: [] };
// @ts-expect-error ids are bigint in the typed shape
const numberId: LtpRequest = { InstrumentIds: [1] };
const wireRequest: Wire.LtpRequest = { InstrumentIds: [1010010000002885] };
// @ts-expect-error a missing field is a compile error in the generated wire type
const wireEntry: Wire.LtpEntry = { InstrumentID: 1, LTP: 1 };

function totalExposure(positions: Positions): number {
  let sum = 0;
  for (const records of Object.values(positions)) for (const record of records) sum += record.exposure;
  return sum;
}

function idOf(record: PositionRecord): InstrumentId {
  // @ts-expect-error status is not a position field
  void record.status;
  return record.instrument_id;
}

function firstPrice(success: LtpSuccess): number | undefined {
  const entries = Object.values(success.data);
  return entries[0]?.LTP;
}

function tradeCount(trades: TradesResponse): number {
  return Array.isArray(trades) ? trades.length : Object.keys(trades).length;
}

test("the typed shapes are what parseJson returns, and positions join feed ticks on the same bigint key", () => {
  assert.equal(tokenOf({ status: "success", data: { accessToken: "t" } }), "t");
  assert.equal(tokenOf({ status: "error", message: "m", data: null }), undefined);
  assert.deepEqual([request, empty, numberId, wireRequest, wireEntry].length, 5);
  const record = (schemaOf("positionRecord").examples as Record<string, unknown>[])[0] as Record<string, unknown>;
  const positions = parseJson(stringifyJson({ C1: [{ ...record, instrument_id: 24091124420000098n }] }), positionsKind);
  assert.equal(totalExposure(positions), 14700);
  const tick = create(TickDataSchema, { InstrumentID: 24091124420000098n, LTP: 2460 });
  const byInstrument = new Map(
    Object.values(positions)
      .flat()
      .map((p) => [idOf(p), p]),
  );
  assert.equal(byInstrument.get(tick.InstrumentID)?.instrument_name, "RELIANCE");
  assert.equal(
    firstPrice(
      parseJson(`{"status":"success","data":{"1":{"InstrumentID":1,"InstrumentName":"X","LTP":3}}}`, ltpSuccessKind),
    ),
    3,
  );
  assert.equal(tradeCount(parseJson("[{},{}]", tradesKind)), 2);
});

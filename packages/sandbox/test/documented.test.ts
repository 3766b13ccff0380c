// What the platform's own clients send and expect: the vendor's path spellings, and the newer documented record
// shapes (envelope form) with the trade book filling every documented trade field consistently with the positions.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  kinds,
  normalizePositions,
  normalizeTrades,
  POSITION_NUMBER_FIELDS_CAMEL,
  parseJson,
  TRADE_RECORD_FIELDS,
} from "@tickwire/rest-schemas";
import { CONTRACT_PATHS, defaultInstruments, MAX_SAFE_ID, type SandboxUser, VENDOR_PATHS } from "../src/index.js";
import { bearer, get, login, post, start, type TestSandbox, USERS, upgradeStatus, withSandbox } from "./helpers.js";

const RELIANCE = 110010000002885n;
const WIDE = defaultInstruments.find((i) => i.id > MAX_SAFE_ID)?.id as bigint;
const ltpBody = `{"InstrumentIds":[${RELIANCE},${WIDE}]}`;

/** The same call on a path: status and body text. */
async function call(sandbox: TestSandbox, path: string, token: string | undefined, body?: string) {
  const headers = token === undefined ? {} : bearer(token);
  return body === undefined ? get(sandbox, path, headers) : post(sandbox, path, body, headers);
}

describe("vendor path spellings", () => {
  let legacy: TestSandbox;
  let envelope: TestSandbox;
  let strict: TestSandbox;
  before(async () => {
    // Paused: the prices do not move between the two calls compared.
    [legacy, envelope, strict] = await Promise.all([
      start({ paused: true }),
      start({ paused: true, responseForm: "envelope" }),
      start({ paused: true, vendorPaths: false }),
    ]);
  });
  after(async () => {
    await Promise.all([legacy.close(), envelope.close(), strict.close()]);
  });

  const aliases: [string, string, string | undefined][] = [
    ...VENDOR_PATHS.positions.map((p): [string, string, undefined] => [p, CONTRACT_PATHS.positions, undefined]),
    ...VENDOR_PATHS.trades.map((p): [string, string, undefined] => [p, CONTRACT_PATHS.trades, undefined]),
    ...VENDOR_PATHS.ltp.map((p): [string, string, string] => [p, CONTRACT_PATHS.ltp, ltpBody]),
  ];

  test("the four documented spellings are served", () => {
    assert.deepEqual(
      aliases.map(([alias]) => alias),
      ["/api_interactive/api/v1/positions", "/api/v1/trades", "/md-api/marketfeed/ltp", "/marketfeed/ltp"],
    );
  });

  for (const [alias, contract, body] of aliases) {
    test(`${alias} answers like ${contract}, in both response forms, refusals included`, async () => {
      for (const sandbox of [legacy, envelope]) {
        const token = await login(sandbox);
        const viaContract = await call(sandbox, contract, token, body);
        const viaAlias = await call(sandbox, alias, token, body);
        assert.equal(viaContract.status, 200);
        assert.equal(viaAlias.status, viaContract.status);
        assert.equal(viaAlias.text, viaContract.text);
        // Secured like the contract path: no token, the same 401 body.
        const refusedContract = await call(sandbox, contract, undefined, body);
        const refusedAlias = await call(sandbox, alias, undefined, body);
        assert.equal(refusedAlias.status, 401);
        assert.equal(refusedAlias.text, refusedContract.text);
        if (body !== undefined) {
          const bad = await call(sandbox, alias, token, '{"InstrumentIds":[]}');
          assert.equal(bad.status, 400);
          assert.equal(bad.text, (await call(sandbox, contract, token, '{"InstrumentIds":[]}')).text);
        }
      }
    });
  }

  test("vendorPaths: false turns the aliases off (404), the contract paths stay", async () => {
    const token = await login(strict);
    for (const [alias, contract, body] of aliases) {
      assert.equal((await call(strict, alias, token, body)).status, 404, alias);
      assert.equal((await call(strict, contract, token, body)).status, 200, contract);
    }
  });
});

describe('responseForm: "envelope", the documented record shapes', () => {
  let sandbox: TestSandbox;
  let token: string;
  before(async () => {
    sandbox = await start({ paused: true, responseForm: "envelope" });
    token = await login(sandbox);
  });
  after(async () => {
    await sandbox.close();
  });

  test("positions: camelCase records with all 30 documented keys", async () => {
    const response = await get(sandbox, CONTRACT_PATHS.positions, bearer(token));
    const body = parseJson(response.text, kinds.positionsEnvelopeCamel);
    const records = Object.values(body.data).flat();
    assert.ok(records.length >= 4);
    for (const record of records) {
      for (const key of [
        "entityId",
        "clientId",
        "rmsEntityCode",
        "instrumentId",
        "exchangeSegment",
        "instrumentName",
      ]) {
        assert.ok(key in record, key);
      }
      for (const key of POSITION_NUMBER_FIELDS_CAMEL)
        assert.equal(typeof (record as Record<string, unknown>)[key], "number", key);
      assert.ok(!Object.keys(record).some((key) => key.includes("_")), "no snake_case key left");
    }
    assert.equal(normalizePositions(response.text).keys, "camelCase");
  });

  test("trades: every documented field, blitzOrderId 17 digits above 2^53, exact on the wire", async () => {
    const response = await get(sandbox, CONTRACT_PATHS.trades, bearer(token));
    const { trades, form } = normalizeTrades(response.text);
    assert.equal(form, "envelope");
    const records = trades as Record<string, unknown>[];
    assert.ok(records.length >= 4);
    for (const record of records) {
      assert.deepEqual(Object.keys(record), [...TRADE_RECORD_FIELDS]);
      const id = record.blitzOrderId as bigint;
      assert.equal(typeof id, "bigint");
      assert.equal(String(id).length, 17);
      assert.ok(id > MAX_SAFE_ID);
      // Digit for digit in the body: JSON.parse would have rounded it.
      assert.ok(response.text.includes(`"blitzOrderId":${id},`));
      assert.ok(["Buy", "Sell"].includes(record.orderSide as string));
      assert.ok(["Fill", "PartialFill"].includes(record.executionType as string));
      assert.equal(record.orderType, "Limit");
    }
    assert.deepEqual(
      records.map((r) => r.sequenceNumber),
      records.map((_, i) => i + 1),
    );
  });

  test("the trade book adds up: orders, fills, and the positions' quantities, values and averages", async () => {
    const trades = normalizeTrades((await get(sandbox, CONTRACT_PATHS.trades, bearer(token))).text).trades as Record<
      string,
      // biome-ignore lint/suspicious/noExplicitAny: a record of documented fields, checked field by field below
      any
    >[];
    const positions = Object.values(
      normalizePositions((await get(sandbox, CONTRACT_PATHS.positions, bearer(token))).text).positions,
    ).flat();
    // Per order: fills add up to the order quantity, cumulative and leaves run over them, the average is exact.
    const orders = new Map<bigint, typeof trades>();
    for (const t of trades) orders.set(t.blitzOrderId, [...(orders.get(t.blitzOrderId) ?? []), t]);
    for (const fills of orders.values()) {
      let cumulative = 0;
      let value = 0;
      fills.forEach((fill, index) => {
        cumulative += fill.lastTradedQuantity;
        value += fill.lastTradedQuantity * fill.lastTradedPrice;
        assert.equal(fill.cumulativeQuantity, cumulative);
        assert.equal(fill.leavesQuantity, fill.orderQuantity - cumulative);
        assert.equal(fill.orderTradeCount, index + 1);
        assert.ok(Math.abs(fill.averageTradedPrice - value / cumulative) < 1e-9);
        assert.ok(Math.abs(fill.averageTradedValue - value) < 0.006);
        const last = index === fills.length - 1;
        assert.equal(fill.isOrderCompleted, last);
        assert.equal(fill.executionType, last ? "Fill" : "PartialFill");
        assert.equal(fill.status, last ? "Filled" : "PartiallyFilled");
        // A limit order: every fill at or better than its price.
        if (fill.orderSide === "Buy") assert.ok(fill.lastTradedPrice <= fill.orderPrice);
        else assert.ok(fill.lastTradedPrice >= fill.orderPrice);
        assert.ok(fill.exchangeTransactTime > fill.orderGeneratedDateTime);
        assert.equal(fill.blitzOrderId, fills[0].blitzOrderId);
        assert.equal(fill.orderSide, fills[0].orderSide);
      });
      assert.equal(cumulative, fills[0].orderQuantity);
    }
    // Per instrument: the positions are these fills.
    for (const position of positions) {
      const fills = trades.filter((t) => t.instrumentId === position.instrument_id);
      const side = (s: string) => fills.filter((t) => t.orderSide === s);
      const quantity = (list: typeof fills) => list.reduce((sum, t) => sum + t.lastTradedQuantity, 0);
      const value = (list: typeof fills) => list.reduce((sum, t) => sum + t.lastTradedQuantity * t.lastTradedPrice, 0);
      assert.equal(quantity(side("Buy")), position.long_position, position.instrument_name);
      assert.equal(quantity(side("Sell")), position.short_position);
      assert.ok(Math.abs(value(side("Buy")) - position.trade_buy_value) < 0.006);
      assert.ok(Math.abs(value(side("Sell")) - position.trade_sell_value) < 0.006);
      if (position.long_position > 0) {
        assert.ok(Math.abs(position.avg_buy - value(side("Buy")) / position.long_position) < 1e-9);
      }
      assert.equal(fills.length, position.trade_count);
      assert.equal(new Set(fills.map((t) => t.blitzOrderId)).size, position.order_count);
      for (const fill of fills) {
        assert.equal(fill.exchangeSegment, position.exchange_segment);
        assert.equal(fill.instrumentName, position.instrument_name);
        assert.equal(fill.clientId, position.client_id);
        assert.equal(fill.entityId, position.entity_id);
      }
    }
    assert.equal(
      trades.length,
      positions.reduce((sum, p) => sum + p.trade_count, 0),
    );
  });

  test("error bodies carry the vendor's exception class for their status, and the route's own fields", async () => {
    const empty = await post(sandbox, CONTRACT_PATHS.ltp, '{"InstrumentIds":[]}', bearer(token));
    assert.equal(empty.status, 400);
    const ltpError = parseJson(empty.text, kinds.ltpError) as unknown as Record<string, unknown>;
    assert.equal(ltpError.error_type, "InputException");
    assert.equal(typeof ltpError.error, "string");
    const unauthorized = await get(sandbox, CONTRACT_PATHS.positions);
    assert.equal(unauthorized.status, 401);
    assert.equal(parseJson(unauthorized.text, kinds.errorBody).error_type, "AuthenticationError");
    const login = await post(sandbox, CONTRACT_PATHS.login, '{"userId":"TRADER01","appKey":"wrong-key-000000"}');
    assert.equal(login.status, 401);
    assert.deepEqual(Object.keys(JSON.parse(login.text)), ["status", "message", "data", "error_type"]);
    assert.equal(JSON.parse(login.text).error_type, "AuthenticationError");
    const blocked = USERS[2] as SandboxUser;
    const disabled = await post(sandbox, CONTRACT_PATHS.login, JSON.stringify(blocked));
    assert.equal(disabled.status, 403);
    assert.equal(JSON.parse(disabled.text).error_type, "TokenException");
    const missing = await get(sandbox, "/api/v2/nothing", bearer(token));
    assert.equal(missing.status, 404);
    assert.equal(parseJson(missing.text, kinds.errorBody).error_type, "RequestError");
  });

  test("an expired token is AuthenticationError 401 on REST and on the refused feed upgrade", async () => {
    let now = Date.now();
    await withSandbox({ paused: true, responseForm: "envelope", clock: () => now }, async (timed) => {
      const stale = await login(timed);
      now += 3_601_000;
      const rest = await get(timed, CONTRACT_PATHS.positions, bearer(stale));
      assert.equal(rest.status, 401);
      assert.equal(parseJson(rest.text, kinds.errorBody).error_type, "AuthenticationError");
      const upgrade = await upgradeStatus(`${timed.wsUrl}?key=${stale}`);
      assert.equal(upgrade.status, 401);
      assert.deepEqual(JSON.parse(upgrade.body), {
        status: "error",
        message: "Access token has expired",
        error_type: "AuthenticationError",
      });
      const wrongPath = await upgradeStatus(`${timed.wsUrl.replace("/ws", "/wss")}?key=${stale}`);
      assert.equal(JSON.parse(wrongPath.body).error_type, "RequestError");
    });
  });

  test("the legacy form's refused upgrade keeps {status, message}", async () => {
    await withSandbox({ paused: true }, async (legacy) => {
      const upgrade = await upgradeStatus(`${legacy.wsUrl}?key=nothing`);
      assert.equal(upgrade.status, 401);
      assert.deepEqual(Object.keys(JSON.parse(upgrade.body)), ["status", "message"]);
    });
  });

  test("LTP entries are {instrumentId, instrumentName, ltp}, the wide id exact", async () => {
    const response = await post(sandbox, CONTRACT_PATHS.ltp, ltpBody, bearer(token));
    const body = parseJson(response.text, kinds.ltpSuccessCamel);
    const entry = body.data[String(WIDE)];
    assert.deepEqual(Object.keys(entry ?? {}), ["instrumentId", "instrumentName", "ltp"]);
    assert.equal(entry?.instrumentId, WIDE);
    assert.ok(response.text.includes(`"instrumentId":${WIDE},`));
  });
});

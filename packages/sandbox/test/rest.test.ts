import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { MarketDataMessageBase } from "@tickwire/proto";
import { kinds, normalizeLtp, normalizePositions, normalizeTrades, parseJson } from "@tickwire/rest-schemas";
import { defaultInstruments, LTP_MISSING, MAX_SAFE_ID, PriceBook } from "../src/index.js";
import {
  bearer,
  FeedClient,
  get,
  LTP,
  login,
  openFeed,
  POSITIONS,
  post,
  start,
  type TestSandbox,
  TRADES,
  USERS,
  withSandbox,
} from "./helpers.js";

const WIDE = defaultInstruments.find((i) => i.id > MAX_SAFE_ID);
const RELIANCE = 110010000002885n;

let sandbox: TestSandbox;
let token: string;

before(async () => {
  sandbox = await start({ rate: 2000, maxLtpIds: 30 });
  token = await login(sandbox);
});
after(async () => {
  await sandbox.close();
});

const ltp = (body: string, auth = bearer(token)) => post(sandbox, LTP, body, auth);

describe("POST /api/marketfeed/ltp", () => {
  test("prices known ids, keyed by the decimal id; a 17-digit id above 2^53 comes back digit for digit", async () => {
    assert.ok(WIDE, "the universe has an id above 2^53");
    const response = await ltp(`{"InstrumentIds":[${RELIANCE},${WIDE.id}]}`);
    assert.equal(response.status, 200);
    assert.ok(response.text.includes(`"${WIDE.id}":{"InstrumentID":${WIDE.id},`), response.text);
    const body = parseJson(response.text, kinds.ltpSuccess);
    assert.deepEqual(Object.keys(body.data).sort(), [String(RELIANCE), String(WIDE.id)].sort());
    assert.equal(body.data[String(WIDE.id)].InstrumentID, WIDE.id);
    assert.equal(body.data[String(RELIANCE)].InstrumentName, "RELIANCE");
    assert.ok(body.data[String(RELIANCE)].LTP > 0);
  });

  test("unknown ids are left out of data; all unknown gives an empty data", async () => {
    const some = parseJson(
      (await ltp(`{"InstrumentIds":[${RELIANCE},5,18446744073709551615]}`)).text,
      kinds.ltpSuccess,
    );
    assert.deepEqual(Object.keys(some.data), [String(RELIANCE)]);
    const none = await ltp('{"InstrumentIds":[7,8]}');
    assert.equal(none.status, 200);
    assert.deepEqual(parseJson(none.text, kinds.ltpSuccess).data, {});
  });

  for (const [name, body] of [
    ["an empty InstrumentIds", '{"InstrumentIds":[]}'],
    ["a missing InstrumentIds", '{"ids":[1]}'],
    ["an empty object", "{}"],
    ["an empty body", ""],
  ] as const) {
    test(`${name}: 400 with the contract's message and error texts`, async () => {
      const response = await ltp(body);
      assert.equal(response.status, 400);
      const error = parseJson(response.text, kinds.ltpError);
      assert.equal(error.message, LTP_MISSING.message);
      assert.equal(error.error, LTP_MISSING.error);
      assert.match(error.message, /instrument IDs are invalid or missing/i);
      assert.match(error.error, /must not be empty/);
    });
  }

  for (const [name, body, detail] of [
    ["a string id", '{"InstrumentIds":["110010000002885"]}', /InstrumentIds\/0/],
    ["a negative id", '{"InstrumentIds":[-1]}', /InstrumentIds\/0/],
    ["an id past uint64", '{"InstrumentIds":[18446744073709551616]}', /InstrumentIds\/0/],
    ["an id in exponent form past 2^53", '{"InstrumentIds":[1.0100100000028851e16]}', /loses digits/],
    ["InstrumentIds not an array", '{"InstrumentIds":110010000002885}', /InstrumentIds/],
    ["malformed JSON", '{"InstrumentIds":[1,', /invalid JSON/],
  ] as const) {
    test(`${name}: 400 with status error, message and error`, async () => {
      const response = await ltp(body);
      assert.equal(response.status, 400);
      const error = parseJson(response.text, kinds.ltpError);
      assert.equal(error.message, LTP_MISSING.message);
      assert.match(error.error, detail);
    });
  }

  test("more ids than the configured maximum: 400; exactly the maximum: 200", async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, k) => String(RELIANCE + BigInt(k))).join(",");
    const over = await ltp(`{"InstrumentIds":[${ids(31)}]}`);
    assert.equal(over.status, 400);
    const error = parseJson(over.text, kinds.ltpError);
    assert.match(error.error, /31 identifiers; at most 30/);
    assert.equal((await ltp(`{"InstrumentIds":[${ids(30)}]}`)).status, 200);
  });

  test("the price is the one the feed last published", async () => {
    const client = new FeedClient(`${sandbox.wsUrl}?key=${token}&format=binary`);
    await client.opened();
    client.send(`{"action":"subscribe","instrumentIds":[${RELIANCE}]}`);
    await client.until(() => client.messages.some((m) => m.subtype.case === "TickData"), "a RELIANCE trade");
    sandbox.feed.pause();
    // A barrier: the server answers this bad request after every frame it sent before the pause.
    const notices = client.texts.length;
    client.send("{}");
    await client.until(() => client.texts.length > notices, "the error notice");
    const seen = new PriceBook(defaultInstruments);
    for (const message of client.messages) seen.observe(message as MarketDataMessageBase);
    const response = parseJson((await ltp(`{"InstrumentIds":[${RELIANCE}]}`)).text, kinds.ltpSuccess);
    sandbox.feed.resume();
    await client.close();
    assert.equal(response.data[String(RELIANCE)].LTP, seen.get(RELIANCE)?.ltp);
  });
});

describe("GET /api/v1/positions and /api_interactive/api/v1/trades", () => {
  test("positions are keyed by the client code and every record matches the schema", async () => {
    const response = await get(sandbox, POSITIONS, bearer(token));
    assert.equal(response.status, 200);
    const positions = parseJson(response.text, kinds.positions);
    assert.deepEqual(Object.keys(positions), [USERS[0].clientCode]);
    assert.ok(positions[USERS[0].clientCode as string].length >= 4);
    assert.equal(normalizePositions(response.text).form, "contract");
  });

  test("the relations between fields hold, and the book agrees with the trades listing", async () => {
    const positions = parseJson((await get(sandbox, POSITIONS, bearer(token))).text, kinds.positions);
    const trades = parseJson((await get(sandbox, TRADES, bearer(token))).text, kinds.trades) as unknown as Record<
      string,
      unknown
    >[];
    assert.ok(Array.isArray(trades) && trades.length > 0);
    const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) <= 0.011, `${what}: ${a} vs ${b}`);
    for (const p of Object.values(positions).flat()) {
      const instrument = defaultInstruments.find((i) => i.id === p.instrument_id);
      assert.ok(instrument, `a known instrument: ${p.instrument_id}`);
      const mine = trades.filter(
        (t) => t.instrument_id === p.instrument_id || BigInt(t.instrument_id as number) === p.instrument_id,
      );
      const buys = mine.filter((t) => t.side === "BUY");
      const sells = mine.filter((t) => t.side === "SELL");
      const sum = (list: typeof mine, f: (t: Record<string, unknown>) => number) => list.reduce((s, t) => s + f(t), 0);
      const what = `${p.instrument_name}`;
      assert.equal(
        p.long_position,
        sum(buys, (t) => t.quantity as number),
        `${what} long = bought quantity`,
      );
      assert.equal(
        p.short_position,
        sum(sells, (t) => t.quantity as number),
        `${what} short = sold quantity`,
      );
      assert.equal(p.net_position, p.long_position - p.short_position, `${what} net = long - short`);
      assert.equal(p.net_position_in_lot, p.net_position / instrument.lotSize);
      assert.equal(p.trade_count, mine.length);
      assert.ok(p.order_count >= 1 && p.order_count <= p.trade_count);
      close(
        p.trade_buy_value,
        sum(buys, (t) => (t.quantity as number) * (t.price as number)),
        `${what} buy value`,
      );
      close(
        p.trade_sell_value,
        sum(sells, (t) => (t.quantity as number) * (t.price as number)),
        `${what} sell value`,
      );
      close(p.trade_net_value, p.trade_buy_value - p.trade_sell_value, `${what} net value = buy - sell`);
      close(p.turnover_value, p.trade_buy_value + p.trade_sell_value, `${what} turnover`);
      assert.equal(p.turnover_value_options, instrument.kind === "option" ? p.turnover_value : 0);
      if (p.long_position > 0) close(p.avg_buy, p.trade_buy_value / p.long_position, `${what} avg_buy`);
      else assert.equal(p.avg_buy, 0);
      if (p.short_position > 0) close(p.avg_sell, p.trade_sell_value / p.short_position, `${what} avg_sell`);
      else assert.equal(p.avg_sell, 0);
      assert.equal(p.avg_net, p.net_position > 0 ? p.avg_buy : p.net_position < 0 ? p.avg_sell : 0);
      const ltpNow = p.last_traded_price;
      assert.ok(ltpNow > 0);
      close(p.unrealized, p.net_position * (ltpNow - p.avg_net), `${what} unrealized`);
      close(p.exposure, Math.abs(p.net_position) * ltpNow, `${what} exposure`);
      close(p.open_position_trade_value, Math.abs(p.net_position) * p.avg_net, `${what} open value`);
      // Realized plus unrealized is the mark-to-market of the day's trades.
      const markToMarket = p.trade_sell_value - p.trade_buy_value + p.net_position * ltpNow;
      assert.ok(Math.abs(p.realized + p.unrealized - markToMarket) < 0.05, `${what} realized + unrealized = MTM`);
      assert.equal(p.previous_net_position, 0);
      assert.ok(p.open_buy_quantity % instrument.lotSize === 0 && p.open_sell_quantity % instrument.lotSize === 0);
    }
  });

  test("trades carry 17-digit order ids above 2^53 that survive lossless parsing", async () => {
    const response = await get(sandbox, TRADES, bearer(token));
    const { trades, form } = normalizeTrades(response.text);
    assert.equal(form, "contract");
    assert.ok(Array.isArray(trades));
    const ids = (trades as Record<string, unknown>[]).map((t) => t.order_id);
    assert.ok(ids.every((id) => typeof id === "bigint" && String(id).length === 17 && id > MAX_SAFE_ID));
    assert.ok(response.text.includes(String(ids[0])));
  });

  test("unrealized follows the live price", async () => {
    const first = parseJson((await get(sandbox, POSITIONS, bearer(token))).text, kinds.positions);
    const client = await openFeed(sandbox, token);
    const open = Object.values(first)
      .flat()
      .find((p) => p.net_position !== 0);
    assert.ok(open, "the seeded book has an open position");
    client.send(`{"action":"subscribe","instrumentIds":[${open.instrument_id}]}`);
    // A random walk can come back to where it started, so wait for a frame that moved the
    // price rather than for a count of frames, and read positions until they show a move.
    const moved = () =>
      client.messages.some((m) => {
        const value = m.subtype.value as { LTP?: number } | undefined;
        return value?.LTP !== undefined && value.LTP !== open.last_traded_price;
      });
    await client.until(moved, "a frame with a new price");
    await client.close();
    let now: typeof open | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      const later = parseJson((await get(sandbox, POSITIONS, bearer(token))).text, kinds.positions);
      now = Object.values(later)
        .flat()
        .find((p) => p.instrument_id === open.instrument_id);
      if (now !== undefined && now.last_traded_price !== open.last_traded_price) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(now);
    assert.equal(now.long_position, open.long_position, "quantities come from the book");
    assert.notEqual(now.last_traded_price, open.last_traded_price, "the price walked");
    assert.ok(Math.abs(now.unrealized - now.net_position * (now.last_traded_price - now.avg_net)) <= 0.011);
  });

  test("another user gets another, equally seeded book", async () => {
    const other = await login(sandbox, USERS[1]);
    const positions = parseJson((await get(sandbox, POSITIONS, bearer(other))).text, kinds.positions);
    assert.deepEqual(Object.keys(positions), [USERS[1].userId]);
  });

  test("an unknown route is a JSON 404", async () => {
    const response = await get(sandbox, "/api/v2/positions", bearer(token));
    assert.equal(response.status, 404);
    assert.equal(parseJson(response.text, kinds.errorBody).status, "error");
  });
});

describe('responseForm: "envelope"', () => {
  test("positions, trades and LTP in the newer {status, message, data} and camelCase forms", async () => {
    await withSandbox({ responseForm: "envelope", paused: true }, async (newer) => {
      const t = await login(newer);
      const positions = await get(newer, POSITIONS, bearer(t));
      assert.equal(normalizePositions(positions.text).form, "envelope");
      parseJson(positions.text, kinds.positionsEnvelopeCamel);
      const trades = await get(newer, TRADES, bearer(t));
      assert.equal(normalizeTrades(trades.text).form, "envelope");
      const prices = await post(newer, LTP, `{"InstrumentIds":[${RELIANCE},${WIDE?.id}]}`, bearer(t));
      const normalized = normalizeLtp(prices.text);
      assert.equal(normalized.form, "camelCase");
      assert.equal(normalized.prices.get(RELIANCE)?.ltp, defaultInstruments[0].basePriceUnits / 10_000);
      assert.ok(WIDE && normalized.prices.has(WIDE.id));
      const empty = await post(newer, LTP, '{"InstrumentIds":[]}', bearer(t));
      assert.equal(empty.status, 400);
      assert.equal(parseJson(empty.text, kinds.ltpError).error, LTP_MISSING.error);
    });
  });
});

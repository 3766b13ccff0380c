// REST calls against a real sandbox: lossless ids, both response forms, LTP splitting, and each typed error.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { defaultInstruments, MAX_SAFE_ID } from "@tickwire/sandbox";
import {
  AbortError,
  ClosedError,
  createClient,
  HttpError,
  InvalidArgumentError,
  NetworkError,
  TickwireError,
  TimeoutError,
  ValidationError,
} from "../src/index.js";
import { PATHS, PRESET, startHarness, suiteHarness, USER } from "./helpers.js";

const ALL_IDS = defaultInstruments.map((i) => i.id);
const BIG_ID = ALL_IDS.find((id) => id > MAX_SAFE_ID) as bigint; // an MCX future: 17 digits, above 2^53

describe("legacy (contract) response forms", () => {
  const h = suiteHarness({ maxLtpIds: 5 });

  test("ids above 2^53 survive end to end, as bigint", async () => {
    assert.ok(BIG_ID > MAX_SAFE_ID);
    const client = h.client({ maxLtpIdsPerRequest: 5 });
    const asString = BIG_ID.toString();
    const result = await client.ltp([BIG_ID, asString]);
    assert.equal(result.form, "contract");
    assert.equal(result.prices.size, 1, "the string and the bigint are the same id");
    const price = result.prices.get(BIG_ID);
    assert.equal(price?.instrumentId, BIG_ID);
    assert.equal(typeof price?.ltp, "number");
    const { form, positions } = await client.positions();
    assert.equal(form, "contract");
    const records = positions[USER.clientCode as string];
    assert.ok(records.length > 0);
    for (const record of records) {
      assert.equal(typeof record.instrument_id, "bigint");
      assert.ok(ALL_IDS.includes(record.instrument_id), `unknown id ${record.instrument_id}`);
    }
  });

  test("a number that cannot hold the id exactly is refused before any request", async () => {
    const client = h.client();
    const error = await client.ltp([110010000002885, Number(BIG_ID)]).catch((e: unknown) => e);
    assert.ok(error instanceof InvalidArgumentError);
    assert.equal(error.argument, "ids[1]");
    assert.match(error.message, /beyond 2\^53/);
    assert.equal(client.stats().logins, 0);
    await assert.rejects(client.ltp([]), InvalidArgumentError);
    await assert.rejects(client.ltp(["12a"]), InvalidArgumentError);
    await assert.rejects(client.ltp([-1n]), InvalidArgumentError);
  });

  test("ltp splits lists above the maximum, merges, and reports ids without a price", async () => {
    let ltpRequests = 0;
    const client = h.client({
      maxLtpIdsPerRequest: 5,
      fetch: (url, init) => {
        if (url.endsWith("/ltp")) ltpRequests++;
        return fetch(url, init);
      },
    });
    const unknown = [99n, 98n, 97n];
    const wanted = [...ALL_IDS, ...unknown];
    const result = await client.ltp(wanted);
    assert.equal(result.requests, Math.ceil(wanted.length / 5));
    assert.equal(ltpRequests, result.requests);
    assert.equal(result.prices.size, ALL_IDS.length);
    assert.deepEqual(result.missing, unknown);
    for (const id of ALL_IDS) assert.equal(result.prices.get(id)?.instrumentId, id);
  });

  test("trades come with their 17-digit order ids exact", async () => {
    const client = h.client();
    const { form, trades } = await client.trades();
    assert.equal(form, "contract");
    assert.ok(Array.isArray(trades) && trades.length > 0);
    const first = (trades as Record<string, unknown>[])[0];
    assert.equal(typeof first.order_id, "bigint");
    assert.equal(String(first.order_id).length, 17);
  });

  test("an error status is an HttpError with the body's message", async () => {
    const client = h.client({ maxLtpIdsPerRequest: 10 }); // above the server's 5
    const error = await client.ltp(ALL_IDS.slice(0, 8)).catch((e: unknown) => e);
    assert.ok(error instanceof HttpError);
    assert.ok(error instanceof TickwireError);
    assert.equal(error.code, "HTTP");
    assert.equal(error.status, 400);
    assert.equal(error.serverMessage, "Too many instrument IDs");
    assert.match(error.serverError ?? "", /at most 5/);
    assert.equal(error.path, PATHS.ltp);

    const wrongPath = h.client({ paths: { trades: "/no/such/route" } });
    const notFound = await wrongPath.trades().catch((e: unknown) => e);
    assert.ok(notFound instanceof HttpError);
    assert.equal(notFound.status, 404);
  });

  test("a body that breaks the schema is a ValidationError with the path", async () => {
    const client = h.client({
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if (!url.endsWith("/api/v1/positions")) return response;
        const text = (await response.text()).replace(/"instrument_id":\d+/, '"instrument_id":"oops"');
        return new Response(text, { status: 200 });
      },
    });
    const error = await client.positions().catch((e: unknown) => e);
    assert.ok(error instanceof ValidationError);
    assert.equal(error.code, "VALIDATION");
    assert.match(error.path, /^\/CL0001\/0\/instrument_id$/);
    assert.equal(error.kind, "positions");
  });

  test("close() ends the client: later calls are ClosedErrors", async () => {
    const client = h.client();
    await client.positions();
    await client.close();
    await client.close();
    await assert.rejects(client.positions(), ClosedError);
    assert.throws(() => client.marketData(), ClosedError);
  });
});

describe("envelope response forms", () => {
  const h = suiteHarness({ responseForm: "envelope" });

  test("positions, trades and ltp in the newer form, and the form is reported", async () => {
    const client = h.client();
    const positions = await client.positions();
    assert.equal(positions.form, "envelope");
    assert.equal(positions.message, "Positions fetched");
    assert.equal(typeof positions.positions.CL0001[0].instrument_id, "bigint");
    const trades = await client.trades();
    assert.equal(trades.form, "envelope");
    const ltp = await client.ltp([BIG_ID, 110010000002885n]);
    assert.equal(ltp.form, "camelCase");
    assert.equal(ltp.prices.get(BIG_ID)?.instrumentId, BIG_ID);
    assert.equal(client.stats().logins, 1);
  });
});

describe("path presets", () => {
  test("the vendor preset calls the vendor's spellings, the contract preset the contract's; own paths go over a preset", async () => {
    const seen: string[] = [];
    const h = await startHarness({ paused: true, vendorPaths: true });
    try {
      const recording = (url: string, init?: RequestInit) => {
        seen.push(new URL(url).pathname);
        return fetch(url, init);
      };
      for (const paths of ["vendor", "contract", { preset: "vendor", ltp: "/marketfeed/ltp" }] as const) {
        const client = h.client({ paths, fetch: recording });
        await client.positions();
        await client.trades();
        await client.ltp([110010000002885n]);
      }
    } finally {
      await h.close();
    }
    const calls = seen.filter((path) => !path.endsWith("/app_login"));
    assert.deepEqual(calls, [
      "/api_interactive/api/v1/positions",
      "/api_interactive/api/v1/trades",
      "/md-api/marketfeed/ltp",
      "/api/v1/positions",
      "/api_interactive/api/v1/trades",
      "/api/marketfeed/ltp",
      "/api_interactive/api/v1/positions",
      "/api_interactive/api/v1/trades",
      "/marketfeed/ltp",
    ]);
  });

  test(`this run's preset (${PRESET}) is what the harness's clients call`, async () => {
    const h = await startHarness({ paused: true });
    try {
      // The preset's fetch check refuses any other path, so a passing call went to the preset's.
      const client = h.client();
      assert.equal((await client.positions()).form, "contract");
      const other = h.client({ paths: PRESET === "vendor" ? "contract" : "vendor", fetch });
      const refused = await other.positions().catch((e: unknown) => e);
      // The sandbox serves the aliases only in the vendor run: the contract run's sandbox does not know them.
      if (PRESET === "contract") assert.ok(refused instanceof HttpError && refused.status === 404);
      else assert.ok(!(refused instanceof Error), "the vendor run's sandbox serves both spellings");
    } finally {
      await h.close();
    }
  });
});

describe("the documented record shapes (envelope form)", () => {
  const h = suiteHarness({ responseForm: "envelope", paused: true });

  test("trades: typed documented records; blitzOrderId 17 digits above 2^53 exact from the sandbox's JSON to bigint", async () => {
    let raw = "";
    const client = h.client({
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if (new URL(url).pathname !== PATHS.trades) return response;
        raw = await response.text();
        return new Response(raw, { status: response.status, headers: response.headers });
      },
    });
    const { form, trades } = await client.trades();
    assert.equal(form, "envelope");
    assert.ok(trades.length > 0);
    for (const trade of trades) {
      const id: bigint | undefined = trade.blitzOrderId; // typed: the documented field is a bigint
      assert.equal(typeof id, "bigint");
      assert.ok((id as bigint) > BigInt(Number.MAX_SAFE_INTEGER));
      assert.equal(String(id).length, 17);
      assert.ok(raw.includes(`"blitzOrderId":${id},`), "the digits the sandbox wrote");
      assert.equal(typeof trade.instrumentId, "bigint");
      assert.ok(trade.orderSide === "Buy" || trade.orderSide === "Sell");
      assert.equal(typeof trade.lastTradedPrice, "number");
      assert.equal(typeof trade.isOrderCompleted, "boolean");
    }
    // What JSON.parse would have made of the same text: a different order id.
    const lossy = (JSON.parse(raw) as { data: { blitzOrderId: number }[] }).data[0].blitzOrderId;
    assert.notEqual(String(lossy), String(trades[0].blitzOrderId));
  });

  test("positions: camelCase on the wire, the contract's shape out, and the keys that came", async () => {
    const result = await h.client().positions();
    assert.equal(result.form, "envelope");
    assert.equal(result.keys, "camelCase");
    const [record] = result.positions[USER.clientCode as string];
    assert.equal(typeof record.instrument_id, "bigint");
    assert.equal(record.net_position, record.long_position - record.short_position);
  });

  test("legacy form: the same calls say contract / snake_case", async () => {
    const legacy = await startHarness({ paused: true });
    try {
      const client = legacy.client();
      const positions = await client.positions();
      assert.equal(positions.keys, "snake_case");
      const { form, trades } = await client.trades();
      assert.equal(form, "contract");
      assert.equal(typeof trades[0].order_id, "bigint");
    } finally {
      await legacy.close();
    }
  });

  test("error bodies: error_type becomes HttpError.serverErrorType", async () => {
    const client = h.client({ maxLtpIdsPerRequest: 2000 });
    const error = await client.ltp(Array.from({ length: 1001 }, (_, i) => BigInt(i + 1))).catch((e: unknown) => e);
    assert.ok(error instanceof HttpError);
    assert.equal(error.status, 400);
    assert.equal(error.serverErrorType, "InputException");
    assert.equal(error.serverMessage, "Too many instrument IDs");
  });
});

describe("transport failures", () => {
  let silent: Server;
  let silentUrl: string;
  before(async () => {
    // Accepts requests and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  after(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  test("a server that does not answer is a TimeoutError", async () => {
    const client = createClient({ baseUrl: silentUrl, userId: "U", appKey: "some-app-key", timeoutMs: 100 });
    const error = await client.positions().catch((e: unknown) => e);
    assert.ok(error instanceof TimeoutError);
    assert.equal(error.code, "TIMEOUT");
    assert.equal(error.timeoutMs, 100);
    await client.close();
  });

  test("the caller's AbortSignal aborts with an AbortError", async () => {
    const client = createClient({ baseUrl: silentUrl, userId: "U", appKey: "some-app-key" });
    const controller = new AbortController();
    const pending = client.positions({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((e: unknown) => e);
    assert.ok(error instanceof AbortError);
    assert.equal(error.name, "AbortError");
    await assert.rejects(client.trades({ signal: AbortSignal.abort() }), AbortError);
    await client.close();
  });

  test("a refused connection is a NetworkError with the reason", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, userId: "U", appKey: "some-app-key" });
    const error = await client.positions().catch((e: unknown) => e);
    assert.ok(error instanceof NetworkError);
    assert.equal(error.code, "NETWORK");
    assert.match(error.message, /ECONNREFUSED/);
    await client.close();
  });
});

describe("options are checked up front", () => {
  const valid = { baseUrl: "http://127.0.0.1:1", userId: "U", appKey: "the-app-key-value" };
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["no baseUrl", { baseUrl: undefined }, /options\.baseUrl/],
    ["a relative baseUrl", { baseUrl: "/api" }, /options\.baseUrl/],
    ["an ftp baseUrl", { baseUrl: "ftp://x" }, /http or https/],
    ["an empty userId", { userId: "" }, /options\.userId/],
    ["a missing appKey", { appKey: undefined }, /options\.appKey/],
    ["a zero timeout", { timeoutMs: 0 }, /options\.timeoutMs/],
    ["a fractional LTP maximum", { maxLtpIdsPerRequest: 1.5 }, /options\.maxLtpIdsPerRequest/],
    ["a wsUrl with a key", { wsUrl: "ws://h/md?key=abc" }, /options\.wsUrl/],
    ["a path without a slash", { paths: { ltp: "ltp" } }, /options\.paths\.ltp/],
    ["an unknown path preset", { paths: "legacy" }, /options\.paths must be "contract" or "vendor"/],
    ["an unknown preset under own paths", { paths: { preset: "v2" } }, /options\.paths\.preset/],
    ["paths that are a number", { paths: 7 }, /options\.paths/],
    ["a backoff cap below its start", { loginBackoff: { initialDelayMs: 10, maxDelayMs: 5 } }, /maxDelayMs/],
    ["a fetch that is not a function", { fetch: "nope" }, /options\.fetch/],
  ];
  for (const [name, patch, pattern] of cases) {
    test(name, () => {
      assert.throws(
        () => createClient({ ...valid, ...patch } as Parameters<typeof createClient>[0]),
        (error: unknown) =>
          error instanceof InvalidArgumentError && error.code === "INVALID_ARGUMENT" && pattern.test(error.message),
      );
    });
  }

  test("an option error never echoes the value (it could be a misplaced secret)", () => {
    const error = (() => {
      try {
        createClient({ ...valid, userId: 42 as unknown as string, baseUrl: "not a url with SECRET123" });
      } catch (e) {
        return e as Error;
      }
    })();
    assert.ok(error instanceof InvalidArgumentError);
    assert.doesNotMatch(error.message, /SECRET123/);
  });
});

// The app key and tokens never show: not in errors (message, stack, cause chain, inspect, JSON), not in log lines,
// not in inspected or serialised client and feed objects. Tokens are captured on the wire by test-only wrappers,
// so the scan looks for the exact values as well as for anything shaped like a JWT.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { inspect } from "node:util";
import { defaultInstruments } from "@tickwire/sandbox";
import WebSocket from "ws";
import { createClient, type Logger, type TickwireClient, type WebSocketConstructor } from "../src/index.js";
import { type Harness, startHarness, USER, until } from "./helpers.js";

const WRONG_KEY = "wrong-APPKEY-5be0c1d2e3f4a5b6";
const IDS = defaultInstruments.slice(0, 4).map((i) => i.id);

/** Everything an error exposes, through its cause chain. */
function exposure(error: unknown, depth = 0): string {
  if (!(error instanceof Error) || depth > 5) return String(error);
  const own = Object.getOwnPropertyNames(error).map(
    (k) => `${k}=${String((error as unknown as Record<string, unknown>)[k])}`,
  );
  return [
    error.message,
    error.stack ?? "",
    inspect(error, { showHidden: true, depth: Infinity }),
    JSON.stringify(error),
    own.join(" "),
    error.cause === undefined ? "" : exposure(error.cause, depth + 1),
  ].join("\n");
}

describe("secrets stay out", () => {
  let h: Harness;
  const tokens = new Set<string>();
  const lines: string[] = [];
  const errors: unknown[] = [];
  const exposed: string[] = [];

  const logger: Logger = {
    debug: (m, f) => lines.push(`debug ${m} ${inspect(f, { depth: Infinity })}`),
    info: (m, f) => lines.push(`info ${m} ${inspect(f, { depth: Infinity })}`),
    warn: (m, f) => lines.push(`warn ${m} ${inspect(f, { depth: Infinity })}`),
    error: (m, f) => lines.push(`error ${m} ${inspect(f, { depth: Infinity })}`),
  };
  // Test-only spies: they see the wire, so the test knows each token the client used.
  const spyFetch = async (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>).authorization;
    if (auth) tokens.add(auth.slice("Bearer ".length));
    const response = await fetch(url, init);
    if (url.endsWith("/app_login") && response.status === 200) {
      const text = await response.text();
      tokens.add(JSON.parse(text).data.accessToken);
      return new Response(text, { status: 200 });
    }
    return response;
  };
  const WsImpl = WebSocket as unknown as WebSocketConstructor;
  class SpyWebSocket extends (WsImpl as unknown as new (url: string) => object) {
    constructor(url: string) {
      const key = new URL(url).searchParams.get("key");
      if (key) tokens.add(key);
      super(url);
    }
  }
  const capture = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      errors.push(error);
    }
  };
  const make = (patch: Record<string, unknown> = {}): TickwireClient =>
    createClient({
      baseUrl: h.sandbox.httpUrl,
      userId: USER.userId,
      appKey: USER.appKey,
      logger,
      fetch: spyFetch,
      WebSocket: SpyWebSocket as unknown as WebSocketConstructor,
      ...patch,
    });

  before(async () => {
    // 2 s, not 1: a 1 s token issued just before a second boundary can expire before the retry that uses it.
    h = await startHarness({ tokenLifetimeSeconds: 2 });
  });
  after(() => h.close());

  test("every flow, then a scan of everything it left", async () => {
    // Success, then a token the server finds expired (401, one login, retry).
    const client = make();
    await client.positions();
    h.advanceServerClock(5000);
    await client.trades();
    // A feed through a socket expiry (4001), with its events.
    const feed = client.marketData({ instrumentIds: IDS, reconnect: { initialDelayMs: 20, maxDelayMs: 100 } });
    feed.on("error", (error) => errors.push(error));
    feed.on("disconnect", (info) => exposed.push(JSON.stringify(info)));
    await until(() => feed.stats().connections >= 2 && feed.stats().messagesTotal > 0, "a reconnect after expiry");
    exposed.push(inspect(client, { showHidden: true, depth: Infinity }), JSON.stringify(client));
    exposed.push(inspect(feed, { showHidden: true, depth: Infinity }), JSON.stringify(feed));
    exposed.push(JSON.stringify(client.stats()), JSON.stringify(feed.stats()));

    // A wrong key, twice (the second is the backoff error, with the first as its cause).
    const wrong = make({ appKey: WRONG_KEY });
    await capture(wrong.positions());
    await capture(wrong.positions());
    exposed.push(inspect(wrong, { showHidden: true, depth: Infinity }));

    // A server that echoes secrets in an error body, and a token refused even when fresh.
    const echo = make({
      fetch: async (url: string, init: RequestInit) => {
        if (!url.endsWith("/ltp")) return spyFetch(url, init);
        const auth = (init.headers as Record<string, string>).authorization;
        const body = {
          status: "error",
          message: `bad ${auth} for ${USER.appKey}`,
          error: `ws://host/md?key=${auth.slice(7)}`,
        };
        return new Response(JSON.stringify(body), { status: 500 });
      },
    });
    await capture(echo.ltp(IDS));
    const spoiled = make({
      fetch: (url: string, init: RequestInit) =>
        url.endsWith("/api/v1/positions")
          ? spyFetch(url, { ...init, headers: { ...(init.headers as object), authorization: "Bearer e30.e30.x" } })
          : spyFetch(url, init),
    });
    await capture(spoiled.positions());
    // A login answer whose token is not a string, and a server that is gone.
    const badLogin = make({
      fetch: async (url: string, init: RequestInit) =>
        url.endsWith("/app_login")
          ? new Response(JSON.stringify({ status: "success", message: "ok", data: { accessToken: 12 } }))
          : spyFetch(url, init),
    });
    await capture(badLogin.positions());
    const gone = createClient({ baseUrl: "http://127.0.0.1:9", userId: USER.userId, appKey: USER.appKey, logger });
    await capture(gone.positions());

    await Promise.all([client, wrong, echo, spoiled, badLogin, gone].map((c) => c.close()));
    for (const error of errors) exposed.push(exposure(error));

    const kinds = new Set(errors.map((e) => (e as Error).name));
    for (const name of ["AuthError", "HttpError", "NetworkError"]) assert.ok(kinds.has(name), `saw a ${name}`);
    assert.ok(tokens.size >= 3, `captured ${tokens.size} tokens`);
    assert.ok(lines.length > 5, "the logger was used");
    const haystack = [...exposed, ...lines].join("\n");
    assert.ok(haystack.includes("[REDACTED]"), "the echoed secrets were there to redact");
    for (const secret of [USER.appKey, WRONG_KEY, ...tokens]) {
      assert.ok(!haystack.includes(secret), `a secret leaked: ${secret.slice(0, 6)}...`);
    }
    assert.doesNotMatch(haystack, /eyJ[A-Za-z0-9_-]{8,}/, "nothing shaped like a JWT");
    assert.doesNotMatch(haystack, /key=(?!\[REDACTED\])[^\s&"']+/);
  });
});

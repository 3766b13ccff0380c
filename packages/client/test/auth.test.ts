// Token lifecycle against a real sandbox: login reuse, refresh ahead of exp, one shared login after a 401, backoff.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { AuthError, createClient } from "../src/index.js";
import { manualClock, suiteHarness, USER } from "./helpers.js";

const HOUR = 3_600_000;

describe("token lifecycle", () => {
  const h = suiteHarness();

  test("logs in once at first use and reuses the token across many requests", async () => {
    const before = h.logins();
    const client = h.client();
    assert.equal(h.logins(), before, "creating a client makes no request");
    for (let i = 0; i < 5; i++) {
      await client.positions();
      await client.trades();
      await client.ltp([110010000002885n]);
    }
    await Promise.all(Array.from({ length: 10 }, () => client.positions()));
    assert.equal(h.logins() - before, 1);
    assert.equal(client.stats().logins, 1);
    assert.equal(client.stats().authRetries, 0);
    assert.equal(client.stats().requests, 25);
  });

  test("a token the server finds expired: exactly one new login, and the retry succeeds", async () => {
    const client = h.client();
    await client.positions();
    const before = h.logins();
    h.advanceServerClock(2 * HOUR); // the server now sees the client's token as expired
    const result = await client.positions();
    assert.ok(Object.keys(result.positions).length > 0);
    assert.equal(h.logins() - before, 1);
    assert.equal(client.stats().authRetries, 1);
    await client.trades();
    assert.equal(h.logins() - before, 1, "the new token is reused");
  });

  test("50 concurrent requests hitting 401 together share one login", async () => {
    // What is checked is the number of logins, not a time: the default 10 s per request ran out once in CI, the unit
    // tier at the lowest priority while a hundred requests waited on one starved process.
    const client = h.client({ timeoutMs: 120_000 });
    await client.positions();
    const before = h.logins();
    h.advanceServerClock(2 * HOUR);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? client.positions() : client.ltp([110010000002885n]))),
    );
    assert.equal(results.length, 50);
    assert.equal(h.logins() - before, 1);
    assert.equal(client.stats().authRetries, 50);
  });

  test("a 401 on the retry with a fresh token is an AuthError, and the next login backs off", async () => {
    const clock = manualClock();
    // The wrapper spoils the credential of every positions request, so even a fresh token is refused.
    const client = h.client({
      clock: clock.now,
      random: () => 0,
      fetch: (url, init) => {
        if (url.endsWith("/api/v1/positions")) {
          init = { ...init, headers: { ...(init.headers as Record<string, string>), authorization: "Bearer x.y.z" } };
        }
        return fetch(url, init);
      },
    });
    const before = h.logins();
    const error = await client.positions().then(
      () => assert.fail("expected an AuthError"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof AuthError);
    assert.equal(error.code, "AUTH");
    assert.equal(error.reason, "token-rejected");
    assert.equal(error.status, 401);
    assert.equal(h.logins() - before, 2, "the first login, then exactly one more");
    const next = await client.positions().catch((e: unknown) => e);
    assert.ok(next instanceof AuthError);
    assert.equal(next.reason, "backoff");
    assert.equal(next.retryAfterMs, 500);
    assert.equal(h.logins() - before, 2, "the backoff kept the client away from app_login");
  });
});

describe("refresh ahead of exp", () => {
  const h = suiteHarness();

  test("refreshes ahead of exp by its own clock: one login for 50 concurrent requests, no 401 needed", async () => {
    const clock = manualClock();
    const client = h.client({ clock: clock.now, tokenRefreshSkewMs: 60_000 });
    await client.positions();
    const before = h.logins();
    // Inside the skew window of a 3600 s token; the server's clock moves too, so its new token is valid by both.
    clock.advance(HOUR - 59_000);
    h.advanceServerClock(HOUR - 59_000);
    await Promise.all(Array.from({ length: 50 }, () => client.positions()));
    assert.equal(h.logins() - before, 1);
    assert.equal(client.stats().authRetries, 0, "no request was sent with the old token");
    clock.advance(60_000);
    h.advanceServerClock(60_000);
    await client.positions();
    assert.equal(h.logins() - before, 1, "the refreshed token is fresh by the same clock");
  });
});

describe("wrong app key", () => {
  const h = suiteHarness();

  test("is an AuthError; repeats back off exponentially, capped, and never reach app_login early", async () => {
    const clock = manualClock();
    const client = createClient({
      baseUrl: h.sandbox.httpUrl,
      userId: USER.userId,
      appKey: "not-the-right-key-000000",
      clock: clock.now,
      random: () => 1,
      loginBackoff: { initialDelayMs: 1000, maxDelayMs: 4000 },
    });
    const first = await client.positions().catch((e: unknown) => e);
    assert.ok(first instanceof AuthError);
    assert.equal(first.reason, "invalid-credentials");
    assert.equal(first.status, 401);
    assert.match(first.message, /Invalid userId or appKey/);
    assert.equal(h.logins(), 1);

    // Twenty calls inside the backoff window: none reaches the server.
    for (let i = 0; i < 20; i++) {
      const error = await client.ltp([1n]).catch((e: unknown) => e);
      assert.ok(error instanceof AuthError);
      assert.equal(error.reason, "backoff");
      assert.ok(error.cause instanceof AuthError, "the last failure is the cause");
    }
    assert.equal(h.logins(), 1);

    // With random() = 1 the delays are the nominal ones: 1 s, 2 s, 4 s, then capped at 4 s.
    const waits: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const error = (await client.positions().catch((e: unknown) => e)) as AuthError;
      assert.equal(error.reason, "backoff");
      waits.push(error.retryAfterMs as number);
      clock.advance(error.retryAfterMs as number);
      const retried = (await client.positions().catch((e: unknown) => e)) as AuthError;
      assert.equal(retried.reason, "invalid-credentials");
    }
    assert.deepEqual(waits, [1000, 2000, 4000, 4000]);
    assert.equal(h.logins(), 5);
    assert.equal(client.stats().loginFailures, 5);
    await client.close();
  });
});

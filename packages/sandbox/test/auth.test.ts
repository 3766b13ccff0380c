import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { kinds, parseJson } from "@tickwire/rest-schemas";
import { SignJWT } from "jose";
import { DEMO_USER, startSandbox } from "../src/index.js";
import { createLogger } from "../src/logging.js";
import { resolveUsers } from "../src/users.js";
import {
  base64url,
  bearer,
  decodeSegment,
  get,
  LOGIN,
  LTP,
  login,
  POSITIONS,
  post,
  start,
  type TestSandbox,
  TRADES,
  USERS,
} from "./helpers.js";

const LIFETIME = 600;
let now = Date.UTC(2026, 0, 5, 4, 0, 0);
let sandbox: TestSandbox;
const seenSecrets: string[] = [];

before(async () => {
  sandbox = await start({ clock: () => now, tokenLifetimeSeconds: LIFETIME, paused: true });
});
after(async () => {
  await sandbox.close();
});

const loginBody = (userId: string, appKey: string) => JSON.stringify({ userId, appKey });

describe("POST app_login", () => {
  test("valid credentials: 200, status success, a token in data.accessToken", async () => {
    const response = await post(sandbox, LOGIN, loginBody(USERS[0].userId, USERS[0].appKey));
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    const body = parseJson(response.text, kinds.loginSuccess);
    assert.equal(body.status, "success");
    assert.equal(typeof body.data.accessToken, "string");
    seenSecrets.push(body.data.accessToken, USERS[0].appKey);
  });

  test("the token is HS256 with sub, a session id, and exp = now + lifetime; no iat", async () => {
    const token = await login(sandbox);
    const [header, payload] = token.split(".");
    assert.deepEqual(decodeSegment(header), { alg: "HS256", typ: "JWT" });
    const claims = decodeSegment(payload);
    assert.equal(claims.sub, USERS[0].userId);
    assert.equal(typeof claims.sid, "string");
    assert.equal(claims.exp, Math.floor(now / 1000) + LIFETIME);
    assert.equal("iat" in claims, false);
    const again = decodeSegment((await login(sandbox)).split(".")[1]);
    assert.notEqual(again.sid, claims.sid, "each login is its own session");
  });

  for (const [name, userId, appKey] of [
    ["wrong appKey", USERS[0].userId, "k3y-for-trader01-0123456780"],
    ["unknown userId", "NOBODY", USERS[0].appKey],
    ["another user's appKey", USERS[0].userId, USERS[1].appKey],
    ["empty appKey", USERS[0].userId, ""],
  ] as const) {
    test(`${name}: 401 with status error, a message about userId or appKey, data null`, async () => {
      const response = await post(sandbox, LOGIN, loginBody(userId, appKey));
      assert.equal(response.status, 401);
      const body = parseJson(response.text, kinds.loginError);
      assert.match(body.message, /userId or appKey is invalid|invalid userId or appKey/i);
      assert.equal(body.data, null);
    });
  }

  test("a disabled user with the right key: 403 with the login error body", async () => {
    const blocked = USERS[2];
    const response = await post(sandbox, LOGIN, loginBody(blocked.userId, blocked.appKey));
    assert.equal(response.status, 403);
    const body = parseJson(response.text, kinds.loginError);
    assert.match(body.message, /denied/i);
    const wrongKey = await post(sandbox, LOGIN, loginBody(blocked.userId, "not-the-key-of-blocked"));
    assert.equal(wrongKey.status, 401, "a wrong key says nothing about the account's state");
  });

  for (const [name, body, headers] of [
    ["malformed JSON", '{"userId": "TRADER01", "appKey": ', {}],
    ["an empty body", "", {}],
    ["a missing appKey", '{"userId":"TRADER01"}', {}],
    ["a missing userId", '{"appKey":"whatever-key"}', {}],
    ["a number for userId", '{"userId":12,"appKey":"whatever-key"}', {}],
    ["an array body", "[]", {}],
    ["a body that is not JSON", "userId=TRADER01", { "content-type": "application/x-www-form-urlencoded" }],
  ] as const) {
    test(`${name}: 400 with status error and data null`, async () => {
      const response = await post(sandbox, LOGIN, body, headers);
      assert.equal(response.status, 400);
      const parsed = parseJson(response.text, kinds.loginError);
      assert.match(parsed.message, /invalid request payload/i);
    });
  }

  test("a 400 never echoes the appKey", async () => {
    const response = await post(sandbox, LOGIN, '{"userId":42,"appKey":"secret-in-a-bad-body"}');
    assert.equal(response.status, 400);
    assert.ok(!response.text.includes("secret-in-a-bad-body"));
    seenSecrets.push("secret-in-a-bad-body");
  });

  test("an unexpected fault: 500, JSON error body, no stack and no fault text", async () => {
    const faulty = await start({
      users: () => {
        throw new Error("user store exploded at /srv/users.db");
      },
      paused: true,
    });
    try {
      const response = await post(faulty, LOGIN, loginBody("ANY", "any-key-at-all"));
      assert.equal(response.status, 500);
      const body = parseJson(response.text, kinds.loginError);
      assert.equal(body.message, "Internal server error");
      assert.ok(!/exploded|users\.db|at .*\.ts/.test(response.text));
      assert.ok(
        faulty.logs.some((line) => line.includes("exploded")),
        "the fault is logged for the operator",
      );
    } finally {
      await faulty.close();
    }
  });
});

describe("secured endpoints reject every bad token with 401", () => {
  let token: string;
  before(async () => {
    token = await login(sandbox);
    seenSecrets.push(token);
  });

  const cases: [string, () => Promise<Record<string, string>>][] = [
    ["no Authorization header", async () => ({})],
    ["a Basic credential", async () => ({ authorization: `Basic ${base64url("TRADER01:key")}` })],
    ["Bearer without a token", async () => ({ authorization: "Bearer" })],
    ["a malformed token", async () => bearer("not.a-jwt")],
    ["random text", async () => bearer("abcdefghijklmnopqrstuvwxyz")],
    [
      "a tampered payload (sub changed, signature kept)",
      async () => {
        const [h, p, s] = token.split(".");
        const claims = { ...decodeSegment(p), sub: USERS[1].userId };
        return bearer(`${h}.${base64url(JSON.stringify(claims))}.${s}`);
      },
    ],
    [
      "a tampered signature",
      async () => {
        const last = token.at(-2) === "A" ? "B" : "A";
        return bearer(`${token.slice(0, -2)}${last}${token.at(-1)}`);
      },
    ],
    [
      "a token signed with another key",
      async () => {
        const forged = await new SignJWT({ sid: "forged", client: "CL0001" })
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setSubject(USERS[0].userId)
          .setExpirationTime(Math.floor(now / 1000) + 60)
          .sign(new TextEncoder().encode("another-secret-of-at-least-32-bytes!!"));
        return bearer(forged);
      },
    ],
    [
      "alg none",
      async () => {
        const claims = decodeSegment(token.split(".")[1]);
        return bearer(`${base64url('{"alg":"none","typ":"JWT"}')}.${base64url(JSON.stringify(claims))}.`);
      },
    ],
    [
      "alg HS512 with the right claims but a foreign key",
      async () => {
        const forged = await new SignJWT({ sid: "x" })
          .setProtectedHeader({ alg: "HS512" })
          .setSubject(USERS[0].userId)
          .setExpirationTime(Math.floor(now / 1000) + 60)
          .sign(new TextEncoder().encode("x".repeat(64)));
        return bearer(forged);
      },
    ],
  ];

  for (const [name, headers] of cases) {
    test(name, async () => {
      const h = await headers();
      for (const [method, path] of [
        ["GET", POSITIONS],
        ["GET", TRADES],
        ["POST", LTP],
      ] as const) {
        const response =
          method === "GET"
            ? await get(sandbox, path, h)
            : await post(sandbox, path, '{"InstrumentIds":[110010000002885]}', h);
        assert.equal(response.status, 401, `${method} ${path}`);
        const body = JSON.parse(response.text) as { status: string; message: string };
        assert.equal(body.status, "error");
        assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer/);
      }
    });
  }

  test("the valid token gets through on all three", async () => {
    assert.equal((await get(sandbox, POSITIONS, bearer(token))).status, 200);
    assert.equal((await get(sandbox, TRADES, bearer(token))).status, 200);
    assert.equal((await post(sandbox, LTP, '{"InstrumentIds":[110010000002885]}', bearer(token))).status, 200);
  });

  test("token lifetime: valid until exp, then 401 'expired'; a new login gives a valid token again", async () => {
    const fresh = await login(sandbox);
    seenSecrets.push(fresh);
    now += (LIFETIME - 1) * 1000;
    assert.equal((await get(sandbox, POSITIONS, bearer(fresh))).status, 200, "one second before exp");
    now += 2000;
    const expired = await get(sandbox, POSITIONS, bearer(fresh));
    assert.equal(expired.status, 401);
    assert.match(expired.text, /expired/);
    const ltp = await post(sandbox, LTP, '{"InstrumentIds":[110010000002885]}', bearer(fresh));
    assert.equal(ltp.status, 401);
    assert.equal(parseJson(ltp.text, kinds.ltpError).error, "Access token has expired");
    const renewed = await login(sandbox);
    seenSecrets.push(renewed);
    assert.equal((await get(sandbox, POSITIONS, bearer(renewed))).status, 200);
  });
});

describe("users and secrets", () => {
  test("no log line holds an app key or a token", () => {
    assert.ok(sandbox.logs.length > 20, "logging at trace level was on");
    for (const secret of seenSecrets) {
      for (const line of sandbox.logs)
        assert.ok(!line.includes(secret), `a log line holds a secret: ${line.slice(0, 200)}`);
    }
  });

  test("the logger redacts secrets by path, in the WebSocket URL, and anywhere a JWT shows", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "info", stream: { write: (line: string) => lines.push(line) } });
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJYIn0.c2lnbmF0dXJl";
    logger.info({ req: { headers: { authorization: "Bearer opaque-token" } }, appKey: "the-app-key" }, "by path");
    logger.info({ req: { method: "GET", url: "/md-streaming/ws?format=binary&key=opaque-token" } }, "by url");
    logger.info({ nested: { deeper: { note: `see ${jwt}` } } }, `and in text ${jwt}`);
    const text = lines.join("");
    for (const secret of ["opaque-token", "the-app-key", jwt]) assert.ok(!text.includes(secret), secret);
    assert.ok(text.includes("format=binary&key=[REDACTED]"));
    assert.ok(text.includes('"appKey":"[REDACTED]"'));
  });

  test("users come from a JSON file named by the environment, and the demo user stays off then", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-users-"));
    const file = join(dir, "users.json");
    writeFileSync(file, JSON.stringify({ users: [{ userId: "FILEUSER", appKey: "file-user-key-123" }] }));
    const fromFile = await startSandbox({ env: { TICKWIRE_SANDBOX_USERS_FILE: file }, logger: false, paused: true });
    try {
      assert.equal(fromFile.demoUser, undefined);
      assert.equal((await post(fromFile, LOGIN, loginBody("FILEUSER", "file-user-key-123"))).status, 200);
      assert.equal((await post(fromFile, LOGIN, loginBody(DEMO_USER.userId, DEMO_USER.appKey))).status, 401);
    } finally {
      await fromFile.close();
    }
    const directory = resolveUsers({
      host: "127.0.0.1",
      env: { TICKWIRE_SANDBOX_USERS: '[{"userId":"ENVUSER","appKey":"env-user-key-1"}]' },
    });
    assert.equal((await directory.lookup("ENVUSER"))?.appKey, "env-user-key-1");
    assert.throws(
      () => resolveUsers({ host: "127.0.0.1", env: { TICKWIRE_SANDBOX_USERS: '[{"userId":"X","appKey":3}]' } }),
      /users\[0\]\.appKey/,
    );
  });

  test("the demo user exists only on loopback", async () => {
    const demo = await startSandbox({ logger: false, paused: true, env: {} });
    try {
      assert.equal(demo.demoUser?.userId, DEMO_USER.userId);
      assert.equal((await post(demo, LOGIN, loginBody(DEMO_USER.userId, DEMO_USER.appKey))).status, 200);
    } finally {
      await demo.close();
    }
    assert.equal(resolveUsers({ host: "0.0.0.0", env: {} }).demo, undefined);
    assert.equal(resolveUsers({ host: "192.168.1.20", users: USERS, env: {} }).demo, undefined);
    await assert.rejects(startSandbox({ host: "0.0.0.0", demoUser: true, logger: false }), /loopback/);
  });

  test("a JWT secret shorter than 32 bytes is refused", async () => {
    await assert.rejects(startSandbox({ jwtSecret: "short", logger: false, env: {} }), /32 bytes/);
  });
});

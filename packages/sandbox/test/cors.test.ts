// CORS for browser clients on another origin: off by default, exact origins or "*", preflights answered before
// authentication, and a 401 readable by the page.
import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, describe, test } from "node:test";
import { LOGIN, start, type TestSandbox, USERS } from "./helpers.js";

const PAGE = "http://127.0.0.1:5173";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch: a browser's Origin and preflight headers, sent as a browser would. */
function call(sandbox: TestSandbox, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${sandbox.httpUrl}${path}`, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("error", reject);
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const preflight = (sandbox: TestSandbox, origin: string) =>
  call(sandbox, "OPTIONS", "/api/v1/positions", {
    origin,
    "access-control-request-method": "GET",
    "access-control-request-headers": "authorization",
  });

describe("CORS off (the default)", () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await start();
  });
  after(() => sandbox.close());

  test("no CORS header on an answer to a page from another origin", async () => {
    const answer = await call(sandbox, "GET", "/api/v1/positions", { origin: PAGE });
    assert.equal(answer.status, 401);
    assert.equal(answer.headers["access-control-allow-origin"], undefined);
  });
});

describe("CORS with allowed origins", () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await start({ corsOrigins: [PAGE] });
  });
  after(() => sandbox.close());

  test("a preflight from an allowed origin: 204 with the methods, headers and the origin itself", async () => {
    const answer = await preflight(sandbox, PAGE);
    assert.equal(answer.status, 204);
    assert.equal(answer.headers["access-control-allow-origin"], PAGE);
    assert.match(String(answer.headers["access-control-allow-methods"]), /GET/);
    assert.match(String(answer.headers["access-control-allow-headers"]), /authorization/);
    assert.match(String(answer.headers.vary), /origin/i);
  });

  test("a preflight from another origin is refused, and says which origin", async () => {
    const answer = await preflight(sandbox, "http://evil.example");
    assert.equal(answer.status, 403);
    assert.equal(answer.headers["access-control-allow-origin"], undefined);
    assert.match(answer.body, /evil\.example is not allowed/);
  });

  test("a 401 carries the headers, so the page can read the status; Date is exposed for token expiry", async () => {
    const answer = await call(sandbox, "GET", "/api/v1/positions", { origin: PAGE });
    assert.equal(answer.status, 401);
    assert.equal(answer.headers["access-control-allow-origin"], PAGE);
    assert.match(String(answer.headers["access-control-expose-headers"]), /date/);
  });

  test("a login from the page works and carries the header", async () => {
    const { userId, appKey } = USERS[0];
    const answer = await call(
      sandbox,
      "POST",
      LOGIN,
      { origin: PAGE, "content-type": "application/json" },
      JSON.stringify({ userId, appKey }),
    );
    assert.equal(answer.status, 200);
    assert.equal(answer.headers["access-control-allow-origin"], PAGE);
  });
});

describe('CORS with "*"', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await start({ corsOrigins: ["*"] });
  });
  after(() => sandbox.close());

  test("any origin is echoed back", async () => {
    const answer = await preflight(sandbox, "http://localhost:9999");
    assert.equal(answer.status, 204);
    assert.equal(answer.headers["access-control-allow-origin"], "http://localhost:9999");
  });
});

test("an entry that is not an origin is refused at start, naming it", async () => {
  await assert.rejects(
    start({ corsOrigins: ["http://127.0.0.1:5173/board"] }),
    /corsOrigins: "http:\/\/127\.0\.0\.1:5173\/board" is not an origin/,
  );
});

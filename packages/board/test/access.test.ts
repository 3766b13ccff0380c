// Only the board's own page may read the board: a page of another origin cannot open its feed, a request whose Host
// names another site (a DNS name rebound to 127.0.0.1) is refused, and a host name added by option is served.
import assert from "node:assert/strict";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { WebSocket } from "ws";
import { type BoardHarness, openBoard } from "./harness.js";

let h: BoardHarness;
before(async () => {
  h = await openBoard(
    { seed: 3, rate: 200 },
    {
      board: { allowedHosts: ["board.example"] },
      // Both names reach this machine, as a rebound DNS name would.
      chromiumArgs: ["--host-resolver-rules=MAP attacker.example 127.0.0.1, MAP board.example 127.0.0.1"],
    },
  );
});
after(async () => {
  await h?.close();
});

const boardPort = () => Number(new URL(h.board.url).port);

test("a page of another origin cannot open the board's feed; the board's own page can", async () => {
  const foreign = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><script>
      const socket = new WebSocket("ws://127.0.0.1:${boardPort()}/feed");
      socket.onopen = () => { document.title = "opened"; };
      socket.onerror = () => { document.title = "refused"; };
    </script>`);
  });
  await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
  try {
    const page = await h.browser.newPage();
    await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => document.title !== "");
    assert.equal(await page.title(), "refused");
    await page.close();
  } finally {
    await new Promise((resolve) => foreign.close(resolve));
  }
  // The board's page itself connected (it is live).
  await h.page.waitForSelector('body[data-state="live"]');
});

test("a foreign Host is refused in Chromium (DNS rebinding), an allowed one is served", async () => {
  const page = await h.browser.newPage();
  const refused = await page.goto(`http://attacker.example:${boardPort()}/`);
  assert.equal(refused?.status(), 403);
  const served = await page.goto(`http://board.example:${boardPort()}/`);
  assert.equal(served?.status(), 200);
  await page.waitForSelector('body[data-state="live"]');
  await page.close();
});

function get(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: boardPort(), path, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

function upgrade(headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${boardPort()}/feed`, { headers });
    socket.on("open", () => {
      socket.close();
      resolve("open");
    });
    socket.on("unexpected-response", (_request, response) => resolve(String(response.statusCode)));
    socket.on("error", () => resolve("error"));
  });
}

test("the server checks Host on every request and Origin on the feed and on POST", async () => {
  const own = `127.0.0.1:${boardPort()}`;
  assert.equal(await get("/", { host: own }), 200);
  assert.equal(await get("/", { host: `localhost:${boardPort()}` }), 200);
  assert.equal(await get("/", { host: `attacker.example:${boardPort()}` }), 403);
  assert.equal(await get("/api/board", { host: `attacker.example:${boardPort()}` }), 403);
  assert.equal(await get("/api/board", { host: own, origin: "http://attacker.example" }), 403);
  assert.equal(await upgrade({ origin: "http://attacker.example" }), "403");
  assert.equal(await upgrade({ origin: `http://127.0.0.1:${boardPort() + 1}` }), "403");
  assert.equal(await upgrade({ host: `attacker.example:${boardPort()}` }), "403");
  assert.equal(await upgrade({ origin: `http://${own}` }), "open");
  const post = await fetch(new URL("/api/resolve", h.board.url), { method: "POST", body: '{"ids":["42"]}' });
  assert.equal(post.status, 403, "a POST without an Origin is refused");
});

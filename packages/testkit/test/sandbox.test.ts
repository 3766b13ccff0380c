import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { demoLogin } from "../src/sandbox.js";

const seen: { method: string; url: string; type: string | undefined; body: string }[] = [];
let status = 200;
let server: Server;
let httpUrl: string;

const body = async (request: IncomingMessage) => {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
};

before(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: String(request.method),
      url: String(request.url),
      type: request.headers["content-type"],
      body: await body(request),
    });
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ type: "success", data: { accessToken: "token-1" } }));
  });
  server.on("error", (error) => assert.fail(error));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  httpUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("demoLogin posts the demo user's credentials to app_login and returns the access token", async () => {
  const token = await demoLogin({ httpUrl, demoUser: { userId: "DEMO", appKey: "k" } });
  assert.equal(token, "token-1");
  assert.deepEqual(seen.at(-1), {
    method: "POST",
    url: "/api_gateway/v1/api/app_login",
    type: "application/json",
    body: JSON.stringify({ userId: "DEMO", appKey: "k" }),
  });
});

test("no demo user, or a refused login, is an error saying so", async () => {
  await assert.rejects(demoLogin({ httpUrl, demoUser: undefined }), /no demo user/);
  status = 401;
  await assert.rejects(demoLogin({ httpUrl, demoUser: { userId: "DEMO", appKey: "k" } }), /answered 401/);
});

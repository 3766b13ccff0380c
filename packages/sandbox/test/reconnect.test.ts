// The vendor's feed clients keep the key= of their first login: at token expiry the server closes the feed (4001),
// the client reconnects with the stale key, is refused at the upgrade (401) and resets the connection without
// reading the body. A server sees this on every long session; it must shrug it off.
import assert from "node:assert/strict";
import { connect } from "node:net";
import { test } from "node:test";
import type { Sandbox } from "../src/index.js";
import { CLOSE_TOKEN_EXPIRED, FEED_PATH } from "../src/index.js";
import { bearer, eventually, get, login, openFeed, POSITIONS, start } from "./helpers.js";

/** Sends a WebSocket upgrade request and resets the connection (RST) as soon as the status line arrives. */
function upgradeThenReset(sandbox: Sandbox, key: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(sandbox.port, sandbox.host);
    let statusLine = "";
    socket.on("error", reject);
    socket.on("connect", () => {
      socket.write(
        `GET ${FEED_PATH}?key=${key} HTTP/1.1\r\nHost: ${sandbox.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
    });
    socket.once("data", (chunk: Buffer) => {
      statusLine = chunk.toString("latin1").split("\r\n")[0];
      socket.resetAndDestroy();
    });
    socket.on("close", () => resolve(statusLine));
  });
}

test("the vendor client's expiry reconnect (stale key, reset after the 401) leaves the server serving", async () => {
  // exp is in whole seconds: a 1 s lifetime can end before the first feed has opened, 3 s cannot.
  const sandbox = await start({ tokenLifetimeSeconds: 3, paused: true });
  try {
    const staleKey = await login(sandbox);
    const first = await openFeed(sandbox, staleKey);
    assert.equal((await first.closed).code, CLOSE_TOKEN_EXPIRED);
    await eventually(() => sandbox.stats().connections === 0, "the expired feed socket to be forgotten");
    // fetch keeps its login connection alive for a few seconds: the sockets the server may still hold.
    const before = sandbox.stats().sockets;

    for (let attempt = 1; attempt <= 5; attempt++) {
      assert.match(await upgradeThenReset(sandbox, staleKey), /^HTTP\/1\.1 401 /, `reconnect ${attempt}`);
    }
    // None of the refused sockets is left behind.
    await eventually(() => sandbox.stats().sockets <= before, `the server to hold at most ${before} sockets`);

    // Still alive: REST answers and a fresh login gets a feed socket.
    const freshKey = await login(sandbox);
    assert.equal((await get(sandbox, POSITIONS, bearer(freshKey))).status, 200);
    const second = await openFeed(sandbox, freshKey);
    await second.close();
  } finally {
    await sandbox.close();
  }
});

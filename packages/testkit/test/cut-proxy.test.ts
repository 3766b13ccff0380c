import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { test } from "node:test";
import { cuttableProxy } from "../src/faults/cut-proxy.js";

test("cuttableProxy forwards both ways, holds what the client writes once stalled, and cut() ends each connection", async () => {
  const received: string[] = [];
  const serverSockets: Socket[] = [];
  const server = createServer((socket) => {
    serverSockets.push(socket);
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      received.push(String(chunk));
      socket.write(`echo ${chunk}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxy = await cuttableProxy((server.address() as { port: number }).port);
  try {
    const client = tcpConnect(Number(new URL(proxy.url).port), "127.0.0.1");
    client.on("error", () => {});
    await once(client, "connect");
    client.write("one");
    assert.equal(String((await once(client, "data"))[0]), "echo one");
    proxy.stall();
    client.write("two");
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(received, ["one"], "a stalled proxy passes nothing the client writes");
    const closed = once(client, "close");
    assert.equal(proxy.cut(), 1);
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(received, ["one"], "what the client wrote while stalled never reaches the server");
    assert.equal(proxy.cut(), 0, "no connection left after the cut");
  } finally {
    await proxy.close();
    for (const s of serverSockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

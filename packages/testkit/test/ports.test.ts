// Ports for the servers tests start, and what a nats-server that exits at start says.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { test } from "node:test";
import { natsServerMissing, startNatsServers } from "../src/nats-server.js";
import { freePort } from "../src/ports.js";

test("a free port is picked below the ephemeral range, where no outgoing connection takes it, and can be listened on", async () => {
  const ephemeralStart = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  for (let i = 0; i < 20; i++) {
    const port = await freePort();
    assert.ok(port >= 10_000 && port < ephemeralStart, `${port} below ${ephemeralStart}`);
    await new Promise<void>((resolve, reject) => {
      const server = createServer();
      server.on("error", reject);
      server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
    });
  }
});

test("a nats-server that exits at start says why", { skip: natsServerMissing() }, async () => {
  await assert.rejects(startNatsServers(1, { config: "listen: {{{ not a configuration" }), (error: Error) => {
    assert.match(error.message, /^nats-server exited with code 1: .+/);
    return true;
  });
});

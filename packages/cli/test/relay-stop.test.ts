// `tickwire relay` stopped as a service manager stops it (SIGTERM): it closes the relay and exits at once. close()
// used to leave a 2 s timer armed, which kept the process 2 s longer.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type NatsServers, natsServerMissing, startNatsServers } from "@tickwire/testkit/nats-server";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

describe("relay stopped with SIGTERM", {
  skip: natsServerMissing(),
}, () => {
  let nats: NatsServers;
  before(async () => {
    nats = await startNatsServers(1);
  });
  after(() => nats.close());

  test("exits within 1.5 s of SIGTERM, having printed its summary (with --failover --lock-replicas)", async (t) => {
    const child = spawn(
      process.execPath,
      [bin, "relay", "--sandbox", "--failover", "--lock-replicas", "1", "--nats", nats.urls[0], "--name", "stop"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.on("error", () => {});
    t.after(() => child.kill("SIGKILL"));
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
    });
    child.stderr.resume();
    const deadline = Date.now() + 20_000;
    while (!/relay stop: (active|standby), 26 instruments/.test(out) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    assert.match(out, /relay stop: (active|standby), 26 instruments/);
    await new Promise((r) => setTimeout(r, 1000));
    const exited = once(child, "exit");
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const [code] = await exited;
    const exitMs = Date.now() - signalledAt;
    t.diagnostic(`exited ${exitMs} ms after SIGTERM`);
    assert.equal(code, 0);
    assert.match(out, /relay stop closed: \d+ frames/);
    assert.ok(exitMs < 1500, `exited ${exitMs} ms after SIGTERM`);
  });
});

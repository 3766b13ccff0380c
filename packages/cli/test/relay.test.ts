// `tickwire relay` and `tickwire tail` as users run them (the built bin), against a real nats-server on loopback
// (`packages/testkit/scripts/ensure-nats-server.sh` installs it; without one these tests are skipped and say so).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type NatsServers, natsServerMissing, startNatsServers } from "@tickwire/testkit/nats-server";
import { tickwire } from "./helpers.js";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

describe("relay and tail", {
  skip: natsServerMissing(),
}, () => {
  let nats: NatsServers;
  before(async () => {
    nats = await startNatsServers(1);
  });
  after(() => nats.close());

  test("tail prints what relay --sandbox publishes: the last values, then live", async () => {
    // tail starts once the relay says it is active (its stream exists then): a fixed 2.5 s wait was too short once on a
    // busy machine ("stream not found"). 10 s of relaying leave tail its 3 s however late that comes.
    let active: () => void = () => {};
    const activated = new Promise<void>((resolve) => {
      active = resolve;
    });
    const relaying = tickwire(["relay", "--sandbox", "--seconds", "10", "--nats", nats.urls[0], "--name", "cli"], {
      timeoutMs: 40_000,
      onStdout: (printed) => {
        if (/relay cli: active/.test(printed)) active();
      },
    });
    await Promise.race([activated, relaying]);
    const tail = await tickwire(
      ["tail", "--nats", nats.urls[0], "--instruments", "110010000002885", "--count", "8", "--seconds", "3"],
      { timeoutMs: 20_000 },
    );
    const relayed = await relaying;
    assert.equal(tail.code, 0, tail.stderr);
    const lines = String(tail.stdout).trim().split("\n");
    assert.equal(lines.length, 8);
    for (const line of lines) assert.match(line, /^tickwire\.md\.NSECM\.110010000002885\.[A-Za-z]+ id=\d+/);
    assert.equal(relayed.code, 0, relayed.stderr);
    const out = String(relayed.stdout);
    assert.match(out, /relay cli: active, 26 instruments, status on tickwire\.status\.cli/);
    const stored = Number(/(\d+) stored/.exec(out)?.[1]);
    assert.ok(stored > 100, out);
  });

  test("--nats beats NATS_URL, and NATS_URL is used without it", async () => {
    const args = ["tail", "--subject", "tickwire.md.>", "--start", "new", "--no-interest", "--seconds", "1"];
    const unreachable = "nats://127.0.0.1:9";
    const flag = await tickwire([...args, "--nats", nats.urls[0]], {
      env: { NATS_URL: unreachable },
      timeoutMs: 20_000,
    });
    assert.equal(flag.code, 0, flag.stderr);
    const fromEnv = await tickwire(args, { env: { NATS_URL: nats.urls[0] }, timeoutMs: 20_000 });
    assert.equal(fromEnv.code, 0, fromEnv.stderr);
    const wrongEnv = await tickwire(args, { env: { NATS_URL: unreachable }, timeoutMs: 20_000 });
    assert.notEqual(wrongEnv.code, 0, "NATS_URL is read when --nats is not given");
  });

  test("bad arguments and missing credentials are usage errors (exit 2)", async () => {
    const usage = await tickwire(["tail", "--nats", nats.urls[0]]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--instruments or --subject/);
    const badId = await tickwire(["tail", "--nats", nats.urls[0], "--instruments", "12x"]);
    assert.equal(badId.code, 2);
    const badStart = await tickwire(["tail", "--nats", nats.urls[0], "--instruments", "1", "--start", "soon"]);
    assert.equal(badStart.code, 2);
    const noCredentials = await tickwire(["relay", "--nats", nats.urls[0]], {
      env: { TICKWIRE_URL: "", TICKWIRE_USER: "", TICKWIRE_APP_KEY: "" },
    });
    assert.equal(noCredentials.code, 2);
  });

  // Stopped as a service manager stops it: close() used to leave a 2 s timer armed, which kept the process 2 s longer.
  // The relay waits up to 2 s for JetStream to acknowledge what it received (slow on a loaded machine); what must not
  // follow is a wait after its summary (the armed timer kept the process 2 s past it).
  test("relay exits promptly after SIGTERM and its summary (with --failover --lock-replicas)", async (t) => {
    const child = spawn(
      process.execPath,
      [bin, "relay", "--sandbox", "--failover", "--lock-replicas", "1", "--nats", nats.urls[0], "--name", "stop"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.on("error", () => {});
    t.after(() => child.kill("SIGKILL"));
    let out = "";
    let summaryAt = 0;
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
      if (summaryAt === 0 && /relay stop closed: \d+ frames/.test(out)) summaryAt = Date.now();
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
    const exitedAt = Date.now();
    const exitMs = exitedAt - signalledAt;
    t.diagnostic(`exited ${exitMs} ms after SIGTERM, ${exitedAt - summaryAt} ms after its summary`);
    assert.equal(code, 0);
    assert.match(out, /relay stop closed: \d+ frames/);
    // Under the 2 s the armed timer added, with room for a busy machine (500 ms failed once at 1,531 with nothing armed).
    assert.ok(exitedAt - summaryAt < 1500, `exited ${exitedAt - summaryAt} ms after its summary`);
    assert.ok(exitMs < 3000, `exited ${exitMs} ms after SIGTERM`);
  });
});

// Two relays for one account: the one holding the KV lock is active, the other holds no platform session. When the
// active one dies (SIGKILL: it releases nothing), the standby takes over within 2 s, and no frame reaches the
// stream twice. An instrument carried only because a consumer asked for it comes back with the new relay: the consumer
// sees the activation on the status subject and asks again at once (its own renewal is 20 s away).
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { startRelay, subscribeRelay } from "../src/index.js";
import { type Stack, startStack, storedMessages, until } from "./helpers.js";

const PLAIN = defaultInstruments.filter((i) => i.kind !== "index").map((i) => i.id);
// Not carried by the relays: only a consumer's interest brings it.
const ASKED = PLAIN[PLAIN.length - 1];
const IDS = PLAIN.slice(0, -1);
const FIXTURE = fileURLToPath(new URL("./fixtures/relay-process.ts", import.meta.url));

describe("relay: failover", () => {
  let stack: Stack;
  let child: ChildProcess | undefined;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 500 } });
  });
  after(async () => {
    child?.kill("SIGKILL");
    await stack.close();
  });

  test("the standby takes over within 2 s of the active relay's death, with no duplicate in the stream", async (t) => {
    const common = {
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: IDS.map(String),
      stream: { name: "FAILOVER", maxMsgsPerSubject: 100_000 },
      failover: { ttlMs: 1000, pollMs: 100 },
    };
    const primaryStatus = stack.nc.subscribe("tickwire.status.primary", { max: 1 });
    child = spawn(process.execPath, ["--import", "tsx", FIXTURE, JSON.stringify({ ...common, name: "primary" })], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.on("error", () => {});
    const [line] = await once(child.stdout as NodeJS.ReadableStream, "data");
    assert.match(String(line), /active/);
    for await (const _ of primaryStatus) break; // the primary's activation is out before the consumer looks
    const feed = await subscribeRelay({
      servers: stack.nats.urls,
      instruments: [ASKED],
      stream: "FAILOVER",
      start: "new",
    });
    t.after(() => feed.close());
    const asked: number[] = [];
    feed.on("message", (message) => {
      if (message.ID !== undefined) asked.push(Date.now());
    });
    await until(() => asked.length > 0, "the instrument asked for, from the primary");
    const standby = await startRelay({ ...common, name: "standby" });
    t.after(() => standby.close());
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(standby.role, "standby");
    assert.equal(standby.stats().platformSessions, 0, "the standby holds no platform session");
    assert.equal(standby.stats().platform, null);
    assert.equal(stack.sandbox.stats().connections, 1, "one feed socket on the platform");

    const killedAt = Date.now();
    child.kill("SIGKILL");
    await once(child, "exit");
    await standby.active();
    const takeoverMs = Date.now() - killedAt;
    t.diagnostic(`takeover: ${takeoverMs} ms from SIGKILL to the standby's platform feed open`);
    assert.ok(takeoverMs < 2000, `took over in ${takeoverMs} ms`);
    await until(() => (asked.at(-1) ?? 0) > killedAt, "the instrument asked for, from the new relay", 10_000);
    const backMs = (asked.find((at) => at > killedAt) ?? Number.NaN) - killedAt;
    t.diagnostic(`the instrument asked for was back ${backMs} ms after the SIGKILL`);
    assert.ok(backMs < takeoverMs + 1000, `back after ${backMs} ms, takeover ${takeoverMs} ms`);
    assert.equal(standby.stats().takeovers, 1);
    await until(() => standby.stats().published > 100, "the new active relay storing");
    await standby.close();

    const stored = await storedMessages(stack.nc, "FAILOVER");
    const ids = stored.map((m) => decodeMessage(m.data).ID);
    assert.equal(new Set(ids).size, ids.length, "no frame stored twice");
    assert.ok(ids.length > 200);
  });
});

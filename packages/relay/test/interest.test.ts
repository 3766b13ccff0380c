// Interest: a consumer asking for an instrument the relay does not carry gets it (the relay subscribes upstream);
// an instrument nobody renews within the lease is dropped upstream. Status: every counter as JSON on
// tickwire.status.<relay>.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { inspect } from "node:util";
import { defaultInstruments } from "@tickwire/sandbox";
import { INTEREST_SUBJECT, type Relay, RelayError, type RelayStats, startRelay, subscribeRelay } from "../src/index.js";
import { type Stack, startStack, until } from "./helpers.js";

const [CARRIED, ASKED, RENEWED] = defaultInstruments.map((i) => i.id);

describe("relay: interest and status", () => {
  let stack: Stack;
  let relay: Relay;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 1000 } });
    relay = await startRelay({
      name: "int",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: [CARRIED],
      interestLeaseMs: 1500,
      statusIntervalMs: 200,
    });
    await relay.active();
  });
  after(async () => {
    await relay.close();
    await stack.close();
  });

  test("an instrument asked for is added upstream, delivered, and dropped when its lease is not renewed", async () => {
    const feed = await subscribeRelay({ servers: stack.nats.urls, instruments: [ASKED], start: "new" });
    assert.equal(relay.stats().interest.added, 1);
    assert.equal(relay.stats().platform?.subscriptions, 2);
    const ids = new Set<bigint>();
    feed.on("TickData", (value) => ids.add(value.InstrumentID));
    await until(() => ids.size > 0, "ticks of the instrument asked for");
    assert.deepEqual([...ids], [ASKED]);
    await feed.close();
    await until(() => relay.stats().interest.expired === 1, "the lease to expire", 5000);
    assert.equal(relay.stats().platform?.subscriptions, 1);
    assert.equal(relay.stats().interest.instruments, 1);
  });

  test("a consumer that stays renews its lease", async () => {
    const feed = await subscribeRelay({
      servers: stack.nats.urls,
      instruments: [RENEWED],
      start: "new",
      interestRenewMs: 300,
    });
    const expiredBefore = relay.stats().interest.expired;
    await new Promise((r) => setTimeout(r, 3000)); // twice the lease
    assert.equal(relay.stats().interest.expired, expiredBefore);
    assert.equal(relay.stats().platform?.subscriptions, 2);
    assert.ok(feed.stats().messagesTotal > 0);
    await feed.close();
  });

  test("a malformed interest request gets an error answer and is counted", async () => {
    const answer = await stack.nc.request(INTEREST_SUBJECT, '{"instrumentIds":[1.5]}', { timeout: 2000 });
    assert.match(new TextDecoder().decode(answer.data), /"error":"bad interest request: instrumentIds\[0\]/);
    const garbage = await stack.nc.request(INTEREST_SUBJECT, "{{{", { timeout: 2000 });
    assert.match(new TextDecoder().decode(garbage.data), /"error"/);
    assert.ok(relay.stats().interest.refused >= 2);
  });

  test("status JSON on tickwire.status.<relay> carries every counter", async () => {
    const sub = stack.nc.subscribe("tickwire.status.int", { max: 1 });
    let status: (RelayStats & { at: string }) | undefined;
    for await (const m of sub) status = JSON.parse(new TextDecoder().decode(m.data));
    assert.ok(status);
    assert.equal(status.name, "int");
    assert.equal(status.role, "active");
    assert.ok(status.published > 0 && status.frames > 0);
    for (const key of ["duplicates", "publishErrors", "bufferDrops", "bufferedBytes", "inFlight", "takeovers"]) {
      assert.equal(typeof status[key as keyof RelayStats], "number", key);
    }
    assert.deepEqual(Object.keys(status.badInput).sort(), ["decode", "no-instrument", "unknown-segment"]);
    assert.equal(status.nats.connected, true);
    assert.equal(status.platform?.state, "open");
    assert.equal(typeof status.platform?.reconnects, "number");
    assert.ok(Date.parse(status.at) > Date.now() - 5000);
  });

  test("the app key appears in no status, stats, inspect or JSON form of the relay", () => {
    const key = stack.platform.appKey;
    for (const form of [JSON.stringify(relay), JSON.stringify(relay.stats()), inspect(relay, { depth: 10 })]) {
      assert.ok(!form.includes(key), form);
    }
    assert.match(inspect(relay), /^Relay \{ name: "int", role: "active" \}$/);
  });

  // Last: it closes the relay.
  test("with no relay to answer, a renewal is an INTEREST_FAILED error with NATS's as cause; a closed relay's active() is CLOSED", async () => {
    await relay.close();
    await assert.rejects(relay.active(), (e: unknown) => e instanceof RelayError && e.code === "CLOSED");
    const feed = await subscribeRelay({
      servers: stack.nats.urls,
      instruments: [ASKED],
      start: "new",
      interestRenewMs: 100,
    });
    const errors: Error[] = [];
    feed.on("error", (error) => errors.push(error));
    await until(() => errors.length > 0, "a renewal's failure");
    await feed.close();
    const [error] = errors;
    assert.ok(error instanceof RelayError, String(error));
    assert.equal(error.code, "INTEREST_FAILED");
    assert.match(error.message, /^an interest request on tickwire\.control\.interest failed$/);
    assert.ok(error.cause instanceof Error, `cause: ${String(error.cause)}`);
    assert.ok(feed.stats().interestFailures >= 2);
  });

  // After the one above: no relay answers but this responder, which refuses as a relay refuses a malformed request.
  test("a refused interest request is an INTEREST_REFUSED error naming the relay's reason, and the feed asks again", async () => {
    const refusing = stack.nc.subscribe(INTEREST_SUBJECT, {
      callback: (_error, msg) => {
        msg.respond(JSON.stringify({ error: "bad interest request: instrumentIds[0] is not an id" }));
      },
    });
    const feed = await subscribeRelay({
      servers: stack.nats.urls,
      instruments: [ASKED],
      start: "new",
      interestRenewMs: 100,
    });
    const errors: Error[] = [];
    feed.on("error", (error) => errors.push(error));
    await until(() => errors.length >= 2, "two refusals");
    await feed.close();
    refusing.unsubscribe();
    for (const error of errors) {
      assert.ok(error instanceof RelayError, String(error));
      assert.equal(error.code, "INTEREST_REFUSED");
      assert.equal(
        error.message,
        "the relay refused an interest request: bad interest request: instrumentIds[0] is not an id",
      );
      assert.equal(error.cause, undefined);
    }
    assert.ok(feed.stats().interestFailures >= 2);
  });
});

// The feed's parts on their own: one backoff check for the client's and the feed's options, and the delivery pieces
// the relay's consumer reuses (IteratorFanout, Listeners).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as client from "../src/index.js";
import { createClient, InvalidArgumentError } from "../src/index.js";
import { IteratorFanout, Listeners } from "../src/internal.js";

const valid = { baseUrl: "http://127.0.0.1:9", userId: "u", appKey: "an-app-key" };

function refusal(pattern: RegExp) {
  return (error: unknown) => error instanceof InvalidArgumentError && pattern.test(error.message);
}

describe("backoff options, checked the same way for logins and feed reconnects", () => {
  const cases: [string, unknown, RegExp][] = [
    ["not an object", "fast", /\.(loginBackoff|reconnect) must be an object/],
    ["a cap below its start", { initialDelayMs: 10, maxDelayMs: 5 }, /\.maxDelayMs must not be below initialDelayMs/],
    ["a zero start", { initialDelayMs: 0 }, /\.initialDelayMs must be an integer from 1/],
    ["a factor above 10", { factor: 11 }, /\.factor must be a number from 1 to 10/],
  ];
  for (const [name, value, pattern] of cases) {
    test(`loginBackoff: ${name}`, () => {
      assert.throws(() => createClient({ ...valid, loginBackoff: value as object }), refusal(pattern));
    });
    test(`a feed's reconnect: ${name}`, async () => {
      const client = createClient(valid);
      assert.throws(() => client.marketData({ reconnect: value as object }), refusal(pattern));
      await client.close();
    });
  }

  test("absent or null means the defaults", async () => {
    const client = createClient({ ...valid, loginBackoff: null as unknown as undefined });
    const feed = client.marketData({ reconnect: null as unknown as undefined, stallTimeoutMs: 0 });
    await client.close();
    assert.equal(feed.state, "closed");
  });
});

describe("IteratorFanout", () => {
  test("each iterator gets every item; a full buffer drops the oldest, counted", async () => {
    let drops = 0;
    const fanout = new IteratorFanout<number>(2, "drop-oldest", () => drops++);
    const a = fanout.iterator();
    const b = fanout.iterator();
    for (const n of [1, 2, 3]) fanout.push(n);
    assert.equal(drops, 2, "one drop per iterator");
    assert.deepEqual([(await a.next()).value, (await a.next()).value], [2, 3]);
    assert.deepEqual([(await b.next()).value, (await b.next()).value], [2, 3]);
  });

  test("drop-newest keeps the first items", async () => {
    let drops = 0;
    const fanout = new IteratorFanout<number>(2, "drop-newest", () => drops++);
    const a = fanout.iterator();
    for (const n of [1, 2, 3, 4]) fanout.push(n);
    assert.equal(drops, 2);
    assert.deepEqual([(await a.next()).value, (await a.next()).value], [1, 2]);
  });

  test("return() detaches an iterator; end() finishes the others after what they hold, and any opened later", async () => {
    const fanout = new IteratorFanout<number>(4, "drop-oldest", () => {});
    const stopped = fanout.iterator();
    const kept = fanout.iterator();
    await stopped.return?.();
    assert.equal(fanout.size, 1);
    fanout.push(7);
    assert.deepEqual(await stopped.next(), { value: undefined, done: true });
    const waiting = kept.next();
    assert.deepEqual(await waiting, { value: 7, done: false });
    fanout.push(8);
    fanout.end();
    assert.deepEqual(await kept.next(), { value: 8, done: false });
    assert.deepEqual(await kept.next(), { value: undefined, done: true });
    assert.deepEqual(await fanout.iterator().next(), { value: undefined, done: true });
  });
});

describe("Listeners", () => {
  test("a throwing listener is reported and the others still run; removal during an emit spares that emit", () => {
    const listeners = new Listeners();
    const calls: string[] = [];
    const thrown: unknown[] = [];
    const second = () => calls.push("second");
    listeners.add("x", () => {
      calls.push("first");
      listeners.remove("x", second);
      throw new Error("boom");
    });
    listeners.add("x", second);
    listeners.emit("x", [], (error) => thrown.push(error));
    assert.deepEqual(calls, ["first", "second"]);
    assert.equal((thrown[0] as Error).message, "boom");
    assert.equal(listeners.count(), 1);
    listeners.emit("x", [], () => {});
    assert.deepEqual(calls, ["first", "second", "first"]);
    assert.equal(listeners.has("y"), false);
  });
});

test("the relay's parts are on the internal entry point only, not the public one", () => {
  assert.equal("IteratorFanout" in client, false);
  assert.equal("Listeners" in client, false);
  assert.equal(typeof IteratorFanout, "function");
  assert.equal(typeof Listeners, "function");
});

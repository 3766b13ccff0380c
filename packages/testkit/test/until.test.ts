import assert from "node:assert/strict";
import { test } from "node:test";
import { poll, until } from "../src/until.js";

test("poll: true as soon as a sync or async condition holds, after polling for it", async () => {
  let calls = 0;
  assert.equal(await poll(() => ++calls >= 3, 1000, 1), true);
  assert.equal(calls, 3);
  let asyncCalls = 0;
  assert.equal(await poll(async () => ++asyncCalls >= 2, 1000, 1), true);
  assert.equal(asyncCalls, 2);
});

test("poll: false once the time is up, not before", async () => {
  const started = Date.now();
  assert.equal(await poll(() => false, 50, 5), false);
  assert.ok(Date.now() - started >= 50);
});

test("until: resolves when the condition holds, throws naming what it waited for on time-out", async () => {
  let ready = false;
  setTimeout(() => {
    ready = true;
  }, 20);
  await until(() => ready, "ready", 1000);
  await assert.rejects(
    until(() => false, "the moon", 30),
    /timed out waiting for the moon/,
  );
});

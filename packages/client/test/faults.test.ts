// The client under faults, through a TCP fault proxy in front of a real sandbox: the server killed mid-stream, a
// half-open socket, a delaying and fragmenting link, corrupt frames, a token revoked or expired mid-stream, and a
// skewed clock. Each case runs a few cycles on one feed (bounded): it must recover or report, lose no frame it
// received, and leave no timer, socket or listener behind. The long campaign is `pnpm reliability faults`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { startSandbox } from "@tickwire/sandbox";
import { type CaseName, type FaultDeps, runCase } from "@tickwire/testkit/faults";
import { createClient } from "../src/index.js";

const deps = { createClient, startSandbox } as unknown as FaultDeps;

function check(name: CaseName, cycles: number, more: (result: Awaited<ReturnType<typeof runCase>>) => void = () => {}) {
  test(name, { timeout: 15_000 }, async () => {
    const result = await runCase(name, deps, { cycles, cycleTimeoutMs: 5000 });
    assert.deepEqual(result.errors, []);
    assert.equal(result.cycles.length, cycles);
    for (const [i, cycle] of result.cycles.entries()) {
      assert.ok(cycle.recovered, `cycle ${i} recovered`);
      assert.equal(cycle.framesLost, 0, `cycle ${i}: no frame lost`);
    }
    for (const [kind, count] of Object.entries(result.leakedHandles)) assert.equal(count, 0, `${kind} leaked`);
    for (const [kind, count] of Object.entries(result.handleGrowth)) assert.equal(count, 0, `${kind} grew`);
    assert.equal(result.leakedListeners, 0);
    more(result);
  });
}

describe("faults", () => {
  check("server-killed", 2, (r) => {
    for (const c of r.cycles) assert.equal(c.logins, 0, "same key: the token still works");
  });
  check("half-open", 2, (r) => {
    for (const c of r.cycles) assert.equal(c.reconnects, 1);
  });
  check("delay-fragment", 2, (r) => {
    for (const c of r.cycles) {
      assert.equal(c.decodeErrors, 0);
      assert.equal(c.reconnects, 0);
    }
  });
  check("corrupt-protobuf", 3, (r) => {
    for (const c of r.cycles) {
      assert.equal(c.decodeErrors, 1, "reported");
      assert.ok(c.errorEvents >= 1, "as an error event");
      assert.equal(c.reconnects, 0, "the stream goes on");
    }
  });
  check("corrupt-ws-frame", 2, (r) => {
    for (const c of r.cycles) assert.equal(c.reconnects, 1);
  });
  check("token-revoked", 2, (r) => {
    for (const c of r.cycles) assert.equal(c.logins, 1, "one new login per revocation");
  });
  check("token-expired", 1, (r) => {
    // At most one login per expiry (no login loop). Not exactly one: with 1 s tokens a slow
    // start (a loaded CI machine) lets the first expiry and its login land before the cycle's
    // snapshot, and the reconnect after it inside the cycle (seen once in CI: 0 logins). That
    // the feed recovered at all proves a login: a refused token is never retried as it is.
    for (const c of r.cycles) assert.ok(c.logins <= 1, `${c.logins} logins in one cycle`);
  });
  check("clock-ahead", 1, (r) => {
    for (const c of r.cycles) assert.equal(c.logins, 0, "a token past exp by the local clock is used until refused");
  });
  check("clock-ahead-near-exp", 2, (r) => {
    for (const c of r.cycles) assert.equal(c.logins, 0, "no refresh loop");
  });
  check("clock-behind", 1, (r) => {
    // As token-expired: the clock 10 minutes behind must not make the client log in more than once.
    for (const c of r.cycles) assert.ok(c.logins <= 1, `${c.logins} logins in one cycle`);
  });
});

// The announcements of the per-instrument subjects a consumer reads, as a batch-storing relay records them: NATS
// subject matching, the lease and its renewal (`continued` only for an unbroken lease with the same filters), the
// leave, expiry, refusals with a reason, and the per-subject verdicts following the leases.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LiveInterest, subjectMatches } from "../src/live-interest.js";

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const tokens = (pattern: string) => pattern.split(".");

test("subject filters match as NATS matches them", () => {
  const subject = tokens("tickwire.md.NSECM.2885.TickData");
  assert.equal(subjectMatches(tokens("tickwire.md.NSECM.2885.TickData"), subject), true);
  assert.equal(subjectMatches(tokens("tickwire.md.NSECM.2885.*"), subject), true);
  assert.equal(subjectMatches(tokens("tickwire.md.*.2885.*"), subject), true);
  assert.equal(subjectMatches(tokens("tickwire.md.>"), subject), true);
  assert.equal(subjectMatches(tokens("tickwire.md.NSECM.>"), subject), true);
  assert.equal(subjectMatches(tokens("tickwire.md.NSECM.2886.*"), subject), false);
  assert.equal(subjectMatches(tokens("tickwire.md.NSECM.2885"), subject), false);
  assert.equal(subjectMatches(tokens("tickwire.md.NSECM.2885.TickData.x"), subject), false);
  assert.equal(subjectMatches(tokens("tickwire.md.NSECM.2885.TickData.>"), subject), false);
  assert.equal(subjectMatches(tokens("tickwire.md.NSECM.*"), subject), false);
});

test("a subject is wanted while a lease names it; the verdicts follow announcements, leaves and expiry", () => {
  const interest = new LiveInterest(1000);
  const a = "tickwire.md.NSECM.2885.TickData";
  const b = "tickwire.md.MCXFO.77.TouchLineDataMessage";
  assert.equal(interest.wants(a), false);
  assert.deepEqual(interest.announce(encode({ id: "c1", filters: ["tickwire.md.NSECM.2885.*"] }), 0), {
    continued: false,
  });
  assert.equal(interest.wants(a), true, "the cached verdict is dropped when a lease arrives");
  assert.equal(interest.wants(b), false);
  assert.equal(interest.consumers, 1);
  // A renewal within the lease continues it; the relay missed nothing.
  assert.deepEqual(interest.announce(encode({ id: "c1", filters: ["tickwire.md.NSECM.2885.*"] }), 900), {
    continued: true,
  });
  // Other filters under the same id are not a continuation: the new ones were not published.
  assert.deepEqual(interest.announce(encode({ id: "c1", filters: ["tickwire.md.MCXFO.>"] }), 1000), {
    continued: false,
  });
  assert.equal(interest.wants(a), false);
  assert.equal(interest.wants(b), true);
  // A second consumer; one leaving leaves the other's subjects published.
  interest.announce(encode({ id: "c2", filters: ["tickwire.md.*.2885.TickData"] }), 1000);
  assert.equal(interest.wants(a), true);
  interest.announce(encode({ id: "c1", filters: [] }), 1100);
  assert.equal(interest.consumers, 1);
  assert.equal(interest.wants(b), false);
  assert.equal(interest.wants(a), true);
  // Not renewed within the lease: gone, and a later announcement is not a continuation.
  interest.expire(1999);
  assert.equal(interest.wants(a), true);
  interest.expire(2000);
  assert.equal(interest.consumers, 0);
  assert.equal(interest.wants(a), false);
  assert.equal(interest.stats.expired, 1);
  assert.deepEqual(interest.announce(encode({ id: "c2", filters: ["tickwire.md.*.2885.TickData"] }), 2500), {
    continued: false,
  });
});

test("a renewal after the lease ran out, before the expiry sweep, is not a continuation", () => {
  const interest = new LiveInterest(1000);
  interest.announce(encode({ id: "c", filters: ["tickwire.md.>"] }), 0);
  assert.deepEqual(interest.announce(encode({ id: "c", filters: ["tickwire.md.>"] }), 1000), { continued: false });
});

test("a bad announcement is refused with its reason, and changes nothing", () => {
  const interest = new LiveInterest(1000);
  interest.announce(encode({ id: "ok", filters: ["tickwire.md.NSECM.1.*"] }), 0);
  const cases: [unknown, RegExp][] = [
    ["not json", /not JSON/],
    [null, /not an object/],
    [{ filters: [] }, /id must be/],
    [{ id: "x".repeat(65), filters: [] }, /id must be/],
    [{ id: "c", filters: "tickwire.md.>" }, /filters must be a list/],
    [{ id: "c", filters: [""] }, /filters\[0\] is not a subject filter/],
    [{ id: "c", filters: ["tickwire.md.NSECM.1.*", "tickwire..x"] }, /filters\[1\] has an empty token/],
    [{ id: "c", filters: ["tickwire.md.>.x"] }, /filters\[0\] has > before its last token/],
    [{ id: "c", filters: ["other.md.NSECM.1.*"] }, /filters\[0\] is not under tickwire\.md/],
  ];
  for (const [request, reason] of cases) {
    const data = typeof request === "string" ? new TextEncoder().encode(request) : encode(request);
    const answer = interest.announce(data, 10);
    assert.ok("error" in answer, JSON.stringify(request));
    assert.match(answer.error, reason);
  }
  assert.equal(interest.stats.refused, cases.length);
  assert.equal(interest.consumers, 1);
  assert.equal(interest.wants("tickwire.md.NSECM.1.TickData"), true);
});

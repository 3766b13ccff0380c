// A quick run of the relay part on a real three-node nats-server cluster (skipped, saying so, without nats-server:
// packages/testkit/scripts/ensure-nats-server.sh installs it).
import assert from "node:assert/strict";
import { test } from "node:test";
import { natsServerMissing } from "@tickwire/testkit/nats-server";
import { run } from "../src/relay/index.js";

test("relay part, quick: nothing lost at the first rate, a late joiner's seam, takeover under 2 s without duplicates, NATS nodes lost under a relay pair without loss, NATS down recovered without loss", {
  skip: natsServerMissing(),
}, async (t) => {
  const report = await run({ quick: true, log: () => {} });
  const rates = report.rates as { lostPerConsumer: number[]; framesRelayed: number }[];
  assert.ok(rates[0].framesRelayed > 1000);
  assert.deepEqual(
    rates[0].lostPerConsumer,
    rates[0].lostPerConsumer.map(() => 0),
  );
  const killed = report.relayKilled as { duplicates: number; takeoverMs: number };
  assert.equal(killed.duplicates, 0);
  assert.ok(killed.takeoverMs < 2000, `takeover ${killed.takeoverMs} ms`);
  // Across NATS down, its two consumers lost nothing the stream holds and got nothing twice.
  const down = report.natsDown as { recovered: boolean; accountedFor: boolean; consumersComplete: boolean };
  assert.ok(down.recovered && down.accountedFor && down.consumersComplete, JSON.stringify(down));
  const nodes = report.natsNodesKilled as {
    ok: boolean;
    frames: number;
    storedFrames: number;
    storedTwice: number;
    platformSessions: number;
    consumers: { missing: number; extra: number; subjectsOutOfOrder: number }[];
  };
  // The relays' counters with it: ci58's failure (20 of 61,356 short) showed only the two counts.
  const counters = nodes as unknown as { owedAtCount: number; storedSpan: number; relays: unknown[] };
  const counted = JSON.stringify({
    owedAtCount: counters.owedAtCount,
    storedSpan: counters.storedSpan,
    platformSessions: nodes.platformSessions,
    relays: counters.relays,
  });
  assert.equal(nodes.storedFrames, nodes.frames, `every frame stored: ${counted}`);
  assert.equal(nodes.storedTwice, 0);
  assert.equal(nodes.platformSessions, 1);
  for (const c of nodes.consumers) assert.deepEqual([c.missing, c.extra, c.subjectsOutOfOrder], [0, 0, 0]);
  // The relay kept sending through every kill; every consumer, its server killed or not, paused at most the election
  // (JetStream's first answer, probed every 100 ms) plus 1 s.
  const pauses = nodes as unknown as { relayKeptSending: boolean; pausesWithin: boolean };
  assert.equal(pauses.relayKeptSending, true, JSON.stringify(nodes));
  assert.equal(pauses.pausesWithin, true, JSON.stringify(nodes));
  // The late joiner's last values, and its seam under live traffic: each subject one run of the stream's frames.
  const late = report.lateJoiner as { lastValuesMs: number | null; seam: { ok: boolean } };
  assert.ok(late.lastValuesMs !== null);
  assert.equal(late.seam.ok, true, JSON.stringify(late.seam));
  t.diagnostic(report.summary);
});

// The core live path's bookkeeping on its own: what counts as new, a repeat or a gap in a subject's numbering.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SubjectPositions } from "../src/positions.js";

test("a subject's numbering: the next is new, an old one a repeat, a jump a gap", () => {
  const p = new SubjectPositions();
  assert.equal(p.classify("s", "e1.5", "id5"), "new"); // nothing known yet
  p.accept("s", "e1.5", "id5", 100);
  assert.equal(p.classify("s", "e1.5", "id5"), "repeat");
  assert.equal(p.classify("s", "e1.3", "id3"), "repeat");
  assert.equal(p.classify("s", "e1.6", "id6"), "new");
  assert.equal(p.classify("s", "e1.8", "id8"), "gap");
  assert.equal(p.classify("other", "e1.8", "x"), "new", "subjects are counted apart");
  assert.equal(p.receivedAt("s"), 100);
  assert.ok(Number.isNaN(p.receivedAt("other")));
});

test("another relay's epoch starts again, unless it is a copy of a message just delivered", () => {
  const p = new SubjectPositions();
  p.accept("s", "e1.7", "frame-a", 1);
  assert.equal(p.classify("s", "e2.1", "frame-a"), "repeat", "the standby published the same frame");
  assert.equal(p.classify("s", "e2.2", "frame-b"), "new", "compared with the copy skipped");
  p.accept("s", "e2.2", "frame-b", 2);
  assert.equal(p.classify("s", "e2.3", "frame-c"), "new");
  assert.equal(p.classify("s", "e1.8", "frame-d"), "new", "the epoch delivered before goes on from its last message");
  assert.equal(p.classify("s", "e1.7", "frame-a"), "repeat", "and its last message is a repeat");
});

test("a message without a readable position is always new", () => {
  const p = new SubjectPositions();
  p.accept("s", "e1.1", "a", 1);
  for (const position of [undefined, "", "nodot", "e1.", "e1.x", "e1.0", ".5"]) {
    assert.equal(p.classify("s", position, "a"), "new", String(position));
  }
});

test("the position as parts (the batched path) gets the verdicts and records of its text", () => {
  const byText = new SubjectPositions();
  const byParts = new SubjectPositions();
  // Accepted in turn, each classified by both first: new, repeat, gap, another epoch, unreadable positions.
  const steps: [epoch: string, seq: number, msgId: string][] = [
    ["e1", 5, "a"],
    ["e1", 5, "a"],
    ["e1", 3, "b"],
    ["e1", 6, "c"],
    ["e1", 9, "d"],
    ["e2", 1, "d"],
    ["e2", 1, "e"],
    ["e2", 2, "f"],
    ["", 3, "g"],
    ["e2", 0, "h"],
    ["e2", 2 ** 60, "i"],
    ["e2", 3, "j"],
  ];
  for (const [epoch, seq, msgId] of steps) {
    const text = `${epoch}.${seq}`;
    const verdict = byText.classify("s", text, msgId);
    assert.equal(byParts.classifyAt("s", epoch, seq, msgId), verdict, text);
    byText.accept("s", text, msgId, seq);
    byParts.acceptAt("s", epoch, seq, msgId, seq);
    assert.equal(byParts.receivedAt("s"), byText.receivedAt("s"), text);
  }
  // An unreadable position records nothing: the subject still stands at e2.3.
  assert.equal(byParts.classifyAt("s", "e2", 4, "k"), "new");
  assert.equal(byParts.classifyAt("s", "e2", 3, "k"), "repeat");
  assert.equal(byParts.receivedAt("s"), 3);
});

test("where a read must start to fill every hole: the earliest time on a hole's near side", () => {
  const p = new SubjectPositions();
  p.accept("a", "e1.10", "a10", 5000);
  p.accept("b", "e1.3", "b3", 1000); // b was quiet: its last delivered message is older
  const at = (m: { received: number }) => m.received;
  const read = [
    { subject: "a", position: "e1.11", received: 5100 },
    { subject: "a", position: "e1.13", received: 5300 }, // a hole after 5100, within what was read
    { subject: "b", position: "e1.5", received: 5200 }, // a hole after b's last delivered, at 1000
  ];
  assert.equal(p.missingBefore(read), 2);
  assert.equal(p.holesFrom(read, at), 1000);
  assert.equal(p.holesFrom(read.slice(0, 2), at), 5100);
  assert.ok(Number.isNaN(p.holesFrom([{ subject: "a", position: "e1.11", received: 5100 }], at)), "no hole");
  assert.ok(Number.isNaN(p.holesFrom([{ subject: "c", position: "e1.9", received: 1 }], at)), "nothing known of c");
});

test("a newer relay epoch that does not begin at 1 leaves a hole in a subject being followed", () => {
  const p = new SubjectPositions();
  p.accept("s", "e1.7", "a7", 1000);
  const at = (m: { received: number }) => m.received;
  // The new relay's first five frames of s went out in batches the read did not hold yet: its live frames begin at 6.
  const live = [
    { subject: "s", position: "e2.6", received: 2600 },
    { subject: "s", position: "e2.7", received: 2700 },
  ];
  assert.equal(p.missingBefore(live, at), 5);
  assert.equal(p.missingBefore(live), 0, "without receive times no epoch is known to be newer");
  assert.equal(p.holesFrom(live, at), 1000, "the read starts before the subject's last delivered message");
  const read = [1, 2, 3, 4, 5].map((n) => ({ subject: "s", position: `e2.${n}`, received: 2000 + n }));
  assert.equal(p.missingBefore([...read, ...live], at), 0);
  assert.ok(Number.isNaN(p.holesFrom([...read, ...live], at)));
  // An epoch received before the last delivered message began before this consumer followed s (a read reaching back
  // past its start) or overlaps the delivered one (a takeover): no first message is owed.
  assert.equal(p.missingBefore([{ subject: "s", position: "e0.6", received: 900 }, ...read, ...live], at), 0);
  // Nothing delivered of a subject yet: it may begin anywhere (a late joiner, a consumer that started at "new").
  assert.equal(p.missingBefore([{ subject: "t", position: "e2.40", received: 3000 }], at), 0);
  // An epoch the subject was delivered in before is no new one: a takeover's overlap interleaves the two.
  p.accept("s", "e2.1", "b1", 2001);
  assert.equal(p.missingBefore([{ subject: "s", position: "e1.8", received: 2002 }], at), 0);
  assert.equal(p.missingBefore([{ subject: "s", position: "e3.2", received: 2003 }], at), 1);
});

test("live: a newer epoch's message past its first is a gap; an older or overlapping epoch's is new", () => {
  const p = new SubjectPositions();
  p.accept("s", "e1.7", "a7", 1000);
  assert.equal(p.classify("s", "e2.6", "b6", 2600), "gap", "received after the last delivered: 1-5 are missing");
  assert.equal(p.classifyAt("s", "e2", 6, "b6", 2600), "gap");
  assert.equal(p.classify("s", "e2.1", "b1", 2100), "new", "its first message");
  assert.equal(p.classify("s", "e2.6", "b6"), "new", "receive time unknown: neither older nor newer");
  assert.equal(p.classify("s", "e2.6", "a7", 2600), "repeat", "a copy of a message just delivered");
});

test("an epoch older than what was delivered is skipped and noted: a read reaching back past the start", () => {
  const p = new SubjectPositions();
  p.accept("s", "e2.7", "last-value", 1000); // a late joiner's last value
  // A replay's read starts before it: an epoch of another relay that ran before, then the last value's own epoch.
  assert.equal(p.classify("s", "e1.4", "old4", 400), "repeat");
  assert.equal(p.classify("s", "e1.5", "old5", 500), "repeat");
  assert.equal(p.classify("s", "e2.6", "b6", 900), "repeat");
  // A takeover's overlap: the new relay's first frames were received before the last delivered one; the first it
  // received after is compared with them, not taken as a gap.
  assert.equal(p.classify("s", "e3.1", "x1", 990), "repeat");
  assert.equal(p.classify("s", "e3.2", "x2", 1010), "new");
  assert.equal(
    p.missingBefore([{ subject: "s", position: "e3.3", received: 1020 }], (m) => m.received),
    1,
  );
});

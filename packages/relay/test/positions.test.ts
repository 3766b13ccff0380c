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
  assert.equal(p.classify("s", "e2.1", "frame-b"), "new");
  p.accept("s", "e2.1", "frame-b", 2);
  assert.equal(p.classify("s", "e2.2", "frame-c"), "new");
  assert.equal(p.classify("s", "e1.8", "frame-d"), "new", "epochs are not ordered: no verdict across them");
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

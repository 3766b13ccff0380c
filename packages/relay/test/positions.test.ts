// The core live path's bookkeeping on its own: what counts as new, a repeat or a gap in a subject's numbering.
import assert from "node:assert/strict";
import { test } from "node:test";
import { inPositionOrder, SubjectPositions, withoutCopies } from "../src/positions.js";

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

test("sources merged without copies keep a frame published to several subjects first on its first subject", () => {
  // A went to X alone (position 1); F went to X (position 2) then Y (position 12). The relay's answer has all three;
  // X's copy of A was also held (it arrived live after the reconnect).
  const m = (subject: string, n: number, frame: string) => ({ subject, position: `e.${n}`, frame });
  const relayed = [m("X", 1, "A"), m("X", 2, "F"), m("Y", 12, "F")];
  const held = [m("X", 1, "A")];
  const firstSubjectOf = (list: { subject: string; frame: string }[]) => {
    const first = new Map<string, string>();
    for (const x of list) if (!first.has(x.frame)) first.set(x.frame, x.subject);
    return [...first.values()];
  };
  assert.deepEqual(firstSubjectOf(inPositionOrder(withoutCopies(relayed, held))), ["X", "X"]);
  // With the copy in, it takes one of X's slots and X's F moves past Y's: F reaches Y first.
  assert.deepEqual(firstSubjectOf(inPositionOrder([...relayed, ...held])), ["X", "Y"]);
  assert.equal(withoutCopies(relayed, held).length, 3);
  const unnumbered = { subject: "X", position: undefined, frame: "H" };
  assert.equal(withoutCopies([unnumbered], [unnumbered]).length, 2, "without a position nothing is a copy");
});

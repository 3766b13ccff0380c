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

import assert from "node:assert/strict";
import { test } from "node:test";
import { boundBuilders, SUBJECTS } from "../src/general/bounds.js";

test("each bound builds the entries fromBinary decodes, so it times the same output", () => {
  for (const subject of SUBJECTS) {
    const { build } = boundBuilders(subject);
    const expected = (build["protobuf-es"]() as { entries: Record<string, string> }).entries;
    assert.ok(Object.keys(expected).length > 0, subject);
    for (const variant of ["fresh", "interned"] as const) {
      const { entries } = build[variant]() as { entries: Record<string, string> };
      assert.deepStrictEqual(entries, expected, `${subject} ${variant}`);
    }
  }
});

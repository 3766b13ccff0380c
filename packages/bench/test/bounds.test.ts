import assert from "node:assert/strict";
import { test } from "node:test";
import { boundBuilders, SUBJECTS } from "../src/general/bounds.js";

test("each bound builds the message fromBinary decodes, so it times the same output", () => {
  for (const subject of SUBJECTS) {
    const { build } = boundBuilders(subject);
    const expected = build["protobuf-es"]() as Record<string, unknown>;
    for (const variant of ["fresh", "interned"] as const) {
      assert.deepStrictEqual({ ...(build[variant]() as object) }, { ...expected }, `${subject} ${variant}`);
    }
  }
});

test("the bounds cover the string maps and the packed lists, each list filled", () => {
  assert.ok(SUBJECTS.some((s) => s.startsWith("StringMap-")));
  assert.ok(SUBJECTS.some((s) => s.startsWith("PackedScalars-")));
  for (const subject of SUBJECTS) {
    const expected = boundBuilders(subject).build["protobuf-es"]() as Record<string, unknown>;
    const containers = Object.values(expected).filter((v) => typeof v === "object" && v !== null);
    assert.ok(containers.length > 0, subject);
    for (const c of containers)
      assert.ok(Object.keys(c as object).length > 0, `${subject}: an empty field times nothing`);
  }
});

test("a packed bound builds its lists anew on every call, as a decoder does", () => {
  const { build } = boundBuilders("PackedScalars-10KB");
  const first = build.fresh() as Record<string, bigint[]>;
  const second = build.fresh() as Record<string, bigint[]>;
  assert.equal(typeof first.fInt64[0], "bigint");
  assert.deepStrictEqual(first.fInt64, second.fInt64);
  assert.notStrictEqual(first.fInt64, second.fInt64);
});

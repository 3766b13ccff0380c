import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { subtypeCases as fromIndex, MarketDataMessageBaseSchema } from "../src/index.js";
import { subtypeCases } from "../src/subtypes.js";

test("the generated subtype names are the descriptor's oneof members in field-number order", () => {
  const fromDescriptor = MarketDataMessageBaseSchema.oneofs[0].fields
    .slice()
    .sort((a, b) => a.number - b.number)
    .map((field) => field.localName);
  assert.deepEqual(subtypeCases, fromDescriptor);
  assert.equal(fromIndex, subtypeCases);
  assert.ok(Object.isFrozen(subtypeCases));
});

test("the subtypes entry imports no runtime module (only a type from the generated code)", () => {
  const imports = (file: string) =>
    [...readFileSync(new URL(file, import.meta.url), "utf8").matchAll(/^import (?!type ).*$/gm)].map((m) => m[0]);
  assert.deepEqual(imports("../src/gen/subtypes.ts"), []);
  assert.deepEqual(imports("../src/subtypes.ts"), ['import { SUBTYPE_CASES } from "./gen/subtypes.js";']);
});

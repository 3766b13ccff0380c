import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { kinds, parseJson, stringifyJson, validate } from "../src/index.js";
import { allKinds, arbitraryFor, plain, schemaOf } from "./helpers.js";

for (const kind of allKinds) {
  test(`${kind}: any value generated from its schema validates and survives stringify then parse`, () => {
    fc.assert(
      fc.property(arbitraryFor(schemaOf(kind)), (value) => {
        assert.deepEqual(validate(kinds[kind], value), []);
        assert.deepEqual(plain(parseJson(stringifyJson(value), kinds[kind])), plain(value));
      }),
      { numRuns: kind === "positions" || kind === "positionsEnvelope" ? 100 : 200 },
    );
  });
}

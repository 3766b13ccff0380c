// `instanceof SchemaValidationError` (and the package's other errors) must hold when the error comes from another
// installed copy of the package (an app and a library each resolving their own). A second copy of the source in
// another directory is a second module instance with its own classes, as a second install is.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as RestSchemasModule from "../src/index.js";
import { ltpRequestKind } from "../src/index.js";

type RestSchemas = typeof RestSchemasModule;

const packageDir = fileURLToPath(new URL("..", import.meta.url));
// Inside the package, so the copy resolves the same dependencies.
const copyDir = mkdtempSync(join(packageDir, ".two-copies-"));
after(() => rmSync(copyDir, { recursive: true, force: true }));
cpSync(join(packageDir, "src"), join(copyDir, "src"), { recursive: true });
const copyA: RestSchemas = await import("../src/index.js");
const copyB: RestSchemas = await import(pathToFileURL(join(copyDir, "src", "index.ts")).href);

const classes = ["SchemaValidationError", "JsonSyntaxError", "PlatformErrorResponse"] as const;

/** The error `attempt` throws. */
function thrown(attempt: () => unknown): unknown {
  try {
    attempt();
  } catch (error) {
    return error;
  }
  assert.fail("nothing was thrown");
}

/** Each error class's error, thrown by `copy`'s own functions. */
function errorsOf(copy: RestSchemas): Record<(typeof classes)[number], unknown> {
  return {
    SchemaValidationError: thrown(() => copy.parseJson('{"InstrumentIds":[]}', ltpRequestKind)),
    JsonSyntaxError: thrown(() => copy.parseJson('{"InstrumentIds":[1,]}', ltpRequestKind)),
    PlatformErrorResponse: thrown(() => copy.normalizePositions('{"status":"error","message":"down"}')),
  };
}

test("the copies are distinct: their classes differ", () => {
  for (const name of classes) assert.notEqual(copyA[name], copyB[name]);
});

test("an error thrown by either copy is an instance of its class in both copies, of no other", () => {
  for (const [maker, checker] of [
    [copyA, copyB],
    [copyB, copyA],
  ] as const) {
    for (const [name, error] of Object.entries(errorsOf(maker))) {
      for (const other of classes) {
        assert.equal(error instanceof checker[other], other === name, `${name} instanceof the other copy's ${other}`);
        assert.equal(error instanceof maker[other], other === name, `${name} instanceof its own copy's ${other}`);
      }
    }
  }
  assert.ok(errorsOf(copyB).JsonSyntaxError instanceof SyntaxError);
});

test("nothing else passes for them, and an outside subclass keeps the ordinary check", () => {
  for (const value of [new Error("x"), new SyntaxError("x"), { name: "SchemaValidationError", issues: [] }, null])
    for (const name of classes) assert.ok(!(value instanceof copyA[name]), `${String(value)} taken for a ${name}`);
  class PositionsError extends copyA.SchemaValidationError {}
  assert.ok(new PositionsError("positions", []) instanceof copyB.SchemaValidationError);
  assert.ok(!(errorsOf(copyB).SchemaValidationError instanceof PositionsError));
});

// `instanceof DecodeError` must hold when the error comes from another installed copy of the runtime (an app and a
// library each resolving their own). A second copy of the source in another directory is a second module instance
// with its own classes, as a second install is.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as RuntimeModule from "../src/index.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
// Inside the package, so the copy resolves the same dependencies.
const copyDir = mkdtempSync(join(packageDir, ".two-copies-"));
after(() => rmSync(copyDir, { recursive: true, force: true }));
cpSync(join(packageDir, "src"), join(copyDir, "src"), { recursive: true });
const copyA: typeof RuntimeModule = await import("../src/index.js");
const copyB: typeof RuntimeModule = await import(pathToFileURL(join(copyDir, "src", "index.ts")).href);

test("the copies are distinct: their classes differ", () => {
  assert.notEqual(copyA.DecodeError, copyB.DecodeError);
  assert.notEqual(copyA.EncodeError, copyB.EncodeError);
});

test("an error thrown by either copy is an instance of both copies' class", () => {
  for (const [thrower, other] of [
    [copyA, copyB],
    [copyB, copyA],
  ] as const) {
    assert.throws(
      () => {
        const reader = new thrower.Reader();
        reader.reset(new Uint8Array([0x0f]), 0, 1, 0, 0);
        thrower.skipField(reader, thrower.readTag(reader), 0);
      },
      (e: unknown) => {
        assert.ok(
          e instanceof other.DecodeError,
          "decode error from one copy, instanceof the other copy's DecodeError",
        );
        assert.ok(e instanceof thrower.DecodeError);
        assert.ok(e instanceof Error);
        assert.ok(!(e instanceof other.EncodeError));
        assert.equal(e.code, "INVALID_WIRE_TYPE");
        return true;
      },
    );
    const encodeError = new thrower.EncodeError("INVALID_VALUE", "MarketDataMessageBase.ID", "not an integer");
    assert.ok(encodeError instanceof other.EncodeError);
    assert.ok(!(encodeError instanceof other.DecodeError));
  }
});

test("nothing else passes for a DecodeError", () => {
  for (const value of [
    new Error("INVALID_WIRE_TYPE"),
    new TypeError("x"),
    { name: "DecodeError", code: "TRUNCATED", offset: 0, frameIndex: 0 },
    Object.create(Error.prototype),
    null,
    undefined,
    "DecodeError",
    0,
  ]) {
    assert.ok(!(value instanceof copyA.DecodeError), `${String(value)} taken for a DecodeError`);
    assert.ok(!(value instanceof copyB.DecodeError), `${String(value)} taken for a DecodeError`);
  }
});

test("a subclass written outside the package keeps the ordinary prototype check", () => {
  class FeedDecodeError extends copyA.DecodeError {}
  const own = new FeedDecodeError("TRUNCATED", "cut", 3, 1);
  assert.ok(own instanceof FeedDecodeError);
  assert.ok(own instanceof copyA.DecodeError);
  assert.ok(own instanceof copyB.DecodeError);
  assert.ok(!(new copyA.DecodeError("TRUNCATED", "cut", 3, 1) instanceof FeedDecodeError));
  assert.ok(!(new copyB.DecodeError("TRUNCATED", "cut", 3, 1) instanceof FeedDecodeError));
});

test("the brand is not an own, enumerable or serialised property", () => {
  const error = new copyA.DecodeError("TRUNCATED", "cut", 3, 1);
  assert.deepEqual(Object.getOwnPropertySymbols(error), []);
  assert.deepEqual(Object.keys(error).sort(), ["code", "frameIndex", "name", "offset"]);
});

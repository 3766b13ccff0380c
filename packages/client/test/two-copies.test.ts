// `instanceof TickwireError` (and each subclass) must hold when the error comes from another installed copy of the
// client (an app and a library each resolving their own). A second copy of the source in another directory is a
// second module instance with its own classes, as a second install is.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as ClientModule from "../src/index.js";

type Client = typeof ClientModule;

const packageDir = fileURLToPath(new URL("..", import.meta.url));
// Inside the package, so the copy resolves the same dependencies.
const copyDir = mkdtempSync(join(packageDir, ".two-copies-"));
after(() => rmSync(copyDir, { recursive: true, force: true }));
cpSync(join(packageDir, "src"), join(copyDir, "src"), { recursive: true });
const copyA: Client = await import("../src/index.js");
const copyB: Client = await import(pathToFileURL(join(copyDir, "src", "index.ts")).href);

const subclasses = [
  "InvalidArgumentError",
  "AuthError",
  "HttpError",
  "ValidationError",
  "TimeoutError",
  "NetworkError",
  "AbortError",
  "ClosedError",
] as const;
type Subclass = (typeof subclasses)[number];

/** One instance of every error class, made by `copy`. */
function errorsOf(copy: Client): Record<Subclass | "TickwireError", Error> {
  return {
    TickwireError: new copy.TickwireError("base", "NETWORK"),
    InvalidArgumentError: new copy.InvalidArgumentError("options.baseUrl", "is not a URL"),
    AuthError: new copy.AuthError("refused", "invalid-credentials", { status: 401 }),
    HttpError: new copy.HttpError({ status: 503, method: "GET", path: "/positions" }),
    ValidationError: new copy.ValidationError("bad", "positions", [
      { path: "/x", expected: "array", received: "null" },
    ]),
    TimeoutError: new copy.TimeoutError("login", 5000),
    NetworkError: new copy.NetworkError("refused", "NETWORK"),
    AbortError: new copy.AbortError("aborted", "ABORTED"),
    ClosedError: new copy.ClosedError("closed", "CLOSED"),
  };
}

test("the copies are distinct: their classes differ", () => {
  assert.notEqual(copyA.TickwireError, copyB.TickwireError);
  for (const name of subclasses) assert.notEqual(copyA[name], copyB[name]);
});

test("each error of either copy is an instance of its class and of TickwireError in both copies, of no other", () => {
  for (const [maker, checker] of [
    [copyA, copyB],
    [copyB, copyA],
  ] as const) {
    for (const [name, error] of Object.entries(errorsOf(maker))) {
      assert.ok(error instanceof checker.TickwireError, `${name} instanceof the other copy's TickwireError`);
      assert.ok(error instanceof Error);
      for (const other of subclasses) {
        assert.equal(error instanceof checker[other], other === name, `${name} instanceof the other copy's ${other}`);
        assert.equal(error instanceof maker[other], other === name, `${name} instanceof its own copy's ${other}`);
      }
    }
  }
});

test("an error thrown by the other copy's client is caught by class", () => {
  assert.throws(
    () => copyB.createClient({ baseUrl: "not a url", userId: "U", appKey: "K" }),
    (e: unknown) => {
      assert.ok(e instanceof copyA.InvalidArgumentError);
      assert.ok(e instanceof copyA.TickwireError);
      assert.ok(!(e instanceof copyA.AuthError));
      assert.equal(e.code, "INVALID_ARGUMENT");
      return true;
    },
  );
});

test("nothing else passes for a TickwireError", () => {
  const lookalike = { name: "AuthError", code: "AUTH", reason: "backoff", message: "x" };
  for (const value of [
    new Error("x"),
    new TypeError("x"),
    lookalike,
    Object.create(Error.prototype),
    null,
    undefined,
    "AuthError",
  ]) {
    assert.ok(!(value instanceof copyA.TickwireError), `${String(value)} taken for a TickwireError`);
    assert.ok(!(value instanceof copyB.AuthError), `${String(value)} taken for an AuthError`);
  }
});

test("a subclass written outside the package keeps the ordinary prototype check", () => {
  class RetryableHttpError extends copyA.HttpError {}
  const own = new RetryableHttpError({ status: 503, method: "GET", path: "/positions" });
  assert.ok(own instanceof RetryableHttpError);
  assert.ok(own instanceof copyB.HttpError);
  assert.ok(own instanceof copyB.TickwireError);
  assert.ok(!(errorsOf(copyA).HttpError instanceof RetryableHttpError));
  assert.ok(!(errorsOf(copyB).HttpError instanceof RetryableHttpError));
});

test("the brand stays out of toJSON and the own properties", () => {
  const error = errorsOf(copyB).AuthError as InstanceType<Client["AuthError"]>;
  assert.deepEqual(Object.getOwnPropertySymbols(error), []);
  assert.deepEqual(Object.keys(error.toJSON()).sort(), ["code", "message", "name", "reason", "retryAfterMs", "status"]);
});

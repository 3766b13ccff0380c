import assert from "node:assert/strict";
import { test } from "node:test";
import {
  assertValid,
  type Kind,
  kinds,
  ltpRequestKind,
  parseJson,
  SchemaValidationError,
  stringifyJson,
  tradesKind,
  type ValidationIssue,
  validate,
} from "../src/index.js";
import { allKinds, type Schema, schemaOf } from "./helpers.js";

/** The issues parseJson reports for `body` as `kind`; fails the test when it does not throw. */
function issuesOf(kind: Kind, body: unknown): readonly ValidationIssue[] {
  try {
    parseJson(stringifyJson(body), kinds[kind]);
  } catch (error) {
    assert.ok(error instanceof SchemaValidationError, String(error));
    assert.equal(error.kind, kind);
    return error.issues;
  }
  assert.fail(`${kind} accepted ${stringifyJson(body)}`);
}

function assertRejectedAt(kind: Kind, body: unknown, path: string, keyword: string): ValidationIssue {
  const issues = issuesOf(kind, body);
  const issue = issues.find((i) => i.path === path && i.keyword === keyword);
  assert.ok(issue, `${kind}: expected a ${keyword} issue at ${path}, got ${JSON.stringify(issues)}`);
  return issue;
}

const wrongValueFor = (property: Schema): unknown => {
  if ("const" in property || "enum" in property) return "neither";
  switch (property.type) {
    case "string":
      return 42;
    case "number":
      return "12.5";
    case "integer":
      return 1.5;
    case "null":
      return "null";
    case "array":
      return "[]";
    default:
      return "an object";
  }
};

/** Kinds whose top-level example is an object with declared properties. */
const objectKinds = allKinds.filter(
  (kind) => schemaOf(kind).properties !== undefined && schemaOf(kind).if === undefined,
);

test("each required field missing is rejected at its own path", () => {
  let checked = 0;
  for (const kind of objectKinds) {
    const example = (schemaOf(kind).examples as Record<string, unknown>[])[0] as Record<string, unknown>;
    for (const field of (schemaOf(kind).required ?? []) as string[]) {
      const { [field]: _, ...body } = example;
      const issue = assertRejectedAt(kind, body, `/${field}`, "required");
      assert.equal(issue.received, "nothing (missing)");
      checked++;
    }
  }
  assert.ok(checked >= 30 + 3 + 2 + 2, `checked ${checked} required fields`);
});

test("each declared field with the wrong type is rejected at its path, saying what was expected and what came", () => {
  let checked = 0;
  for (const kind of objectKinds) {
    const example = (schemaOf(kind).examples as Record<string, unknown>[])[0] as Record<string, unknown>;
    for (const [field, property] of Object.entries(schemaOf(kind).properties as Record<string, Schema>)) {
      if (property.$ref !== undefined) continue;
      if (Array.isArray(property.anyOf) || Array.isArray(property.type)) {
        // A choice of types: an object is none of the documented ones.
        assert.ok(
          issuesOf(kind, { ...example, [field]: { not: "documented" } }).some((i) => i.path === `/${field}`),
          `${kind}/${field}`,
        );
        checked++;
        continue;
      }
      const wrong = wrongValueFor(property);
      const keyword = "const" in property ? "const" : "type";
      const issue = assertRejectedAt(kind, { ...example, [field]: wrong }, `/${field}`, keyword);
      if (keyword === "type") assert.equal(issue.expected, property.type, `${kind}/${field}`);
      if (field !== "appKey") assert.ok(issue.received.includes(String(wrong)), `${kind}/${field}: ${issue.received}`);
      checked++;
    }
  }
  assert.ok(checked >= 40, `checked ${checked} fields`);
});

test("nested fields: a position inside the response, an LTP entry inside data, the access token", () => {
  const record = (schemaOf("positionRecord").examples as Record<string, unknown>[])[0];
  assertRejectedAt("positions", { C1: [record, { ...record, avg_buy: "2450" }] }, "/C1/1/avg_buy", "type");
  assertRejectedAt("positions", { C1: record }, "/C1", "type");
  assertRejectedAt(
    "positionsEnvelope",
    { status: "success", data: { C1: [{ ...record, instrument_id: -1 }] } },
    "/data/C1/0/instrument_id",
    "minimum",
  );
  const entry = { InstrumentID: 1, InstrumentName: "X", LTP: 1 };
  assertRejectedAt("ltpSuccess", { status: "success", data: { 1: { ...entry, LTP: null } } }, "/data/1/LTP", "type");
  assertRejectedAt("ltpSuccess", { status: "success", data: { abc: entry } }, "/data/abc", "pattern");
  const issue = assertRejectedAt(
    "loginSuccess",
    { status: "success", data: { accessToken: 7 } },
    "/data/accessToken",
    "type",
  );
  assert.equal(issue.received, "number (redacted)", "secrets stay out of error messages");
});

test("an empty InstrumentIds is rejected", () => {
  const issue = assertRejectedAt("ltpRequest", { InstrumentIds: [] }, "/InstrumentIds", "minItems");
  assert.equal(issue.expected, "an array of at least 1 item");
  assert.equal(issue.received, "array of 0 items");
  assertRejectedAt("ltpRequest", { InstrumentIds: [1, "2"] }, "/InstrumentIds/1", "type");
});

test("a status other than success or error is rejected at /status", () => {
  for (const kind of ["loginResponse", "ltpResponse"] as const) {
    for (const status of ["ok", "", "SUCCESS", 1]) {
      const issue = assertRejectedAt(kind, { status, data: null }, "/status", "enum");
      assert.equal(issue.expected, 'one of "success", "error"');
    }
    assertRejectedAt(kind, {}, "/status", "enum");
  }
  assertRejectedAt("loginSuccess", { status: "error", data: { accessToken: "t" } }, "/status", "const");
  assertRejectedAt("errorBody", { status: "success", message: "m" }, "/status", "const");
});

test("a discriminated response reports the fields of the branch its status selects", () => {
  assertRejectedAt("loginResponse", { status: "error", message: "m" }, "/data", "required");
  assertRejectedAt("ltpResponse", { status: "error", message: "m" }, "/error", "required");
  assertRejectedAt("ltpResponse", { status: "success" }, "/data", "required");
});

test("the trades listing accepts any array of records or object, and nothing else", () => {
  assert.deepEqual(parseJson("[]", tradesKind), []);
  assert.deepEqual(parseJson(`{"anything":[1]}`, tradesKind), { anything: [1] });
  assert.equal(assertRejectedAt("trades", "text", "", "anyOf").expected, "one of: array, object");
  assertRejectedAt("trades", [{}, 5], "/1", "type");
});

test("the error message names the kind, the path, the expectation and what came", () => {
  const issues = issuesOf("ltpRequest", { InstrumentIds: [] });
  assert.equal(issues.length, 1);
  try {
    parseJson(`{"InstrumentIds":[]}`, ltpRequestKind);
  } catch (error) {
    assert.equal(
      (error as Error).message,
      "ltpRequest does not match its schema: /InstrumentIds: expected an array of at least 1 item, received array of 0 items",
    );
  }
});

test("a kind that is not a payload kind is a TypeError saying what to pass, not a crash inside the validator", () => {
  for (const [call, hint] of [
    [() => parseJson("{}", "positions" as never), /parseJson: .*pass positionsKind or kinds\.positions/],
    [() => validate("toString" as never, {}), /validate: .*pass toStringKind/],
    [() => assertValid({} as never, {}), /validate: kind must be a payload kind/],
    [() => parseJson("{}", null as never), /parseJson: kind must be a payload kind/],
  ] as const) {
    assert.throws(call, (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, hint);
      return true;
    });
  }
});

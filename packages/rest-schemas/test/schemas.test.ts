import assert from "node:assert/strict";
import { test } from "node:test";
import { type Kind, kinds, parseJson, stringifyJson, validate } from "../src/index.js";
import { allKinds, type Schema, schemaFiles, schemaOf, schemas } from "./helpers.js";

test("every schema file is one kind, with $id, title, description and examples", () => {
  assert.deepEqual(allKinds.map((kind) => kinds[kind].schema).sort(), schemaFiles);
  for (const file of schemaFiles) {
    const schema = schemas[file] as Schema;
    assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema", file);
    assert.equal(schema.$id, `https://tickwire.dev/schemas/rest/${file}`, file);
    assert.match(String(schema.title), /^[A-Z][A-Za-z]+$/, file);
    assert.ok(String(schema.description).length > 20, `${file} has a description`);
    assert.ok(Array.isArray(schema.examples) && schema.examples.length > 0, `${file} has examples`);
  }
});

test("every declared property carries a description", () => {
  const missing: string[] = [];
  const walk = (node: unknown, where: string): void => {
    if (node === null || typeof node !== "object") return;
    const properties = (node as Schema).properties as Record<string, Schema> | undefined;
    for (const [name, sub] of Object.entries(properties ?? {})) {
      if (typeof sub.description !== "string" && sub.$ref === undefined) missing.push(`${where}/${name}`);
      walk(sub, `${where}/${name}`);
    }
  };
  for (const file of schemaFiles) walk(schemas[file], file);
  assert.deepEqual(missing, []);
});

test("every example in the schemas (the contract's values) validates, and parses back from JSON", () => {
  for (const kind of allKinds) {
    for (const example of schemaOf(kind).examples as unknown[]) {
      assert.deepEqual(validate(kinds[kind], example), [], `${kind}: ${stringifyJson(example)}`);
      assert.doesNotThrow(() => parseJson(stringifyJson(example), kinds[kind]), kind);
    }
  }
});

test("the position record has the 30 fields of docs/contract.md's position record with the contract's types", () => {
  const record = schemaOf("positionRecord");
  const properties = record.properties as Record<string, Schema>;
  const strings = ["entity_id", "client_id", "rms_entity_code", "exchange_segment", "instrument_name"];
  assert.equal(Object.keys(properties).length, 30);
  assert.deepEqual(record.required, Object.keys(properties));
  for (const [name, property] of Object.entries(properties)) {
    const expected = name === "instrument_id" ? "integer" : strings.includes(name) ? "string" : "number";
    assert.equal(property.type, expected, name);
  }
  assert.equal((properties.rms_entity_code as Schema).minLength, undefined, "rms_entity_code may be empty");
});

test("values from the contract and the platform notes validate", () => {
  const cases: [Kind, string][] = [
    ["loginRequest", `{"userId":"U1","appKey":"k"}`],
    ["loginResponse", `{"status":"success","data":{"accessToken":"a.b.c"}}`],
    ["loginResponse", `{"status":"error","message":"Invalid userId or appKey","data":null}`],
    ["ltpRequest", `{"InstrumentIds":[1010010000002885,2041920000055251,110010002000001,262090000149108]}`],
    ["ltpResponse", `{"status":"error","message":"Instrument IDs are invalid or missing","error":"must not be empty"}`],
    [
      "ltpSuccess",
      `{"status":"success","data":{"262090000149108":{"InstrumentID":262090000149108,"InstrumentName":"X","LTP":1}}}`,
    ],
    ["trades", `[{"a":26082045350000016},{"b":24091124420000098}]`],
    ["errorBody", `{"status":"error","message":"Access denied"}`],
  ];
  for (const [kind, text] of cases) assert.doesNotThrow(() => parseJson(text, kinds[kind]), `${kind}: ${text}`);
});

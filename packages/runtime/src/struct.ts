// google.protobuf.Struct in a field: protobuf-es keeps it as a JSON object (JsonObject), not
// as a message, everywhere except inside google.protobuf.Value. Generated code reads and
// writes the message (its fields map of Values) and converts at the field, both ways, as
// protobuf-es's own conversion does: a Value with no kind set reads as null, and a JSON
// value of another type (undefined, a function) writes a Value with no kind.
import { setEntry } from "./messages.js";

/** A google.protobuf.Value in protobuf-es's message shape. */
export interface ValueMessage {
  $typeName: "google.protobuf.Value";
  kind:
    | { case: "nullValue"; value: number }
    | { case: "numberValue"; value: number }
    | { case: "stringValue"; value: string }
    | { case: "boolValue"; value: boolean }
    | { case: "structValue"; value: StructMessage }
    | { case: "listValue"; value: { $typeName: "google.protobuf.ListValue"; values: ValueMessage[] } }
    | { case: undefined; value?: undefined };
}

/** A google.protobuf.Struct in protobuf-es's message shape. */
export interface StructMessage {
  $typeName: "google.protobuf.Struct";
  fields: { [key: string]: ValueMessage };
}

/** A JSON value as protobuf-es's JsonValue. */
export type JsonValue = number | string | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A Struct message as the JSON object protobuf-es gives a Struct field. */
export function structToJson(struct: StructMessage): JsonObject {
  const json: JsonObject = {};
  const fields = struct.fields;
  for (const key of Object.keys(fields)) setEntry(json, key, valueToJson(fields[key] as ValueMessage));
  return json;
}

function valueToJson(value: ValueMessage): JsonValue {
  const kind = value.kind;
  switch (kind.case) {
    case "structValue":
      return structToJson(kind.value);
    case "listValue":
      return kind.value.values.map(valueToJson);
    case "nullValue":
    case undefined:
      return null;
    default:
      return kind.value;
  }
}

/** A Struct field's JSON object as the Struct message protobuf-es writes (and merges into). */
export function jsonToStruct(json: unknown): StructMessage {
  const struct: StructMessage = { $typeName: "google.protobuf.Struct", fields: {} };
  if (typeof json === "object" && json !== null && !Array.isArray(json)) {
    const record = json as { [key: string]: unknown };
    for (const key of Object.keys(record)) setEntry(struct.fields, key, jsonToValue(record[key]));
  }
  return struct;
}

function jsonToValue(json: unknown): ValueMessage {
  const value: ValueMessage = { $typeName: "google.protobuf.Value", kind: { case: undefined } };
  switch (typeof json) {
    case "number":
      value.kind = { case: "numberValue", value: json };
      break;
    case "string":
      value.kind = { case: "stringValue", value: json };
      break;
    case "boolean":
      value.kind = { case: "boolValue", value: json };
      break;
    case "object":
      if (json === null) value.kind = { case: "nullValue", value: 0 };
      else if (Array.isArray(json)) {
        value.kind = {
          case: "listValue",
          value: { $typeName: "google.protobuf.ListValue", values: json.map(jsonToValue) },
        };
      } else value.kind = { case: "structValue", value: jsonToStruct(json) };
      break;
  }
  return value;
}

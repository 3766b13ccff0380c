// One canonical form for what every decoder returns, so they can be compared:
// protobuf-es and the codec (oneof as { case, value }, every field an own property,
// 64-bit as bigint, number or string) and protobufjs (oneof members as plain
// properties, defaults on the prototype, 64-bit as Long or number). A google.protobuf.Struct
// field is a JSON object in protobuf-es and the codec, a Struct message in protobufjs: both
// are compared as the Struct message.
import { type DescField, type DescMessage, fromJson, ScalarType } from "@bufbuild/protobuf";
import { isWrapperDesc, StructSchema } from "@bufbuild/protobuf/wkt";

/** Field name -> value, defaults left out; 64-bit integers as decimal strings. */
export type Canonical = { [field: string]: CanonicalValue };
export type CanonicalValue = string | number | boolean | Canonical | CanonicalValue[];

const INT64_TYPES = new Set<ScalarType>([
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
  ScalarType.SINT64,
]);

function int64String(value: unknown, path: string): string {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    // A rounded number must not pass for the exact value a bigint carries.
    return Number.isSafeInteger(value) ? String(value) : `unsafe ${value} at ${path}`;
  }
  if (typeof value === "string") return value;
  if (value !== null && typeof value === "object" && "low" in value && "high" in value) return String(value); // Long
  return `not an integer: ${typeof value} at ${path}`;
}

function scalar(value: unknown, type: ScalarType, path: string): CanonicalValue | undefined {
  if (INT64_TYPES.has(type)) {
    const text = int64String(value, path);
    return text === "0" ? undefined : text;
  }
  if (value === 0 || value === "" || value === false || value === undefined || value === null) return undefined;
  if (value instanceof Uint8Array) return value.length === 0 ? undefined : Array.from(value);
  return value as CanonicalValue;
}

/** The canonical form of a decoded message `value` of type `desc`, whatever library produced it. */
export function canonical(value: unknown, desc: DescMessage, path = desc.name): Canonical {
  if (value === null || typeof value !== "object") throw new TypeError(`${path}: not a message object`);
  const record = value as Record<string, unknown>;
  const out: Canonical = {};
  for (const field of desc.fields) {
    let v: unknown;
    if (field.oneof !== undefined) {
      const holder = record[field.oneof.localName];
      // protobuf-es shape: { case, value }; protobufjs: the member is a property, the oneof a name.
      v =
        holder !== null && typeof holder === "object"
          ? (holder as { case?: string }).case === field.localName
            ? (holder as { value: unknown }).value
            : undefined
          : (record[field.localName] ?? record[field.name]);
    } else {
      v = record[field.localName] ?? record[field.name];
    }
    const at = `${path}.${field.name}`;
    let c: CanonicalValue | undefined;
    switch (field.fieldKind) {
      case "scalar":
        c = scalar(v, field.scalar, at);
        break;
      case "enum":
        c = v === 0 || v === undefined || v === null ? undefined : (v as number);
        break;
      case "message":
        // protobuf-es unwraps wrapper types (google.protobuf.Int64Value is a bigint); protobufjs keeps { value }.
        c =
          v === undefined || v === null
            ? undefined
            : canonical(
                typeof v !== "object" && isWrapperDesc(field.message) ? { value: v } : structMessage(v, field.message),
                field.message,
                at,
              );
        break;
      case "list": {
        const list = (v ?? []) as unknown[];
        if (list.length === 0) break;
        c = list.map((item, i) => {
          const itemPath = `${at}[${i}]`;
          if (field.listKind === "message")
            return canonical(structMessage(item, field.message), field.message, itemPath);
          if (field.listKind === "enum") return item as number;
          return scalar(item, field.scalar, itemPath) ?? (INT64_TYPES.has(field.scalar) ? "0" : (item as number));
        });
        break;
      }
      case "map":
        c = canonicalMap(v, field, at);
        break;
    }
    if (c !== undefined) out[field.name] = c;
  }
  return out;
}

/**
 * A Struct field's JSON object (protobuf-es, the codec) as the Struct message it stands for;
 * a message (protobufjs's class instance, or one with a $typeName) stays as it is.
 */
function structMessage(value: unknown, desc: DescMessage): unknown {
  if (desc.typeName !== StructSchema.typeName || value === null || typeof value !== "object") return value;
  const prototype = Object.getPrototypeOf(value);
  const plain = (prototype === Object.prototype || prototype === null) && !("$typeName" in value);
  return plain ? fromJson(StructSchema, value as never) : value;
}

/** A map as key -> canonical value with the keys sorted; a zero value stays (the entry exists). */
function canonicalMap(value: unknown, field: DescField & { fieldKind: "map" }, path: string): Canonical | undefined {
  const entries = Object.entries((value ?? {}) as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  if (entries.length === 0) return undefined;
  const out: Canonical = {};
  for (const [key, item] of entries) {
    const at = `${path}[${key}]`;
    if (field.mapKind === "message") out[key] = canonical(structMessage(item, field.message), field.message, at);
    else if (field.mapKind === "enum") out[key] = item as number;
    else out[key] = scalar(item, field.scalar, at) ?? (INT64_TYPES.has(field.scalar) ? "0" : (item as CanonicalValue));
  }
  return out;
}

/** The number of tags on the wire for a canonical message: what a skip-scan visits. */
export function tagCount(message: Canonical): number {
  let n = 0;
  for (const value of Object.values(message)) {
    if (Array.isArray(value)) {
      for (const item of value) n += 1 + (isMessage(item) ? tagCount(item) : 0);
    } else n += 1 + (isMessage(value) ? tagCount(value) : 0);
  }
  return n;
}

function isMessage(value: CanonicalValue): value is Canonical {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The first path where two canonical values differ, or undefined when they are equal. */
export function firstDifference(
  a: CanonicalValue | undefined,
  b: CanonicalValue | undefined,
  path = "",
): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) {
    return `${path || "(root)"}: ${show(a)} != ${show(b)}`;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: ${a.length} items != ${b.length} items`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  const ra = a as Canonical;
  const rb = b as Canonical;
  for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
    const d = firstDifference(ra[key], rb[key], path ? `${path}.${key}` : key);
    if (d !== undefined) return d;
  }
  return undefined;
}

function show(v: CanonicalValue | undefined): string {
  return v === undefined ? "absent" : typeof v === "object" ? JSON.stringify(v).slice(0, 80) : JSON.stringify(v);
}

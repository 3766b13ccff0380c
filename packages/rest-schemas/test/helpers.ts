// Test helpers: the schema files, fast-check arbitraries derived from them, and plain-object copies for comparisons.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { type Kind, kinds, parseJson } from "../src/index.js";

export type Schema = { [key: string]: unknown };

export const packageDir = join(import.meta.dirname, "..");
export const schemaDir = join(packageDir, "schemas");
export const schemaFiles = readdirSync(schemaDir)
  .filter((f) => f.endsWith(".schema.json"))
  .sort();
export const schemas: Record<string, Schema> = Object.fromEntries(
  schemaFiles.map((file) => [file, parseJson(readFileSync(join(schemaDir, file), "utf8")) as Schema]),
);
export const allKinds = Object.keys(kinds) as Kind[];
export const schemaOf = (kind: Kind): Schema => schemas[kinds[kind].schema] as Schema;

export const UINT64_MAX = (1n << 64n) - 1n;

/** Copies into plain objects (fast-check makes some with a null prototype), keeping bigint and -0. */
export function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, { value: plain(item), writable: true, enumerable: true, configurable: true });
  }
  return out;
}

const unknownKey = fc.stringMatching(/^x_[a-z0-9_]{0,8}$/);
/** Values of properties the contract does not describe, in their typed form (bigint only beyond 2^53). */
const unknownValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n) || Number.isSafeInteger(n)),
  fc.bigInt({ min: 2n ** 53n, max: UINT64_MAX }),
);
const extras = fc.dictionary(unknownKey, unknownValue, { maxKeys: 3 });

/**
 * Typed values the schema accepts: integer ids are bigint up to 2^64-1, numbers any finite double, objects get their
 * required properties, sometimes the optional ones, and sometimes unknown extras.
 */
export function arbitraryFor(schema: Schema): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string") return arbitraryFor(schemas[schema.$ref] as Schema);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Schema[]).map(arbitraryFor));
  if (schema.if !== undefined)
    return fc.oneof(arbitraryFor(schema.then as Schema), arbitraryFor(schema.else as Schema));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => arbitraryFor({ ...schema, type })));
  switch (schema.type) {
    case "string":
      return fc.string();
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "integer":
      // A uint64 id is a bigint at every size; any other integer field is a plain number.
      return Number(schema.maximum) === 2 ** 64
        ? fc.bigInt({ min: 0n, max: UINT64_MAX })
        : fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryFor(schema.items as Schema), { minLength: Number(schema.minItems ?? 0), maxLength: 4 });
    case "object":
      return objectArbitrary(schema);
    default:
      throw new Error(`arbitraryFor: unsupported schema ${JSON.stringify(schema).slice(0, 80)}`);
  }
}

function objectArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, arbitraryFor(sub)])),
    { requiredKeys: required },
  );
  const additional = schema.additionalProperties;
  if (additional !== undefined && typeof additional === "object") {
    const pattern = (schema.propertyNames as Schema | undefined)?.pattern;
    const key =
      pattern === "^[0-9]+$"
        ? fc.bigInt({ min: 0n, max: UINT64_MAX }).map(String)
        : fc.string().filter((k) => k !== "__proto__");
    return fc.dictionary(key, arbitraryFor(additional as Schema), { maxKeys: 3 });
  }
  return fc.tuple(known, extras).map(([k, e]) => ({ ...e, ...k }));
}

// fast-check arbitraries built from any DescMessage: the differential tests apply to
// every schema the plugin generates, not only the one they were written with.
import { create, type DescEnum, type DescField, type DescMessage, type Message, ScalarType } from "@bufbuild/protobuf";
import fc from "fast-check";

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** 64-bit values that stress every path: small, just below and above 2^53, and the extremes. */
function int64Arb(signed: boolean): fc.Arbitrary<bigint> {
  const min = signed ? INT64_MIN : 0n;
  const max = signed ? INT64_MAX : UINT64_MAX;
  const edges = [0n, 1n, (1n << 53n) - 1n, 1n << 53n, max, ...(signed ? [-1n, -(1n << 53n), min] : [])];
  return fc.oneof(
    fc.bigInt({ min: signed ? -1000n : 0n, max: 1000n }),
    fc.bigInt({ min, max }),
    fc.constantFrom(...edges),
  );
}

export function scalarArb(scalar: ScalarType, longAsString = false): fc.Arbitrary<unknown> {
  const long = (arb: fc.Arbitrary<bigint>) => (longAsString ? arb.map(String) : arb);
  switch (scalar) {
    case ScalarType.DOUBLE:
      return fc.double();
    case ScalarType.FLOAT:
      return fc.float();
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return fc.oneof(fc.integer({ min: -300, max: 300 }), fc.integer(), fc.constantFrom(-0x80000000, 0x7fffffff));
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return fc.oneof(fc.nat(300), fc.nat({ max: 0xffffffff }), fc.constant(0xffffffff));
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return long(int64Arb(true));
    case ScalarType.UINT64:
    case ScalarType.FIXED64:
      return long(int64Arb(false));
    case ScalarType.BOOL:
      return fc.boolean();
    case ScalarType.STRING:
      // Well-formed text only: toBinary writes a lone surrogate as U+FFFD, so it cannot round-trip.
      return fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 6 }));
    case ScalarType.BYTES:
      return fc.uint8Array({ maxLength: 12 });
  }
}

/** A map key as protobuf-es stores it: an object key, so always a string. */
function mapKeyArb(scalar: ScalarType): fc.Arbitrary<string> {
  if (scalar === ScalarType.BOOL) return fc.constantFrom("true", "false");
  // "__proto__" is a real map key, but create() cannot take it in an init object.
  if (scalar === ScalarType.STRING) return fc.string({ maxLength: 8 }).filter((k) => k !== "__proto__");
  return scalarArb(scalar).map(String);
}

function enumArb(field: DescField & { enum: DescEnum }): fc.Arbitrary<number> {
  const known = fc.constantFrom(...field.enum.values.map((v) => v.number));
  // A singular closed enum's undeclared value reads back as an unknown field (mutated inputs cover that).
  if (field.fieldKind === "enum" && !field.enum.open) return known;
  // Open enums keep unknown values as numbers (and lists of closed ones, in protobuf-es): both known and unknown.
  return fc.oneof(known, fc.integer({ min: -5, max: 50 }));
}

/** JSON values as protobuf-es keeps a google.protobuf.Struct field's (a JsonObject). */
const jsonValueArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.string({ maxLength: 8 }),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc.dictionary(
    fc.string({ maxLength: 6 }).filter((k) => k !== "__proto__"),
    tie("value"),
    { maxKeys: 3 },
  ),
})).object;

/** A google.protobuf.Struct field outside google.protobuf.Value: protobuf-es keeps a JSON object there. */
function isJsonStructField(field: DescField): boolean {
  return field.message?.typeName === "google.protobuf.Struct" && field.parent.typeName !== "google.protobuf.Value";
}

/** protobuf-es's FeatureSet_FieldPresence values. */
const IMPLICIT = 2;
const LEGACY_REQUIRED = 3;

/** The local value protobuf-es keeps for a singular wrapper field (Int64Value ...): the bare scalar. */
function isWrapperField(field: DescField): boolean {
  return (
    field.fieldKind === "message" &&
    field.oneof === undefined &&
    /^google\.protobuf\.(Double|Float|Int64|UInt64|Int32|UInt32|Bool|String|Bytes)Value$/.test(field.message.typeName)
  );
}

function valueArb(field: DescField, depth: number): fc.Arbitrary<unknown> | undefined {
  switch (field.fieldKind) {
    case "scalar":
      return scalarArb(field.scalar, field.longAsString);
    case "enum":
      return enumArb(field);
    case "message": {
      if (isWrapperField(field)) {
        const inner = field.message.fields[0];
        return inner.fieldKind === "scalar" ? scalarArb(inner.scalar) : undefined;
      }
      if (isJsonStructField(field)) return jsonValueArb;
      // A required message field is set a few levels below the depth too (toBinary refuses a message
      // without it); one that requires its own type (TestAllRequiredTypesProto2) ends unset, refused.
      const required = field.presence === LEGACY_REQUIRED && depth > -3;
      return depth > 0 || required ? messageArb(field.message, depth - 1) : undefined;
    }
    case "list": {
      const item =
        field.listKind === "message" && isJsonStructField(field)
          ? jsonValueArb
          : field.listKind === "message"
            ? depth > 0
              ? messageArb(field.message, depth - 1)
              : undefined
            : field.listKind === "enum"
              ? enumArb(field)
              : scalarArb(field.scalar, field.longAsString);
      return item === undefined ? fc.constant([]) : fc.array(item, { maxLength: 4 });
    }
    case "map": {
      const value =
        field.mapKind === "message" && isJsonStructField(field)
          ? jsonValueArb
          : field.mapKind === "message"
            ? depth > 0
              ? messageArb(field.message, depth - 1)
              : undefined
            : field.mapKind === "enum"
              ? enumArb(field)
              : scalarArb(field.scalar);
      if (value === undefined) return fc.constant({});
      return fc.dictionary(mapKeyArb(field.mapKey), value, { maxKeys: 3 });
    }
  }
}

/**
 * Random messages of `desc`, made with protobuf-es's create(), nested `depth` levels
 * (recursive schemas stop there): every field kind, unknown enum values, absent and
 * present optional and message fields, every oneof case.
 */
export function messageArb(desc: DescMessage, depth = 3): fc.Arbitrary<Message> {
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const cases: fc.Arbitrary<unknown>[] = [fc.constant(undefined)];
      for (const field of member.fields) {
        const value = valueArb(field, depth);
        if (value !== undefined) cases.push(value.map((v) => ({ case: field.localName, value: v })));
      }
      parts[member.localName] = fc.oneof(...cases);
      continue;
    }
    const value = valueArb(member, depth);
    if (value === undefined) continue;
    // Explicit presence (proto3 `optional`, proto2, editions): set or not; a required field mostly set
    // (unset, toBinary and encodeX both refuse the message).
    parts[member.localName] =
      member.presence === LEGACY_REQUIRED
        ? fc.option(value, { nil: undefined, freq: 20 })
        : member.presence !== IMPLICIT
          ? fc.option(value, { nil: undefined })
          : value;
  }
  return fc.record(parts).map((init) => {
    for (const key of Object.keys(init)) if (init[key] === undefined) delete init[key];
    return create(desc, init as never) as Message;
  });
}

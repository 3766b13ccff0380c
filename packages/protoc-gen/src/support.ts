// What protoc-gen-tickwire refuses, at generation time: the features whose
// protobuf-es behaviour the generated code does not reproduce. Each error names
// the file, message, field and feature, so a schema owner knows what to change.
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { Edition } from "@bufbuild/protobuf/wkt";

/** protobuf-es's FeatureSet_FieldPresence values. */
const EXPLICIT = 1;
const LEGACY_REQUIRED = 3;

export class UnsupportedFeatureError extends Error {
  override readonly name = "UnsupportedFeatureError";
}

function unsupported(field: DescField, feature: string, why: string): never {
  const desc = field.parent;
  throw new UnsupportedFeatureError(
    `${desc.file.name}.proto: message ${desc.typeName}, field ${field.name} (${field.number}): ${feature} is not supported (${why})`,
  );
}

/** Throws UnsupportedFeatureError for the first field of `desc` the generator cannot reproduce exactly. */
export function checkSupported(desc: DescMessage): void {
  const proto3 = desc.file.edition === Edition.EDITION_PROTO3;
  for (const field of desc.fields) {
    if (field.presence === LEGACY_REQUIRED) {
      unsupported(field, "a required field", "protobuf-es checks it on encode only; use proto3");
    }
    const messageValued = field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message");
    if (messageValued && field.delimitedEncoding) {
      unsupported(field, "a group (delimited message encoding)", "proto3 has no groups");
    }
    const enumType = field.fieldKind === "enum" ? field.enum : field.fieldKind !== "message" ? field.enum : undefined;
    if (enumType !== undefined && !enumType.open) {
      unsupported(field, `the closed enum ${enumType.typeName}`, "unknown values of closed enums go to $unknown");
    }
    if (field.message?.typeName === "google.protobuf.Struct" && desc.typeName !== "google.protobuf.Value") {
      unsupported(field, "a google.protobuf.Struct field", "protobuf-es stores it as a JSON object");
    }
    const scalar =
      field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar")
        ? field.scalar
        : undefined;
    if (scalar === ScalarType.STRING && !field.utf8Validation) {
      unsupported(field, "a string without UTF-8 validation", "generated decoders read strings as strict UTF-8");
    }
    if (
      !proto3 &&
      field.presence === EXPLICIT &&
      field.oneof === undefined &&
      (field.fieldKind === "scalar" || field.fieldKind === "enum")
    ) {
      unsupported(
        field,
        "an explicit-presence scalar outside proto3",
        "protobuf-es keeps its default on the prototype, not as an own property",
      );
    }
  }
}

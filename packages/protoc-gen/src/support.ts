// What protoc-gen-tickwire refuses, at generation time: the features whose
// protobuf-es behaviour the generated code does not reproduce. Each error names
// the file, message, field and feature, and every refused field is listed with the
// path by which the requested file reaches it, so a schema owner knows what to change.
import { type DescField, type DescFile, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { Edition } from "@bufbuild/protobuf/wkt";

/** protobuf-es's FeatureSet_FieldPresence values. */
const EXPLICIT = 1;
const LEGACY_REQUIRED = 3;

export class UnsupportedFeatureError extends Error {
  override readonly name = "UnsupportedFeatureError";
}

/** One refused field: the feature it uses and why the generated code cannot reproduce protobuf-es there. */
interface Refusal {
  readonly field: DescField;
  readonly feature: string;
  readonly why: string;
}

/**
 * Checks every message `file` needs and throws one UnsupportedFeatureError listing every
 * refused field, each with the chain of fields by which the file reaches it (so a proto2
 * import is traced back to the proto3 field that pulled it in), or returns if none is refused.
 */
export function checkFileSupported(file: DescFile, own: readonly DescMessage[]): void {
  const lines: string[] = [];
  for (const [desc, path] of pathsFrom(file, own)) {
    const byField = new Map<DescField, Refusal[]>();
    for (const refusal of refusals(desc)) byField.set(refusal.field, [...(byField.get(refusal.field) ?? []), refusal]);
    for (const [field, found] of byField) {
      const where = [...path, segment(file, field)].join(" -> ");
      const features = found.map(({ feature, why }) => `${feature} is not supported (${why})`).join("; ");
      lines.push(
        `${desc.file.name}.proto: message ${desc.typeName}, field ${field.name} (${field.number}): ${features}; reached by ${where}`,
      );
    }
  }
  if (lines.length === 0) return;
  const count = lines.length === 1 ? "1 field" : `${lines.length} fields`;
  throw new UnsupportedFeatureError(
    `${file.name}.proto cannot be generated: ${count} use features protoc-gen-tickwire does not support:\n  ${lines.join("\n  ")}`,
  );
}

/** A field as a step of a path: named relative to the requested file's package when it is that file's, in full otherwise. */
function segment(file: DescFile, field: DescField): string {
  const desc = field.parent;
  const name =
    desc.file === file && file.proto.package !== ""
      ? desc.typeName.slice(file.proto.package.length + 1)
      : desc.typeName;
  return `${name}.${field.name}`;
}

/** Every message reachable from `own`, each with the shortest chain of fields that reaches it (empty for `own`). */
function pathsFrom(file: DescFile, own: readonly DescMessage[]): Map<DescMessage, readonly string[]> {
  const paths = new Map<DescMessage, readonly string[]>(own.map((desc) => [desc, []]));
  const queue = [...own];
  for (let i = 0; i < queue.length; i++) {
    const desc = queue[i] as DescMessage;
    const path = paths.get(desc) as readonly string[];
    for (const field of desc.fields) {
      const child = field.message;
      if (child === undefined || paths.has(child)) continue;
      paths.set(child, [...path, segment(file, field)]);
      queue.push(child);
    }
  }
  return paths;
}

/** Every field of `desc` the generator cannot reproduce exactly, with each feature it refuses. */
function refusals(desc: DescMessage): Refusal[] {
  const found: Refusal[] = [];
  const unsupported = (field: DescField, feature: string, why: string) => found.push({ field, feature, why });
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
  return found;
}

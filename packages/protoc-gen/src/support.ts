// What protoc-gen-tickwire refuses, at generation time: the features whose
// protobuf-es behaviour the generated code does not reproduce (today only in the
// reusing decoder of `internals=true`). Each error names
// the file, message, field and feature, and every refused field is listed with the
// path by which the requested file reaches it, so a schema owner knows what to change.
import { type DescField, type DescFile, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { IMPLICIT, isClosedEnum, isGroup, isJsonStruct, usesPrototype } from "./schema-facts.js";

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
export function checkFileSupported(file: DescFile, own: readonly DescMessage[], internals: boolean): void {
  const lines: string[] = [];
  for (const [desc, path] of pathsFrom(file, own)) {
    const byField = new Map<DescField, Refusal[]>();
    for (const refusal of refusals(desc, internals))
      byField.set(refusal.field, [...(byField.get(refusal.field) ?? []), refusal]);
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

/**
 * Every field of `desc` the generator cannot reproduce exactly, with each feature it refuses.
 * The decoders and encoders every file gets reproduce every proto2, editions and well-known-type
 * feature protobuf-es has; the reusing decoder of `internals=true` (the codec's, for proto3
 * market data) recycles message objects in the proto3 shape and refuses what does not have it.
 */
function refusals(desc: DescMessage, internals: boolean): Refusal[] {
  const found: Refusal[] = [];
  if (!internals) return found;
  const unsupported = (field: DescField, feature: string) =>
    found.push({ field, feature, why: "the reusing decoder of internals=true recycles proto3-shaped messages only" });
  for (const field of desc.fields) {
    if (isGroup(field)) unsupported(field, "a group (delimited message encoding)");
    if (isClosedEnum(field)) unsupported(field, `the closed enum ${field.enum.typeName}`);
    if (isJsonStruct(field)) unsupported(field, "a google.protobuf.Struct field (a JSON object in protobuf-es)");
    const scalar =
      field.fieldKind === "scalar" || (field.fieldKind === "list" && field.listKind === "scalar")
        ? field.scalar
        : field.fieldKind === "map"
          ? field.mapKey
          : undefined;
    if (scalar === ScalarType.STRING && !field.utf8Validation) unsupported(field, "a string without UTF-8 validation");
    if (
      usesPrototype(desc) &&
      field.presence !== IMPLICIT &&
      field.fieldKind !== "message" &&
      field.oneof === undefined
    ) {
      unsupported(field, "an explicit-presence scalar with its default on protobuf-es's prototype");
    }
  }
  return found;
}

// What the generator reads off the schema before and while printing: which messages
// a file needs, which of them can nest without bound, and the per-field facts the
// decoder, encoder, reusing decoder and views all branch on.
import type { DescField, DescFile, DescMessage } from "@bufbuild/protobuf";
import type { Schema } from "@bufbuild/protoplugin";
import type { PluginOptions } from "./generate.js";

/** protobuf-es's FeatureSet_FieldPresence.IMPLICIT and LEGACY_REQUIRED. */
export const IMPLICIT = 2;
export const LEGACY_REQUIRED = 3;

/** Every message reachable from `roots` through message, list and map fields, roots first. */
export function reachable(roots: DescMessage[]): DescMessage[] {
  const seen = new Set<DescMessage>();
  const order: DescMessage[] = [];
  const visit = (desc: DescMessage) => {
    if (seen.has(desc)) return;
    seen.add(desc);
    order.push(desc);
    for (const field of desc.fields) {
      const child = field.message;
      if (child !== undefined) visit(child);
    }
  };
  for (const root of roots) visit(root);
  return order;
}

/**
 * The messages that can be nested without bound: those reachable from a message that
 * reaches itself. The rest sit at a depth the schema bounds, below protobuf-es's limit
 * of 100 (unless a chain of 100 distinct message types exists: then every loop checks),
 * so their loops skip the depth check.
 */
export function unboundedNesting(all: readonly DescMessage[]): Set<DescMessage> {
  const children = (desc: DescMessage) => desc.fields.flatMap((field) => field.message ?? []);
  const reaches = (from: DescMessage, target: DescMessage): boolean => {
    const seen = new Set<DescMessage>();
    const stack = children(from);
    while (stack.length > 0) {
      const next = stack.pop() as DescMessage;
      if (next === target) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...children(next));
    }
    return false;
  };
  const deep = new Set<DescMessage>();
  const visit = (desc: DescMessage) => {
    if (deep.has(desc)) return;
    deep.add(desc);
    for (const child of children(desc)) visit(child);
  };
  for (const desc of all) if (reaches(desc, desc)) visit(desc);
  // The rest form a DAG: its longest chain, memoised, bounds their depth.
  const longestFrom = new Map<DescMessage, number>();
  const chain = (desc: DescMessage): number => {
    if (deep.has(desc)) return 1;
    let length = longestFrom.get(desc);
    if (length === undefined) {
      length = 1 + Math.max(0, ...children(desc).map(chain));
      longestFrom.set(desc, length);
    }
    return length;
  };
  const longest = Math.max(0, ...all.map(chain));
  if (longest >= 100) for (const desc of all) deep.add(desc);
  return deep;
}

/** A file's messages, nested ones included, in protobuf-es's order. */
export function messagesOf(schema: Schema<PluginOptions>, file: DescFile): DescMessage[] {
  const out: DescMessage[] = [];
  for (const desc of schema.typesInFile(file)) if (desc.kind === "message") out.push(desc);
  return out;
}

/** A singular wrapper field outside a oneof, which protobuf-es unwraps to its scalar (isWrapperDesc). */
export function isWrapper(field: DescField): boolean {
  if (field.fieldKind !== "message" || field.oneof !== undefined) return false;
  const desc = field.message;
  const first = desc.fields[0];
  return (
    WRAPPERS.has(desc.typeName) &&
    first !== undefined &&
    first.fieldKind === "scalar" &&
    first.name === "value" &&
    first.number === 1
  );
}

const WRAPPERS = new Set(
  ["Double", "Float", "Int64", "UInt64", "Int32", "UInt32", "Bool", "String", "Bytes"].map(
    (n) => `google.protobuf.${n}Value`,
  ),
);

/** How EncodeError names a message: its name within its package (`Order.Leg`), as the schema's author writes it. */
export function nameInPackage(desc: DescMessage): string {
  const pkg = desc.file.proto.package;
  return pkg === "" ? desc.typeName : desc.typeName.slice(pkg.length + 1);
}

/** A field whose messages the reuse path takes from Pools. */
export function takesFromPools(field: DescField): boolean {
  return (
    (field.fieldKind === "message" && !isWrapper(field)) || (field.fieldKind === "list" && field.listKind === "message")
  );
}

/** protobuf-es's Edition values for proto2 and proto3 files. */
const EDITION_PROTO2 = 998;
const EDITION_PROTO3 = 999;

/**
 * Whether protobuf-es's create() makes this message's objects with a prototype holding
 * its scalar and enum defaults (its needsPrototypeChain): every proto2 message, and an
 * editions message with an explicit-presence scalar or enum field outside a oneof.
 * Generated code then makes them on protobuf-es's own prototype object.
 */
export function usesPrototype(desc: DescMessage): boolean {
  if (desc.file.edition === EDITION_PROTO3) return false;
  if (desc.file.edition === EDITION_PROTO2) return true;
  return desc.fields.some((f) => f.presence !== IMPLICIT && f.fieldKind !== "message" && f.oneof === undefined);
}

/** A singular or oneof enum field of a closed enum: protobuf-es keeps undeclared values as unknown fields. */
export function isClosedEnum(field: DescField): field is DescField & { fieldKind: "enum" } {
  return field.fieldKind === "enum" && !field.enum.open;
}

/** A message field (singular, oneof or repeated) with delimited encoding: a group on the wire. */
export function isGroup(field: DescField): boolean {
  return (
    (field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message")) &&
    field.delimitedEncoding
  );
}

/** A google.protobuf.Struct field outside google.protobuf.Value: protobuf-es keeps a JSON object there. */
export function isJsonStruct(field: DescField): boolean {
  return field.message?.typeName === "google.protobuf.Struct" && field.parent.typeName !== "google.protobuf.Value";
}

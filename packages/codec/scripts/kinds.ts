// Field kinds of the market-data schema, shared by the message and view generators.
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { WireType } from "../src/runtime/wire-type.js";

export type Kind = "int32" | "uint32" | "enum" | "uint64" | "int64" | "double" | "string" | "message";

export function kindOf(field: DescField): Kind {
  if (field.fieldKind === "enum") return "enum";
  if (field.fieldKind === "message") return "message";
  if (field.fieldKind === "list" && field.listKind === "message") return "message";
  if (field.fieldKind === "scalar") {
    switch (field.scalar) {
      case ScalarType.INT32:
        return "int32";
      case ScalarType.UINT32:
        return "uint32";
      case ScalarType.UINT64:
        return "uint64";
      case ScalarType.INT64:
        return "int64";
      case ScalarType.DOUBLE:
        return "double";
      case ScalarType.STRING:
        return "string";
    }
  }
  // Extend the generator (and runtime/scalars.ts / writer.ts) before using another field type.
  throw new Error(`generate: ${field.parent.typeName}.${field.name}: field type not supported by the codec generator`);
}

export const wireTypeOf = (kind: Kind): WireType =>
  kind === "double"
    ? WireType.Bit64
    : kind === "string" || kind === "message"
      ? WireType.LengthDelimited
      : WireType.Varint;

export const hex = (n: number) => `0x${n.toString(16).padStart(2, "0")}`;
export const tagOf = (field: DescField) => ((field.number << 3) | wireTypeOf(kindOf(field))) >>> 0;

/**
 * The field loop every generated decoder shares: read a tag, dispatch on it, and send an
 * unknown one to skipField, or to failWireType when it is a known field with the wrong
 * wire type. `cases` are already indented for `indent` plus four spaces.
 */
export function fieldLoop(desc: DescMessage, cases: string[], indent: string): string {
  const known = [...new Set(desc.fields.map((f) => f.number))].map((n) => `case ${n}:`).join(" ");
  const i = indent;
  return `${i}while (r.pos < end) {
${i}  const b0 = r.buf[r.pos];
${i}  // One-byte tags (fields 1 to 15) inline: a call per field costs more than the field when the JIT declines to inline it.
${i}  const tag = b0 < 0x80 ? ((r.pos += 1), b0) : readTag(r);
${i}  switch (tag) {
${cases.join("\n")}
${i}    default:
${i}      switch (tag >>> 3) {
${i}        ${known}
${i}          failWireType(r, tag);
${i}      }
${i}      skipField(r, tag, depth);
${i}  }
${i}}`;
}

// The encoding half of a message: `writeX`, which writes the fields in number order
// with protobuf-es's toBinary presence rules, each tag as precomputed varint bytes.
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import type { MessageGen } from "./generate.js";
import { fits, printSignature } from "./layout.js";
import { hexByte, SCALARS, tag, tagBytes, WIRE_END_GROUP, WIRE_LENGTH, WIRE_START_GROUP } from "./scalars.js";
import { IMPLICIT, isGroup, isJsonStruct, isWrapper, LEGACY_REQUIRED, nameInPackage } from "./schema-facts.js";

/** `writeX`: the message's fields in number order, then its unknown fields, as protobuf-es's toBinary writes them. */
export function generateWrite(gen: MessageGen, desc: DescMessage): void {
  const { f, rt } = gen;
  const name = gen.id(desc);
  printSignature(
    gen,
    gen.fn(`write${name}`),
    [
      ["w: ", gen.rtType("Writer")],
      ["m: ", gen.shape(desc)],
    ],
    "void",
    " {",
  );
  const check: Printable = ["if (m.$typeName !== ", f.string(desc.typeName), ")"];
  const fail: Printable = [rt("failMessage"), "(", f.string(nameInPackage(desc)), ", m.$typeName);"];
  if (fits(["  ", check, " ", fail])) f.print("  ", check, " ", fail);
  else {
    f.print("  ", check, " {");
    f.print("    ", fail);
    f.print("  }");
  }
  // Read before the fields: a long list or map is compiled on-stack mid-loop (OSR) on its
  // first call, and a property read after the loop that had never run then has no type
  // feedback, so the compiled loop bailed out there on every call (1 MB maps, every call).
  f.print`  const unknown = m.$unknown;`;
  const sorted = desc.fields.slice().sort((a, b) => a.number - b.number);
  for (const field of sorted) writeField(gen, field);
  f.print`  if (unknown !== undefined) for (const u of unknown) ${rt("writeUnknown")}(w, u.no, u.wireType, u.data);`;
  f.print`}`;
  f.print();
}

/** A field's tag as its precomputed varint bytes: one or two byte stores instead of a varint loop. */
function tagStatement(gen: MessageGen, no: number, wire: number): Printable {
  const hex = tagBytes(tag(no, wire)).map(hexByte);
  if (hex.length === 1) return [gen.rt("writeByte"), `(w, ${hex[0]});`];
  if (hex.length === 2) return [gen.rt("writeTwoBytes"), `(w, ${hex[0]}, ${hex[1]});`];
  return [gen.rt("writeVarint32"), `(w, ${tag(no, wire)});`];
}

function writeTag(gen: MessageGen, indent: string, no: number, wire: number): void {
  gen.f.print(indent, tagStatement(gen, no, wire));
}

/**
 * `if (cond) { tag; value; }` on one line when it fits in 120 columns, else a statement a line;
 * with `otherwise` (a required field's refusal), its `else` branch.
 */
function ifPresent(gen: MessageGen, cond: Printable, statements: Printable[], otherwise?: Printable): void {
  const joined = statements.flatMap((stmt, i) => (i === 0 ? [stmt] : [" ", stmt]));
  const line: Printable = ["  if (", cond, ") { ", joined, " }"];
  if (otherwise === undefined && fits(line)) gen.f.print(line);
  else {
    gen.f.print("  if (", cond, ") {");
    for (const stmt of statements) gen.f.print("    ", stmt);
    if (otherwise === undefined) gen.f.print("  }");
    else gen.f.print("  } else ", otherwise);
  }
}

/** toBinary refuses a message whose required field is not set: the `else` of its presence check. */
function requiredCheck(gen: MessageGen, field: DescField, path: Printable): Printable | undefined {
  return field.presence === LEGACY_REQUIRED ? [gen.rt("failRequired"), "(", path, ");"] : undefined;
}

/** One field: its presence check, then tag and value (length-delimited for messages, packed lists, map entries). */
function writeField(gen: MessageGen, field: DescField): void {
  const { f, rt } = gen;
  const name = field.localName;
  const no = field.number;
  const path = f.string(`${nameInPackage(field.parent)}.${field.name}`);
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
      const info = SCALARS[scalar];
      if (field.oneof !== undefined) {
        const oneof = field.oneof.localName;
        ifPresent(
          gen,
          [`m.${oneof}.case === `, f.string(name)],
          [tagStatement(gen, no, info.wire), [rt(info.write), `(w, m.${oneof}.value, `, path, ");"]],
        );
        return;
      }
      // A jstype = JS_STRING field holds a decimal string; the 64-bit writers take strings as well as bigints.
      const cast = field.fieldKind === "scalar" && field.longAsString ? " as unknown as bigint" : "";
      ifPresent(
        gen,
        presence(gen, field, scalar),
        [
          tagStatement(gen, no, info.wire),
          [rt(info.write), `(w, m.${name}${field.presence !== IMPLICIT ? "!" : ""}${cast}, `, path, ");"],
        ],
        requiredCheck(gen, field, path),
      );
      return;
    }
    case "message": {
      const child = gen.id(field.message);
      const value = field.oneof !== undefined ? `m.${field.oneof.localName}.value` : `m.${name}`;
      const present =
        field.oneof !== undefined
          ? [`m.${field.oneof.localName}.case === `, f.string(name)]
          : [`m.${name} !== undefined && `, rt("isSet"), "(m, ", f.string(name), ")"];
      f.print("  if (", present, ") {");
      const required = requiredCheck(gen, field, path);
      if (isGroup(field) || isJsonStruct(field)) {
        const item = isJsonStruct(field)
          ? [rt("jsonToStruct"), "(", value, ")"]
          : [value, field.oneof === undefined ? "!" : ""];
        writeMessageValue(gen, field, "    ", item);
        f.print(required === undefined ? "  }" : ["  } else ", required]);
        return;
      }
      writeTag(gen, "    ", no, WIRE_LENGTH);
      f.print`    const at = ${rt("fork")}(w);`;
      if (isWrapper(field)) {
        // The wrapper's one field written in place: no wrapper object built per write.
        const inner = field.message.fields[0];
        if (inner.fieldKind !== "scalar") throw new Error(`${field.message.typeName}: a wrapper's value is a scalar`);
        const info = SCALARS[inner.scalar];
        const innerPath = f.string(`${nameInPackage(field.message)}.${inner.name}`);
        f.print`    const wrapped = ${value}!;`;
        f.print("    if (", presence(gen, inner, inner.scalar, "wrapped"), ") {");
        writeTag(gen, "      ", inner.number, info.wire);
        f.print`      ${rt(info.write)}(w, wrapped, ${innerPath});`;
        f.print`    }`;
      } else {
        f.print`    write${child}(w, ${value}${field.oneof === undefined ? "!" : ""});`;
      }
      f.print`    ${rt("join")}(w, at);`;
      f.print(required === undefined ? "  }" : ["  } else ", required]);
      return;
    }
    case "list": {
      if (field.listKind === "message" && (isGroup(field) || isJsonStruct(field))) {
        f.print`  for (const item of m.${name}) {`;
        writeMessageValue(gen, field, "    ", isJsonStruct(field) ? [rt("jsonToStruct"), "(item)"] : "item");
        f.print`  }`;
        return;
      }
      if (field.listKind === "message") {
        const child = gen.id(field.message);
        f.print`  for (const item of m.${name}) {`;
        writeTag(gen, "    ", no, WIRE_LENGTH);
        f.print`    const at = ${rt("fork")}(w);`;
        f.print`    write${child}(w, item);`;
        f.print`    ${rt("join")}(w, at);`;
        f.print`  }`;
        return;
      }
      const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar;
      const info = SCALARS[scalar];
      if (field.packed && info.wire !== WIRE_LENGTH) {
        f.print`  if (m.${name}.length > 0) {`;
        writeTag(gen, "    ", no, WIRE_LENGTH);
        // A jstype = JS_STRING list holds decimal strings; the 64-bit writers take strings as well as bigints.
        const cast = field.listKind === "scalar" && field.longAsString ? " as unknown as bigint[]" : "";
        f.print`    ${rt(info.writePacked)}(w, m.${name}${cast}, ${path});`;
        f.print`  }`;
        return;
      }
      f.print`  for (const item of m.${name}) {`;
      writeTag(gen, "    ", no, info.wire);
      f.print`    ${rt(info.write)}(w, item, ${path});`;
      f.print`  }`;
      return;
    }
    case "map": {
      const keyInfo = SCALARS[field.mapKey];
      const record = `${name}Record`;
      f.print("  const ", `${record} = m.${name} as { [key: string]: `, gen.mapValueType(field), " };");
      f.print`  const ${name}Keys = Object.keys(${record});`;
      f.print`  const ${name}Values = ${rt("mapValues")}(${record}, ${name}Keys);`;
      f.print`  for (let i = 0; i < ${name}Keys.length; i++) {`;
      f.print`    const key = ${name}Keys[i]!;`;
      f.print`    const value = ${name}Values === undefined ? ${record}[key]! : ${name}Values[i]!;`;
      if (field.mapKey === ScalarType.STRING && field.mapKind === "scalar" && field.scalar === ScalarType.STRING) {
        f.print`    ${rt("writeStringEntry")}(w, ${tag(no, WIRE_LENGTH)}, key, value, ${path});`;
        f.print`  }`;
        return;
      }
      writeTag(gen, "    ", no, WIRE_LENGTH);
      if (field.mapKey === ScalarType.STRING) {
        f.print`    const at = ${rt("openStringKeyEntry")}(w, key);`;
      } else {
        const convert =
          field.mapKey === ScalarType.BOOL
            ? [rt("boolKey"), "(key)"]
            : keyInfo.is64
              ? [rt("int64Key"), "(key)"]
              : [rt("int32Key"), "(key)"];
        f.print`    const at = ${rt("fork")}(w);`;
        writeTag(gen, "    ", 1, keyInfo.wire);
        f.print("    ", rt(keyInfo.write), "(w, ", convert, ", ", path, ");");
      }
      if (field.mapKind === "message") {
        writeTag(gen, "    ", 2, WIRE_LENGTH);
        f.print`    const valueAt = ${rt("fork")}(w);`;
        if (isJsonStruct(field)) f.print`    write${gen.id(field.message)}(w, ${rt("jsonToStruct")}(value));`;
        else f.print`    write${gen.id(field.message)}(w, value);`;
        f.print`    ${rt("join")}(w, valueAt);`;
      } else {
        const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar;
        writeTag(gen, "    ", 2, SCALARS[scalar].wire);
        f.print`    ${rt(SCALARS[scalar].write)}(w, value, ${path});`;
      }
      f.print`    ${rt("join")}(w, at);`;
      f.print`  }`;
      return;
    }
  }
}

/** Whether protobuf-es's toBinary writes a singular field: its presence rule per type. */
function presence(gen: MessageGen, field: DescField, scalar: ScalarType, v = `m.${field.localName}`): Printable {
  if (field.presence !== IMPLICIT)
    return [`${v} !== undefined && `, gen.rt("isSet"), "(m, ", gen.f.string(field.localName), ")"];
  if (field.fieldKind === "enum") return `${v} !== ${field.enum.values[0].number}`;
  switch (scalar) {
    case ScalarType.BOOL:
      return `${v} !== false`;
    case ScalarType.STRING:
      return `${v} !== ""`;
    case ScalarType.BYTES:
      return `${v}.byteLength > 0`;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return `!Object.is(${v}, 0)`;
    default:
      // Loose, as protobuf-es: 0n, 0 and "0" are all zero, so every int64 mode re-encodes.
      // A bigint compared loosely with a number takes V8's generic comparison, so a 64-bit
      // field tests for a bigint first (figures: bench README, "the runtime's code").
      if (SCALARS[scalar].is64) return `typeof ${v} === "bigint" ? ${v} !== 0n : (${v} as unknown) != 0`;
      return `(${v} as unknown) != 0`;
  }
}

/**
 * A message value with its tag: length-delimited, or a group (start tag, fields, end tag) for
 * delimited encoding; `value` is the message (a Struct field's JSON object already converted).
 */
function writeMessageValue(gen: MessageGen, field: DescField, indent: string, value: Printable): void {
  const { f, rt } = gen;
  const child = field.message;
  if (child === undefined) throw new Error("writeMessageValue: not a message field");
  if (isGroup(field)) {
    writeTag(gen, indent, field.number, WIRE_START_GROUP);
    f.print(indent, `write${gen.id(child)}(w, `, value, ");");
    writeTag(gen, indent, field.number, WIRE_END_GROUP);
    return;
  }
  writeTag(gen, indent, field.number, WIRE_LENGTH);
  f.print(indent, "const at = ", rt("fork"), "(w);");
  f.print(indent, `write${gen.id(child)}(w, `, value, ");");
  f.print(indent, rt("join"), "(w, at);");
}

// The decoding half of a message: its zero message (`zeroX`), the fresh-decode field
// loop (`readX`) and the merging one (`fillX`). Both loops, and the reusing decoder's
// `reuseX` (reuse.ts), share one switch over the field tags, printed here per field:
// scalars, enums, nested messages, lists (packed or not) and map entries.
import { type DescField, type DescMessage, type DescOneof, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import type { MessageGen } from "./generate.js";
import { PACKED_READERS, SCALARS, tag, WIRE_LENGTH, WIRE_VARINT } from "./scalars.js";
import { holderName, IMPLICIT, isWrapper, takesFromPools } from "./schema-facts.js";

/** read: a fresh message from locals; fill: merge into `m`; reuse: merge into `m` recycling objects from Pools. */
export type DecodePath = "read" | "fill" | "reuse";

/** A field's local in a read function: prefixed, so no field name can shadow `r`, `end`, a keyword or another local. */
const localOf = (name: string) => `$${name}`;

/**
 * `zeroX`, a fresh message in protobuf-es's create() shape: the start of a wrapper
 * field's merge, a missing map value, a new object in Pools.
 */
export function generateZero(gen: MessageGen, desc: DescMessage): void {
  const { f } = gen;
  const props: Printable[] = [`$typeName: "${desc.typeName}"`];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      props.push(`${member.localName}: { case: undefined }`);
      continue;
    }
    if (member.fieldKind === "list") props.push(`${member.localName}: []`);
    else if (member.fieldKind === "map") props.push(`${member.localName}: {}`);
    else if (member.fieldKind === "message")
      continue; // absent until set, as protobuf-es has it
    else if (member.presence !== IMPLICIT)
      continue; // `optional`: absent until set
    else props.push([`${member.localName}: `, gen.zeroValue(member)]);
  }
  f.print`/** A fresh ${desc.typeName} with the own properties protobuf-es's create() gives it. */`;
  f.print`${gen.exported}function zero${gen.id(desc)}(r: ${gen.rtType("Reader")}): ${gen.shape(desc)} {`;
  f.print`  return {`;
  for (const p of props) f.print("    ", p, ",");
  f.print("  } as ", gen.shape(desc), ";");
  f.print`}`;
  f.print();
}

/**
 * The merge path (mergeX, and a message field that arrives twice): the field loop
 * writes into an existing message `m`.
 */
export function generateFill(gen: MessageGen, desc: DescMessage): void {
  const { f } = gen;
  const name = gen.id(desc);
  f.print`${gen.exported}function fill${name}(r: ${gen.rtType("Reader")}, end: number, m: ${gen.shape(desc)}, depth: number): void {`;
  fieldLoop(gen, desc, "fill");
  f.print`}`;
  f.print();
}

/**
 * The fresh-decode path (decodeX, and every message field seen for the first time):
 * fields are read into locals and the message is built once at the end. Compared
 * with filling a message made with defaults, no field is written twice, numbers stay
 * unboxed until the one allocation, and the object gets its final shape at once; the
 * codec measured this at 1.9x -> 2.2x protobufjs on its list-heavy frames.
 */
export function generateRead(gen: MessageGen, desc: DescMessage): void {
  const { f } = gen;
  const name = gen.id(desc);
  const Shape = gen.shape(desc);
  f.print`${gen.exported}function read${name}(r: ${gen.rtType("Reader")}, end: number, depth: number): ${Shape} {`;
  const props: Printable[] = [`$typeName: "${desc.typeName}"`];
  const later: string[] = [];
  const is64 = (member: DescField | DescOneof) =>
    member.kind === "field" &&
    member.fieldKind === "scalar" &&
    member.presence === IMPLICIT &&
    SCALARS[member.scalar].is64 &&
    !member.longAsString;
  // The mode's zero of 64-bit fields, loaded once.
  if (desc.members.some(is64)) f.print`  const zero64 = r.zero64 as bigint;`;
  for (const member of desc.members) {
    const local = localOf(member.localName);
    const type: Printable = [Shape, `["${member.localName}"]`];
    if (member.kind === "oneof") {
      f.print("  let ", local, ": ", type, " | undefined;");
      props.push(`${member.localName}: ${local} ?? { case: undefined }`);
    } else if (member.fieldKind === "list") {
      f.print("  const ", local, ": ", type, " = [];");
      props.push(`${member.localName}: ${local}`);
    } else if (member.fieldKind === "map") {
      f.print("  const ", local, ": ", type, " = {};");
      props.push(`${member.localName}: ${local}`);
    } else if (member.fieldKind === "message" || member.presence !== IMPLICIT) {
      // Absent until set, as protobuf-es has it.
      f.print("  let ", local, ": ", type, ";");
      later.push(member.localName);
    } else {
      f.print("  let ", local, ": ", type, " = ", is64(member) ? "zero64" : gen.zeroValue(member), ";");
      props.push(`${member.localName}: ${local}`);
    }
  }
  f.print`  let unknownFields: ${gen.rtType("UnknownField")}[] | undefined;`;
  fieldLoop(gen, desc, "read");
  f.print("  const m: ", Shape, " = {");
  for (const p of props) f.print("    ", p, ",");
  f.print("  };");
  for (const prop of later) f.print(`  if (${localOf(prop)} !== undefined) m.${prop} = ${localOf(prop)};`);
  f.print("  if (unknownFields !== undefined) m.$unknown = unknownFields as ", Shape, '["$unknown"];');
  f.print`  return m;`;
  f.print`}`;
  f.print();
}

/** The field loop the read, fill and reuse paths share: `read` assigns locals, the others the properties of `m`. */
export function fieldLoop(gen: MessageGen, desc: DescMessage, path: DecodePath): void {
  const { f, rt } = gen;
  if (gen.deep.has(desc)) f.print`  if (depth > ${rt("RECURSION_LIMIT")}) ${rt("failNesting")}(r);`;
  if (path === "reuse" && desc.fields.some(takesFromPools)) f.print`  const pools = r.pools as Pools;`;
  f.print`  const buf = r.buf;`;
  const twoByteTags = desc.fields.some((field) => field.number >= 16);
  if ((path !== "fill" && desc.fields.some(readsInline)) || twoByteTags) f.print`  const len = r.len;`;
  f.print`  // The position lives in a local while the loop runs: the tag, one-byte varints and`;
  f.print`  // doubles are read without a load or store through \`r\`; a call gets it in \`r.pos\`.`;
  f.print`  let pos = r.pos;`;
  f.print`  while (pos < end) {`;
  if (twoByteTags)
    f.print`    // Tags of one and two bytes (fields 1 to 2047) inline: a call per field costs more than most fields.`;
  else f.print`    // One-byte tags (fields 1 to 15) inline: a call per field costs more than most fields.`;
  f.print`    let tag = buf[pos];`;
  f.print`    if (tag < 0x80) pos += 1;`;
  if (twoByteTags) {
    // Only messages with a field numbered 16 or more get this branch: elsewhere it would only grow the loop.
    f.print`    else if (pos + 1 < len && buf[pos + 1] < 0x80) {`;
    f.print`      tag = (tag & 0x7f) | (buf[pos + 1] << 7);`;
    f.print`      pos += 2;`;
    f.print`    } else {`;
  } else f.print`    else {`;
  f.print`      r.pos = pos;`;
  f.print`      tag = ${rt("readTag")}(r);`;
  f.print`      pos = r.pos;`;
  f.print`    }`;
  f.print`    switch (tag) {`;
  for (const field of desc.fields) fieldCases(gen, field, path);
  f.print`      default:`;
  f.print`        r.pos = pos;`;
  rejectWrongWireType(gen, desc, "        ");
  if (path !== "read") f.print`        ${rt("readUnknown")}(r, m, tag, depth);`;
  else f.print`        unknownFields = ${rt("keepUnknown")}(r, unknownFields, tag, depth);`;
  f.print`        pos = r.pos;`;
  f.print`    }`;
  f.print`  }`;
  f.print`  r.pos = pos;`;
}

/** Varint scalars whose one-byte values the loop reads inline, and doubles read through the buffer's DataView. */
const ONE_BYTE_VARINTS = new Set([ScalarType.INT32, ScalarType.UINT32, ScalarType.BOOL]);
function readsInline(field: DescField): boolean {
  if (field.oneof !== undefined) return false;
  if (field.fieldKind === "enum") return true;
  return field.fieldKind === "scalar" && (field.scalar === ScalarType.DOUBLE || ONE_BYTE_VARINTS.has(field.scalar));
}

/** In a loop's `default`: a known field number arriving with another wire type is rejected, not read by its declared type. */
export function rejectWrongWireType(gen: MessageGen, desc: DescMessage, indent: string): void {
  const { f, rt } = gen;
  const numbers = [...new Set(desc.fields.map((x) => x.number))];
  if (numbers.length === 0) return;
  f.print(
    indent,
    "// A known field with the wrong wire type is rejected, not read by its declared type (see the codec README).",
  );
  f.print(indent, "switch (tag >>> 3) {");
  // Eight cases a line keeps the output within 120 columns.
  for (let i = 0; i < numbers.length; i += 8) {
    f.print(
      indent,
      "  ",
      numbers
        .slice(i, i + 8)
        .map((n) => `case ${n}:`)
        .join(" "),
    );
  }
  f.print(indent, "    ", rt("failWireType"), "(r, tag);");
  f.print(indent, "}");
}

/** A field's `case`s in the loop's tag switch: one per wire type it accepts (packed and not, for repeated numbers). */
function fieldCases(gen: MessageGen, field: DescField, path: DecodePath): void {
  const { f, rt } = gen;
  const name = field.localName;
  const no = field.number;
  // Where a value goes: a property of `m` (fill) or the field's local (read).
  const at = (prop: string) => (path === "read" ? localOf(prop) : `m.${prop}`);
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const wire = field.fieldKind === "enum" ? WIRE_VARINT : SCALARS[field.scalar].wire;
      // The merge path (mergeX, a message field seen twice) is not the hot one: calls keep it small.
      if (path !== "fill" && readsInline(field)) {
        const slow: Printable =
          field.fieldKind === "enum" ? [rt("readInt32"), "(r)"] : [rt(SCALARS[field.scalar].read), "(r)"];
        f.print`      case ${tag(no, wire)}: {`;
        if (field.fieldKind === "scalar" && field.scalar === ScalarType.DOUBLE) {
          // Once the buffer has a DataView (see the runtime's readDouble), read through it inline.
          f.print`        const view = r.view;`;
          f.print`        if (view !== undefined && pos + 8 <= len) {`;
          f.print`          ${at(name)} = view.getFloat64(pos, true);`;
          f.print`          pos += 8;`;
        } else {
          // Values below 128 (most enums, counts, flags and small quantities) are one byte.
          const isBool = field.fieldKind === "scalar" && field.scalar === ScalarType.BOOL;
          f.print`        if (pos < len && buf[pos] < 0x80) {`;
          f.print`          ${at(name)} = ${isBool ? "buf[pos++] !== 0" : "buf[pos++]"};`;
          if (!isBool) {
            // And values below 16384 (prices in ticks, quantities) are two: still no call.
            f.print`        } else if (pos + 1 < len && buf[pos + 1] < 0x80) {`;
            f.print`          ${at(name)} = (buf[pos] & 0x7f) | (buf[pos + 1] << 7);`;
            f.print`          pos += 2;`;
          }
        }
        f.print`        } else {`;
        f.print`          r.pos = pos;`;
        f.print("          ", at(name), " = ", slow, ";");
        f.print`          pos = r.pos;`;
        f.print`        }`;
        f.print`        break;`;
        f.print`      }`;
        return;
      }
      const reusedString =
        path === "reuse" &&
        field.fieldKind === "scalar" &&
        field.scalar === ScalarType.STRING &&
        field.oneof === undefined &&
        field.presence === IMPLICIT;
      const value: Printable = reusedString
        ? // The string of the recycled message is kept when the bytes spell it again.
          [rt("readStringReusing"), `(r, m.${name})`]
        : field.fieldKind === "enum"
          ? [rt("readInt32"), "(r)"]
          : readScalar(gen, field.scalar, field.longAsString);
      f.print`      case ${tag(no, wire)}:`;
      f.print`        r.pos = pos;`;
      if (field.oneof !== undefined)
        f.print`        ${at(field.oneof.localName)} = { case: "${name}", value: ${value} };`;
      else f.print`        ${at(name)} = ${value};`;
      f.print`        pos = r.pos;`;
      f.print`        break;`;
      return;
    }
    case "message": {
      const child = gen.id(field.message);
      f.print`      case ${tag(no, WIRE_LENGTH)}: {`;
      f.print`        r.pos = pos;`;
      f.print`        const childEnd = ${rt("readLengthEnd")}(r);`;
      if (path === "reuse" && !isWrapper(field)) {
        reuseMessageCase(gen, field, child);
      } else if (field.oneof !== undefined) {
        // protobuf-es merges into the member only when it is the current case.
        const oneof = at(field.oneof.localName);
        f.print`        const current = ${oneof};`;
        f.print`        if (current?.case === "${name}") fill${child}(r, childEnd, current.value, depth + 1);`;
        f.print`        else ${oneof} = { case: "${name}", value: read${child}(r, childEnd, depth + 1) };`;
      } else if (isWrapper(field)) {
        // protobuf-es keeps a singular wrapper field (Int64Value, StringValue ...) as its bare value.
        f.print`        const child = zero${child}(r);`;
        f.print`        if (${at(name)} !== undefined) child.value = ${at(name)};`;
        f.print`        fill${child}(r, childEnd, child, depth + 1);`;
        f.print`        ${at(name)} = child.value;`;
      } else {
        f.print`        const current = ${at(name)};`;
        f.print`        if (current !== undefined) fill${child}(r, childEnd, current, depth + 1);`;
        f.print`        else ${at(name)} = read${child}(r, childEnd, depth + 1);`;
      }
      f.print`        pos = r.pos;`;
      f.print`        break;`;
      f.print`      }`;
      return;
    }
    case "list": {
      const list = at(name);
      if (field.listKind === "message" && path === "reuse") {
        const child = gen.id(field.message);
        f.print`      case ${tag(no, WIRE_LENGTH)}: {`;
        f.print`        r.pos = pos;`;
        f.print`        const child = pools.take${child}();`;
        f.print`        reuse${child}(r, ${rt("readLengthEnd")}(r), child, depth + 1);`;
        f.print`        ${list}.push(child);`;
        f.print`        pos = r.pos;`;
        f.print`        break;`;
        f.print`      }`;
        return;
      }
      if (field.listKind === "message") {
        const child = gen.id(field.message);
        f.print`      case ${tag(no, WIRE_LENGTH)}:`;
        f.print`        r.pos = pos;`;
        f.print`        ${list}.push(read${child}(r, ${rt("readLengthEnd")}(r), depth + 1));`;
        f.print`        pos = r.pos;`;
        f.print`        break;`;
        return;
      }
      const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar;
      const longAsString = field.listKind === "scalar" && field.longAsString;
      const value = readScalar(gen, scalar, longAsString);
      const wire = SCALARS[scalar].wire;
      f.print`      case ${tag(no, wire)}:`;
      f.print`        r.pos = pos;`;
      f.print`        ${list}.push(${value});`;
      f.print`        pos = r.pos;`;
      f.print`        break;`;
      if (wire !== WIRE_LENGTH) {
        // Packed and unpacked are both accepted, whichever the schema declares.
        f.print`      case ${tag(no, WIRE_LENGTH)}: {`;
        f.print`        r.pos = pos;`;
        // A jstype = JS_STRING list wraps each value (longString): the generic loop.
        const packed = longAsString ? undefined : PACKED_READERS[scalar];
        if (packed !== undefined) {
          f.print`        ${rt(packed)}(r, ${list});`;
        } else {
          f.print`        const packedEnd = ${rt("readLengthEnd")}(r);`;
          f.print`        while (r.pos < packedEnd) ${list}.push(${value});`;
        }
        f.print`        pos = r.pos;`;
        f.print`        break;`;
        f.print`      }`;
      }
      return;
    }
    case "map": {
      const key = field.mapKey;
      const keyInfo = SCALARS[key];
      f.print`      case ${tag(no, WIRE_LENGTH)}: {`;
      f.print`        r.pos = pos;`;
      f.print`        const entryEnd = ${rt("readLengthEnd")}(r);`;
      f.print`        let key = ${key === ScalarType.STRING ? '""' : key === ScalarType.BOOL ? '"false"' : '"0"'};`;
      const valueType = gen.mapValueType(field);
      f.print`        let value: ${valueType} | undefined;`;
      f.print`        while (r.pos < entryEnd) {`;
      f.print`          const e0 = buf[r.pos];`;
      f.print`          const entryTag = e0 < 0x80 ? ((r.pos += 1), e0) : ${rt("readTag")}(r);`;
      f.print`          switch (entryTag) {`;
      f.print`            case ${tag(1, keyInfo.wire)}:`;
      f.print`              key = ${readKey(gen, key)};`;
      f.print`              break;`;
      if (field.mapKind === "message") {
        const child = gen.id(field.message);
        f.print`            case ${tag(2, WIRE_LENGTH)}: {`;
        f.print`              const childEnd = ${rt("readLengthEnd")}(r);`;
        f.print`              // A value seen twice in one entry merges, as a singular message field does.`;
        f.print`              if (value === undefined) value = read${child}(r, childEnd, depth + 1);`;
        f.print`              else fill${child}(r, childEnd, value, depth + 1);`;
        f.print`              break;`;
        f.print`            }`;
      } else {
        const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar;
        f.print`            case ${tag(2, SCALARS[scalar].wire)}:`;
        f.print`              value = ${readScalar(gen, scalar, false)};`;
        f.print`              break;`;
      }
      f.print`            default:`;
      f.print`              if (entryTag >>> 3 === 1 || entryTag >>> 3 === 2) ${rt("failWireType")}(r, entryTag);`;
      f.print`              ${rt("skipField")}(r, entryTag, depth);`;
      f.print`          }`;
      f.print`        }`;
      // A missing key or value is its type's zero, as protobuf-es fills it in.
      const zero: Printable =
        field.mapKind === "message"
          ? `zero${gen.id(field.message)}(r)`
          : field.mapKind === "enum"
            ? String(field.enum.values[0].number)
            : gen.scalarZero(field.scalar, false);
      const record: Printable = ["(", at(name), " as { [key: string]: ", valueType, " })"];
      // `__proto__` is a key like any other (setEntry defines it as an own property).
      f.print('        if (key === "__proto__") ', rt("setEntry"), "(", record, ", key, value ?? ", zero, ");");
      f.print("        else ", record, "[key] = value ?? ", zero, ";");
      f.print`        pos = r.pos;`;
      f.print`        break;`;
      f.print`      }`;
      return;
    }
  }
}

/** A singular or oneof message field on the reuse path: merged into the current object, or into one from Pools. */
function reuseMessageCase(gen: MessageGen, field: DescField, child: string): void {
  const { f } = gen;
  const name = field.localName;
  const oneof = field.oneof;
  if (oneof === undefined) {
    f.print`        const current = m.${name};`;
    f.print`        if (current !== undefined) reuse${child}(r, childEnd, current, depth + 1);`;
    f.print`        else {`;
    f.print`          const child = pools.take${child}();`;
    f.print`          reuse${child}(r, childEnd, child, depth + 1);`;
    f.print`          m.${name} = child;`;
    f.print`        }`;
    return;
  }
  // protobuf-es merges into the member only when it is the current case.
  f.print`        const current = m.${oneof.localName};`;
  f.print`        if (current.case === "${name}") reuse${child}(r, childEnd, current.value, depth + 1);`;
  f.print`        else {`;
  f.print`          const child = pools.take${child}();`;
  f.print`          reuse${child}(r, childEnd, child, depth + 1);`;
  if (gen.roots.has(field.parent)) {
    f.print`          m.${oneof.localName} = pools.hold${holderName(field)}(child);`;
  } else {
    // A message that may occur several times in a frame cannot share one holder object.
    f.print`          m.${oneof.localName} = { case: "${name}", value: child };`;
  }
  f.print`        }`;
}

/** A scalar read, wrapped to a decimal string for a 64-bit field with jstype = JS_STRING. */
function readScalar(gen: MessageGen, scalar: ScalarType, longAsString: boolean): Printable {
  const call: Printable = [gen.rt(SCALARS[scalar].read), "(r)"];
  return longAsString && SCALARS[scalar].is64 ? [gen.rt("longString"), "(", call, ")"] : call;
}

/** A map entry's key as the record's string key, in protobuf-es's spelling (64-bit keys as decimal strings). */
function readKey(gen: MessageGen, key: ScalarType): Printable {
  const rt = gen.rt;
  switch (key) {
    case ScalarType.STRING:
      return [rt("readString"), "(r)"];
    case ScalarType.INT64:
    case ScalarType.UINT64:
    case ScalarType.SINT64:
      return [rt("readInt64Key"), `(r, ${key !== ScalarType.UINT64}, ${key === ScalarType.SINT64})`];
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return [rt("readFixed64Key"), `(r, ${key === ScalarType.SFIXED64})`];
    default:
      return ["String(", rt(SCALARS[key].read), "(r))"];
  }
}

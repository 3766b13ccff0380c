// The one emitter of a field's `case` in a decoding loop's tag switch, for every place a
// decoded value can go (a Sink): the fresh decode's locals, the merge's properties of `m`,
// the reusing decoder's pooled objects, and a view's slots. Each case is labelled with
// the field as the proto declares it. The loops around the cases are in loops.ts.
import { type DescField, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import type { MessageGen } from "./generate.js";
import { fits, type Lines } from "./layout.js";
import {
  hexByte,
  PACKED_READERS,
  SCALARS,
  tag,
  WIRE_BIT64,
  WIRE_LENGTH,
  WIRE_START_GROUP,
  WIRE_VARINT,
} from "./scalars.js";
import { IMPLICIT, isClosedEnum, isGroup, isJsonStruct, isWrapper } from "./schema-facts.js";

/**
 * Where a case puts the value it reads:
 * - `local`: the fresh decode (`readX`) assigns the field's local, and builds the message after the loop;
 * - `property`: the merge (`mergeXFrom`) assigns the properties of `m`;
 * - `pooled`: the reusing decoder (`reuseX`) assigns the properties of `m`, nested messages from Pools;
 * - `view`: a view class's `mergeFrom` stores numbers in its Float64Array slots, the rest in its properties.
 */
export type Sink =
  | { kind: "local" }
  | { kind: "property" }
  | { kind: "pooled" }
  | { kind: "view"; slots: ReadonlyMap<DescField, number> };

/** A field's local in a read function: prefixed, so no field name can shadow `r`, `end`, a keyword or another local. */
export const localOf = (name: string) => `$${name}`;

/** The field as the proto declares it, with short type names: `repeated PriceDepthLevel BestBidLevel = 27`. */
export function fieldLabel(field: DescField): string {
  let type: string;
  switch (field.fieldKind) {
    case "scalar":
      type = ScalarType[field.scalar].toLowerCase();
      break;
    case "enum":
      type = field.enum.name;
      break;
    case "message":
      type = field.message.name;
      break;
    case "list":
      type = `repeated ${field.listKind === "scalar" ? ScalarType[field.scalar].toLowerCase() : (field.listKind === "enum" ? field.enum : field.message).name}`;
      break;
    case "map": {
      const value =
        field.mapKind === "scalar"
          ? ScalarType[field.scalar].toLowerCase()
          : (field.mapKind === "enum" ? field.enum : field.message).name;
      type = `map<${ScalarType[field.mapKey].toLowerCase()}, ${value}>`;
      break;
    }
  }
  const optional = field.fieldKind !== "list" && field.fieldKind !== "map" && field.proto.proto3Optional;
  const oneof = field.oneof === undefined ? "" : `oneof ${field.oneof.name}: `;
  // A delimited message field: a proto2 group, or editions' message_encoding = DELIMITED.
  const group = isGroup(field) ? "group " : "";
  return `${oneof}${optional ? "optional " : ""}${group}${type} ${field.name} = ${field.number}`;
}

/**
 * The hot loops (fresh decode, reusing decoder) keep the position in the local `pos` (a call is
 * preceded by `r.pos = pos` and followed by `pos = r.pos`) and read small varints and doubles
 * inline. The merge and the views read through `r.pos` and call for every value.
 */
export const isHot = (sink: Sink) => sink.kind === "local" || sink.kind === "pooled";

/** Varint scalars whose one-byte values the hot loops read inline, and doubles read through the buffer's DataView. */
const ONE_BYTE_VARINTS = new Set([ScalarType.INT32, ScalarType.UINT32, ScalarType.BOOL]);
export function readsInline(field: DescField): boolean {
  if (field.oneof !== undefined) return false;
  if (field.fieldKind === "enum") return true;
  return field.fieldKind === "scalar" && (field.scalar === ScalarType.DOUBLE || ONE_BYTE_VARINTS.has(field.scalar));
}

/**
 * A field's `case`s in a loop's tag switch: one per wire type it accepts (packed and not, for
 * repeated numbers), each labelled with the field's declaration.
 */
export function fieldCase(gen: MessageGen, field: DescField, sink: Sink, out: Lines): void {
  const { rt } = gen;
  const name = field.localName;
  const label = fieldLabel(field);
  const body = out.nested();
  // Where a value goes: the field's local (local), a property of `m` (property, pooled) or of the view.
  const at = (prop: string) =>
    sink.kind === "local" ? localOf(prop) : sink.kind === "view" ? `this.${prop}` : `m.${prop}`;
  /** A case whose body is one statement: on one line with its `break` when that fits. */
  const simpleCase = (caseTag: number, stmt: Printable[], suffix = "") =>
    shortCase(out, caseTag, `${label}${suffix}`, isHot(sink) ? [["r.pos = pos;"], stmt, ["pos = r.pos;"]] : [stmt]);
  /** A case with a block of its own (it declares locals): `r.pos` synced on entry and exit. */
  const blockCase = (caseTag: number, print: (lines: Lines) => void, suffix = "") => {
    out.line(`case ${caseTag}: { // ${label}${suffix}`);
    if (isHot(sink)) body.line("r.pos = pos;");
    print(body);
    body.line(isHot(sink) ? "pos = r.pos; break;" : "break;");
    out.line("}");
  };

  if (sink.kind === "view") {
    viewCase(gen, field, sink, out, label);
    return;
  }
  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const wire = field.fieldKind === "enum" ? WIRE_VARINT : SCALARS[field.scalar].wire;
      const caseTag = tag(field.number, wire);
      if (isClosedEnum(field)) {
        closedEnumCase(gen, field, sink, caseTag, blockCase, at);
        return;
      }
      if (isHot(sink) && readsInline(field)) {
        inlineCase(gen, field, caseTag, label, out, at(name));
        return;
      }
      const value: Printable =
        sink.kind === "pooled" &&
        field.fieldKind === "scalar" &&
        field.scalar === ScalarType.STRING &&
        field.oneof === undefined &&
        field.presence === IMPLICIT &&
        field.utf8Validation
          ? // The string of the recycled message is kept when the bytes spell it again.
            [rt("readStringReusing"), `(r, m.${name})`]
          : field.fieldKind === "enum"
            ? [rt("readInt32"), "(r)"]
            : readScalar(gen, field.scalar, field.longAsString, field.utf8Validation, gen.internSite(field));
      if (field.oneof !== undefined) {
        simpleCase(caseTag, [at(field.oneof.localName), " = { case: ", gen.f.string(name), ", value: ", value, " };"]);
      } else simpleCase(caseTag, [at(name), " = ", value, ";"]);
      return;
    }
    case "message": {
      const child = gen.id(field.message);
      const member = gen.f.string(name);
      const group = isGroup(field);
      blockCase(tag(field.number, group ? WIRE_START_GROUP : WIRE_LENGTH), (lines) => {
        lines.line("const childEnd = ", childEnd(gen, field), ";");
        if (isJsonStruct(field)) {
          jsonStructMessage(gen, field, at, lines);
        } else if (sink.kind === "pooled" && !isWrapper(field)) {
          pooledMessage(gen, field, child, lines);
        } else if (field.oneof !== undefined) {
          // protobuf-es merges into the member only when it is the current case.
          const oneof = at(field.oneof.localName);
          lines.line(`const current = ${oneof};`);
          lines.chain([
            {
              head: ["if (current?.case === ", member, ")"],
              body: [[`merge${child}From(r, childEnd, current.value, depth + 1);`]],
            },
            { head: [], body: [[oneof, " = { case: ", member, `, value: read${child}(r, childEnd, depth + 1) };`]] },
          ]);
        } else if (isWrapper(field)) {
          // protobuf-es keeps a singular wrapper field (Int64Value, StringValue ...) as its bare value.
          lines.line(`const child = zero${child}(r);`);
          lines.line(`if (${at(name)} !== undefined) child.value = ${at(name)};`);
          lines.line(`merge${child}From(r, childEnd, child, depth + 1);`);
          lines.line(`${at(name)} = child.value;`);
        } else {
          lines.line(`const current = ${at(name)};`);
          lines.chain([
            { head: ["if (current !== undefined)"], body: [[`merge${child}From(r, childEnd, current, depth + 1);`]] },
            { head: [], body: [[`${at(name)} = read${child}(r, childEnd, depth + 1);`]] },
          ]);
        }
        if (group) lines.line(rt("closeGroup"), `(r, ${field.number});`);
      });
      return;
    }
    case "list": {
      const list = at(name);
      if (field.listKind === "message") {
        const child = gen.id(field.message);
        if (isGroup(field) || isJsonStruct(field)) {
          blockCase(tag(field.number, isGroup(field) ? WIRE_START_GROUP : WIRE_LENGTH), (lines) => {
            lines.line("const childEnd = ", childEnd(gen, field), ";");
            const item: Printable = `read${child}(r, childEnd, depth + 1)`;
            lines.line(`${list}.push(`, isJsonStruct(field) ? [rt("structToJson"), "(", item, ")"] : item, ");");
            if (isGroup(field)) lines.line(rt("closeGroup"), `(r, ${field.number});`);
          });
          return;
        }
        const caseTag = tag(field.number, WIRE_LENGTH);
        const fresh: Printable[] = [`${list}.push(read${child}(r, `, rt("readLengthEnd"), "(r), depth + 1));"];
        const item: Printable[][] =
          sink.kind === "pooled"
            ? [
                [`const child = pools.take${child}();`],
                [`reuse${child}(r, `, rt("readLengthEnd"), "(r), child, depth + 1);"],
                [`${list}.push(child);`],
              ]
            : [fresh];
        if (isHot(sink) && caseTag < 0x4000) runCase(out, caseTag, label, item);
        else if (sink.kind === "pooled") {
          blockCase(caseTag, (lines) => {
            for (const stmt of item) lines.line(...stmt);
          });
        } else simpleCase(caseTag, fresh);
        return;
      }
      const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar;
      const longAsString = field.listKind === "scalar" && field.longAsString;
      const value = readScalar(gen, scalar, longAsString, field.utf8Validation, gen.internSite(field));
      const wire = SCALARS[scalar].wire;
      simpleCase(tag(field.number, wire), [`${list}.push(`, value, ");"], wire !== WIRE_LENGTH ? ", unpacked" : "");
      if (wire === WIRE_LENGTH) return;
      // Packed and unpacked are both accepted, whichever the schema declares.
      // A jstype = JS_STRING list wraps each value (longString): the generic loop.
      const packed = longAsString ? undefined : PACKED_READERS[scalar];
      if (packed !== undefined) {
        simpleCase(tag(field.number, WIRE_LENGTH), [rt(packed), `(r, ${list});`], ", packed");
      } else {
        blockCase(
          tag(field.number, WIRE_LENGTH),
          (lines) => {
            lines.line("const packedEnd = ", rt("readLengthEnd"), "(r);");
            lines.line(`while (r.pos < packedEnd) ${list}.push(`, value, ");");
          },
          ", packed",
        );
      }
      return;
    }
    case "map":
      blockCase(tag(field.number, WIRE_LENGTH), (lines) => mapEntry(gen, field, at(name), lines));
      return;
  }
}

/**
 * A case of a few statements, as pbf prints a field: on the case's line with its label at the end when
 * that fits in 120 columns, else under its label on one line, else a statement a line.
 */
function shortCase(out: Lines, caseTag: number, label: string, statements: Printable[][]): void {
  const joined = [...statements, ["break;"]].flatMap((stmt, i) => (i === 0 ? stmt : [" ", ...stmt]));
  const whole: Printable[] = [`case ${caseTag}: `, ...joined, ` // ${label}`];
  if (fits([out.indent, whole])) {
    out.line(...whole);
    return;
  }
  out.line(`case ${caseTag}: // ${label}`);
  const body = out.nested();
  if (fits([body.indent, joined])) body.line(...joined);
  else for (const stmt of [...statements, ["break;"]]) body.line(...stmt);
}

/**
 * A repeated message field in a hot loop: its elements usually arrive one after another (a book's
 * levels, a list's entries), so after each one the next tag is compared with this field's own
 * bytes and the run goes on without a return to the tag switch (the depth book's 20+20 levels
 * decoded about 8% faster). Any other tag, or this one spelled in more bytes, leaves the run for
 * the loop's switch, which reads it as before.
 */
function runCase(out: Lines, caseTag: number, label: string, item: Printable[][]): void {
  const oneByte = caseTag < 0x80;
  const next = oneByte
    ? `pos >= end || buf[pos]! !== ${hexByte(caseTag)}`
    : `pos + 1 >= end || buf[pos]! !== ${hexByte((caseTag & 0x7f) | 0x80)} || buf[pos + 1]! !== ${hexByte(caseTag >>> 7)}`;
  out.line(`case ${caseTag}: // ${label}`);
  const body = out.nested();
  body.line("for (;;) {");
  const loop = body.nested();
  loop.line("r.pos = pos;");
  for (const stmt of item) loop.line(...stmt);
  loop.line("pos = r.pos;");
  loop.line(`if (${next}) break;`);
  loop.line(`pos += ${oneByte ? 1 : 2};`);
  body.line("}");
  body.line("break;");
}

/** int32, uint32, enum and bool values of one or two bytes, and doubles, read without a call. */
function inlineCase(gen: MessageGen, field: DescField, caseTag: number, label: string, out: Lines, to: string): void {
  const { rt } = gen;
  const body = out.nested();
  const read = rt(field.fieldKind === "scalar" ? SCALARS[field.scalar].read : "readInt32");
  const slow = { head: [], body: [["r.pos = pos;"], [to, " = ", read, "(r);"], ["pos = r.pos;"]] };
  if (field.fieldKind === "scalar" && field.scalar === ScalarType.DOUBLE) {
    // Once the buffer has a DataView (see the runtime's readDouble), read through it inline.
    out.line(`case ${caseTag}: { // ${label}`);
    body.line("const view = r.view;");
    body.chain([
      {
        head: ["if (view !== undefined && pos + 8 <= len)"],
        body: [[`${to} = view.getFloat64(pos, true);`], ["pos += 8;"]],
      },
      slow,
    ]);
    body.line("break;");
    out.line("}");
    return;
  }
  out.line(`case ${caseTag}: // ${label}`);
  if (field.fieldKind === "scalar" && field.scalar === ScalarType.BOOL) {
    body.chain([{ head: ["if (pos < len && buf[pos]! < 0x80)"], body: [[`${to} = buf[pos++] !== 0;`]] }, slow]);
  } else {
    // Values below 128 are one byte, below 16384 two: most enums, counts, prices in ticks and quantities.
    body.chain([
      { head: ["if (pos < len && buf[pos]! < 0x80)"], body: [[`${to} = buf[pos++]!;`]] },
      {
        head: ["if (pos + 1 < len && buf[pos + 1]! < 0x80)"],
        body: [[`${to} = (buf[pos]! & 0x7f) | (buf[pos + 1]! << 7);`], ["pos += 2;"]],
      },
      slow,
    ]);
  }
  body.line("break;");
}

/** A singular or oneof message field on the reuse path: merged into the current object, or into one from Pools. */
function pooledMessage(gen: MessageGen, field: DescField, child: string, lines: Lines): void {
  const name = field.localName;
  const oneof = field.oneof;
  const fromPools = [[`const child = pools.take${child}();`], [`reuse${child}(r, childEnd, child, depth + 1);`]];
  if (oneof === undefined) {
    lines.line(`const current = m.${name};`);
    lines.chain([
      { head: ["if (current !== undefined)"], body: [[`reuse${child}(r, childEnd, current, depth + 1);`]] },
      { head: [], body: [...fromPools, [`m.${name} = child;`]] },
    ]);
    return;
  }
  // protobuf-es merges into the member only when it is the current case; a message that may occur
  // several times in a frame cannot share one holder object.
  const hold: Printable[] = gen.roots.has(field.parent)
    ? [`m.${oneof.localName} = pools.hold${gen.id(field.parent)}_${field.localName}(child);`]
    : [`m.${oneof.localName} = { case: `, gen.f.string(name), ", value: child };"];
  lines.line(`const current = m.${oneof.localName};`);
  lines.chain([
    {
      head: ["if (current.case === ", gen.f.string(name), ")"],
      body: [[`reuse${child}(r, childEnd, current.value, depth + 1);`]],
    },
    { head: [], body: [...fromPools, hold] },
  ]);
}

/** A map entry: its key and value read in any order, either missing taken as its type's zero. */
function mapEntry(gen: MessageGen, field: DescField, to: string, lines: Lines): void {
  const { rt } = gen;
  if (field.fieldKind !== "map") throw new Error("mapEntry: not a map");
  const key = field.mapKey;
  const inner = lines.nested("    ");
  lines.line("const entryEnd = ", rt("readLengthEnd"), "(r);");
  lines.line(`let key = ${key === ScalarType.STRING ? '""' : key === ScalarType.BOOL ? '"false"' : '"0"'};`);
  const valueType = gen.mapValueType(field);
  lines.line("let value: ", valueType, " | undefined;");
  lines.line("while (r.pos < entryEnd) {");
  lines.line("  const e0 = buf[r.pos]!;");
  lines.line("  const entryTag = e0 < 0x80 ? ((r.pos += 1), e0) : ", rt("readTag"), "(r);");
  lines.line("  switch (entryTag) {");
  lines.line(`    case ${tag(1, SCALARS[key].wire)}:`);
  inner.line("key = ", readKey(gen, key, field.utf8Validation, gen.internSite(field, "Key")), "; break;");
  if (field.mapKind === "message") {
    const child = gen.id(field.message);
    lines.line(`    case ${tag(2, WIRE_LENGTH)}: {`);
    inner.line("const childEnd = ", rt("readLengthEnd"), "(r);");
    inner.line(`if (value === undefined) value = read${child}(r, childEnd, depth + 1);`);
    inner.line(`else merge${child}From(r, childEnd, value, depth + 1);`);
    inner.line("break;");
    lines.line("    }");
  } else {
    const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar;
    lines.line(`    case ${tag(2, SCALARS[scalar].wire)}:`);
    inner.line(
      "value = ",
      readScalar(gen, scalar, false, field.utf8Validation, gen.internSite(field, "Value")),
      "; break;",
    );
  }
  lines.line("    default:");
  inner.line("if (entryTag >>> 3 === 1 || entryTag >>> 3 === 2) ", rt("failWireType"), "(r, entryTag);");
  inner.line(rt("skipField"), "(r, entryTag, depth);");
  lines.line("  }");
  lines.line("}");
  // A missing key or value is its type's zero, as protobuf-es makes it.
  const zero: Printable =
    field.mapKind === "message"
      ? `zero${gen.id(field.message)}(r)`
      : field.mapKind === "enum"
        ? String(field.enum.values[0]?.number ?? 0)
        : gen.scalarZero(field.scalar, false);
  if (field.mapKind === "message" && isJsonStruct(field)) {
    // protobuf-es keeps a Struct map value as a JSON object: read as the message, converted once set.
    const record: Printable = ["(", to, " as { [key: string]: unknown })"];
    lines.line(rt("setEntry"), "(", record, ", key, ", rt("structToJson"), "(value ?? ", zero, "));");
    return;
  }
  const record: Printable = ["(", to, " as { [key: string]: ", valueType, " })"];
  // `__proto__` is a key like any other (setEntry defines it as an own property).
  lines.chain([
    { head: ['if (key === "__proto__")'], body: [[rt("setEntry"), "(", record, ", key, value ?? ", zero, ");"]] },
    { head: [], body: [[record, "[key] = value ?? ", zero, ";"]] },
  ]);
}

/** A field's case in a view's `mergeFrom` (see views.ts for which fields a view has). */
function viewCase(gen: MessageGen, field: DescField, sink: Sink & { kind: "view" }, out: Lines, label: string): void {
  const { rt } = gen;
  const prop = field.localName;
  const body = out.nested();
  const slot = sink.slots.get(field);
  if (slot !== undefined) {
    const double = field.fieldKind === "scalar" && field.scalar === ScalarType.DOUBLE;
    const store = [rt(viewStoreReader(field)), `(r, this.num, ${slot});`];
    shortCase(out, tag(field.number, double ? WIRE_BIT64 : WIRE_VARINT), label, [store]);
    return;
  }
  if (field.fieldKind === "scalar") {
    const read = [`this.${prop} = `, rt("readStringReusing"), `(r, this.previous${prop});`];
    shortCase(out, tag(field.number, WIRE_LENGTH), label, [read]);
    return;
  }
  out.line(`case ${tag(field.number, WIRE_LENGTH)}: { // ${label}`);
  if (field.fieldKind === "list") {
    // Reset here rather than in ViewList.add: this call site sees one view class only.
    body.line(`const child = this.${prop}.add();`);
    body.line("child.reset();");
    body.line("child.mergeFrom(r, ", rt("readLengthEnd"), "(r), depth + 1);");
  } else if (field.fieldKind === "message") {
    body.line("const childEnd = ", rt("readLengthEnd"), "(r);");
    if (field.oneof !== undefined) {
      const oneof = field.oneof.localName;
      const child = `this.${oneof}${prop}`;
      // protobuf-es merges into the member only when it is the current case.
      body.line(`if (this.${oneof}.case !== `, gen.f.string(prop), ") {");
      body.line(`  ${child}.reset();`);
      body.line(`  setCase(this.${oneof}, `, gen.f.string(prop), `, ${child});`);
      body.line("}");
      body.line(`${child}.mergeFrom(r, childEnd, depth + 1);`);
    } else {
      body.line(`if (!this.has${prop}) {`);
      body.line(`  this.${prop}View.reset();`);
      body.line(`  this.has${prop} = true;`);
      body.line("}");
      body.line(`this.${prop}View.mergeFrom(r, childEnd, depth + 1);`);
    }
  } else throw new Error(`generateViews: ${field.parent.typeName}.${prop} is not viewable`);
  body.line("break;");
  out.line("}");
}

const VIEW_STORE_READERS: Partial<Record<ScalarType, string>> = {
  [ScalarType.INT32]: "readInt32To",
  [ScalarType.UINT32]: "readUint32To",
  [ScalarType.INT64]: "readInt64To",
  [ScalarType.UINT64]: "readUint64To",
  [ScalarType.DOUBLE]: "readDoubleTo",
};

/** The reader that stores a field's number into a view's Float64Array, or undefined when a view keeps it otherwise. */
export function viewStoreReaderOf(field: DescField): string | undefined {
  if (field.oneof !== undefined || field.presence !== IMPLICIT) return undefined;
  if (field.fieldKind === "enum") return "readInt32To";
  if (field.fieldKind !== "scalar" || field.longAsString) return undefined;
  return VIEW_STORE_READERS[field.scalar];
}

function viewStoreReader(field: DescField): string {
  const reader = viewStoreReaderOf(field);
  if (reader === undefined) throw new Error(`${field.parent.typeName}.${field.name} has no view slot`);
  return reader;
}

/**
 * A scalar read, wrapped to a decimal string for a 64-bit field with jstype = JS_STRING; a string
 * without UTF-8 validation (proto2, `utf8_validation = NONE`) read as protobuf-es does, invalid bytes as U+FFFD.
 */
export function readScalar(
  gen: MessageGen,
  scalar: ScalarType,
  longAsString: boolean,
  validated: boolean,
  site: string,
): Printable {
  if (scalar === ScalarType.STRING) {
    return validated ? [gen.rt("readString"), `(r, ${site})`] : [gen.rt("readStringUnvalidated"), "(r)"];
  }
  const call: Printable = [gen.rt(SCALARS[scalar].read), "(r)"];
  return longAsString && SCALARS[scalar].is64 ? [gen.rt("longString"), "(", call, ")"] : call;
}

/** A map entry's key as the record's string key, in protobuf-es's spelling (64-bit keys as decimal strings). */
function readKey(gen: MessageGen, key: ScalarType, validated: boolean, site: string): Printable {
  const rt = gen.rt;
  switch (key) {
    case ScalarType.STRING:
      return validated ? [rt("readString"), `(r, ${site})`] : [rt("readStringUnvalidated"), "(r)"];
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

/** Where a message field's value ends: its length prefix, or a group's end tag (the group is read, then closed). */
function childEnd(gen: MessageGen, field: DescField): Printable {
  return isGroup(field) ? [gen.rt("groupEnd"), `(r, ${field.number}, depth + 1)`] : [gen.rt("readLengthEnd"), "(r)"];
}

/**
 * A closed enum's value (proto2, `enum_type = CLOSED`): assigned when the enum declares it, else kept
 * as an unknown field as fromBinary keeps it (see readX for the list it goes to).
 */
function closedEnumCase(
  gen: MessageGen,
  field: DescField & { fieldKind: "enum" },
  sink: Sink,
  caseTag: number,
  blockCase: (caseTag: number, print: (lines: Lines) => void) => void,
  at: (prop: string) => string,
): void {
  const { rt } = gen;
  blockCase(caseTag, (lines) => {
    lines.line("const value = ", rt("readInt32"), "(r);");
    const assign: Printable =
      field.oneof === undefined
        ? `${at(field.localName)} = value;`
        : [at(field.oneof.localName), " = { case: ", gen.f.string(field.localName), ", value };"];
    const keep: Printable =
      sink.kind === "local"
        ? ["unknownEnums = ", rt("keepUnknownEnum"), `(r, unknownEnums, ${field.number}, value);`]
        : [
            "m.$unknown = ",
            rt("keepUnknownEnum"),
            `(r, m.$unknown as `,
            gen.rtType("UnknownField"),
            `[] | undefined, ${field.number}, value) as typeof m.$unknown;`,
          ];
    lines.chain([
      { head: [`if (${gen.knownValues(field.enum)}.has(value))`], body: [[assign]] },
      { head: [], body: [keep] },
    ]);
  });
}

/** A google.protobuf.Struct field (singular or oneof): protobuf-es keeps a JSON object, merged through the message. */
function jsonStructMessage(gen: MessageGen, field: DescField, at: (prop: string) => string, lines: Lines): void {
  const { rt } = gen;
  if (field.fieldKind !== "message") throw new Error("jsonStructMessage: not a message field");
  const child = gen.id(field.message);
  const toJson = (struct: string): Printable => [rt("structToJson"), `(${struct})`];
  if (field.oneof !== undefined) {
    const oneof = at(field.oneof.localName);
    const member = gen.f.string(field.localName);
    lines.line(`const current = ${oneof};`);
    lines.line(
      "const struct = current?.case === ",
      member,
      ` ? `,
      rt("jsonToStruct"),
      `(current.value) : zero${child}(r);`,
    );
    lines.line(`merge${child}From(r, childEnd, struct, depth + 1);`);
    lines.line(oneof, " = { case: ", member, ", value: ", toJson("struct"), " };");
    return;
  }
  const prop = at(field.localName);
  lines.line(`const current = ${prop};`);
  lines.line("const struct = current !== undefined ? ", rt("jsonToStruct"), `(current) : zero${child}(r);`);
  lines.line(`merge${child}From(r, childEnd, struct, depth + 1);`);
  lines.line(prop, " = ", toJson("struct"), ";");
}

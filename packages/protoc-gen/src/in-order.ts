// readX's fields read in order: every encoder we know of (protobuf-es, protobuf.js, the C++,
// Java and Go runtimes) writes a message's fields by ascending number, so readX reads them
// that way, straight through with no loop and no tag switch: per field, its tag's bytes are
// compared at `pos` and its value read. Whatever such a pass does not take (a field out of
// order or seen again, an unknown field, a list in its other encoding, a tag spelled in more
// bytes) is left where it starts, and mergeXFrom reads the rest into the message built from
// the pass: merging the rest gives what the loop gave, since a later value of a scalar
// replaces, a list appends and a message merges in either. Shorter than the loop, a small
// message's readX gets inlined into its parent's (V8 inlines up to 460 bytes of bytecode).
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Printable } from "@bufbuild/protoplugin";
import { fieldLabel, localOf, readScalar, readsInline } from "./field-case.js";
import type { MessageGen } from "./generate.js";
import { fits, type Lines } from "./layout.js";
import { hexByte, PACKED_READERS, SCALARS, tag, tagBytes, WIRE_LENGTH } from "./scalars.js";
import { isClosedEnum, isGroup, isJsonStruct, isWrapper, usesPrototype } from "./schema-facts.js";

/**
 * Whether readX reads in order: not for messages with a map, a group, a Struct or wrapper field or a closed
 * enum (their loops keep rules of their own: see field-case.ts), nor those made on a prototype.
 */
export function readsInOrder(desc: DescMessage): boolean {
  if (usesPrototype(desc)) return false;
  return desc.fields.every(
    (field) =>
      field.fieldKind !== "map" && !isGroup(field) && !isJsonStruct(field) && !isWrapper(field) && !isClosedEnum(field),
  );
}

/** Whether the pass reads a field's value inline, so that readX needs the frame's end `len` in a local. */
export const needsLen = (desc: DescMessage) =>
  desc.fields.some(
    (f) => readsInline(f) || readsNumberInline(f) || (f.fieldKind === "list" && f.listKind === "message"),
  );

/** The pass over readX's fields, by number, each value into its local; `buf`, `len` and `pos` declared before. */
export function inOrderFields(gen: MessageGen, desc: DescMessage, out: Lines): void {
  const fields = [...desc.fields].sort((a, b) => a.number - b.number);
  for (const field of fields) inOrderField(gen, field, out);
}

function inOrderField(gen: MessageGen, field: DescField, out: Lines): void {
  const { rt } = gen;
  const label = fieldLabel(field);
  const at = localOf(field.localName);
  const body = out.nested();
  /**
   * `if (<the tag's bytes at pos, then `least` bytes, before end>) {`, the value read past the tag, `}`. A
   * tag too close to `end` is left to mergeXFrom, so the inline reads need not check the first bytes they read.
   */
  const block = (wire: number, print: (skip: number) => void, least = 0) => {
    const bytes = tagBytes(tag(field.number, wire));
    open(out, tagAt(bytes, "pos", least), label);
    print(bytes.length);
    out.line("}");
  };
  /** A value read by a call: the call gets the position past the tag. */
  const called = (wire: number, value: Printable) =>
    block(wire, (skip) => {
      body.line(`r.pos = pos + ${skip};`);
      if (oneof === undefined) body.line(at, " = ", value, ";");
      else {
        const holder = localOf(oneof.localName);
        const member = gen.f.string(field.localName);
        if (fits([body.indent, holder, " = { case: ", member, ", value: ", value, " };"])) {
          body.line(holder, " = { case: ", member, ", value: ", value, " };");
        } else {
          body.line(holder, " = {");
          body.line("  case: ", member, ",");
          body.line("  value: ", value, ",");
          body.line("};");
        }
      }
      body.line("pos = r.pos;");
    });
  /** A list whose items arrive one field each: read as a run while the next tag is this one. */
  const run = (wire: number, item: Printable[]) => {
    const bytes = tagBytes(tag(field.number, wire));
    block(wire, (skip) => {
      body.line(`pos += ${skip};`);
      body.line("for (;;) {");
      body.line("  r.pos = pos;");
      body.line("  ", ...item);
      body.line("  pos = r.pos;");
      body.line(`  if (!(${tagAt(bytes, "pos")})) break;`);
      body.line(`  pos += ${skip};`);
      body.line("}");
    });
  };
  const oneof = field.oneof;
  const nested = (desc: DescMessage): Printable => [`read${gen.id(desc)}(r, `, rt("readLengthEnd"), "(r), depth + 1)"];

  switch (field.fieldKind) {
    case "scalar":
    case "enum": {
      const wire = field.fieldKind === "enum" ? SCALARS[ScalarType.INT32].wire : SCALARS[field.scalar].wire;
      if (readsInline(field)) {
        const double = field.fieldKind === "scalar" && field.scalar === ScalarType.DOUBLE;
        block(wire, (skip) => (double ? inlineDouble : inlineVarint)(gen, field, at, skip, body), double ? 8 : 1);
        return;
      }
      if (readsNumberInline(field)) {
        block(wire, (skip) => number64(gen, field, at, skip, body));
        return;
      }
      const value =
        field.fieldKind === "enum"
          ? [rt("readInt32"), "(r)"]
          : readScalar(gen, field.scalar, field.longAsString, field.utf8Validation, gen.internSite(field));
      called(wire, value);
      return;
    }
    case "message":
      called(WIRE_LENGTH, nested(field.message));
      return;
    case "list": {
      if (field.listKind === "message") {
        messageRun(gen, field.message, at, tagBytes(tag(field.number, WIRE_LENGTH)), out, label);
        return;
      }
      const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar;
      const longAsString = field.listKind === "scalar" && field.longAsString;
      const wire = SCALARS[scalar].wire;
      const packed = longAsString ? undefined : PACKED_READERS[scalar];
      if (wire !== WIRE_LENGTH && field.packed && packed !== undefined) {
        block(WIRE_LENGTH, (skip) => {
          body.line(`r.pos = pos + ${skip};`);
          body.line(rt(packed), `(r, ${at});`);
          body.line("pos = r.pos;");
        });
        return;
      }
      const value = readScalar(gen, scalar, longAsString, field.utf8Validation, gen.internSite(field));
      run(wire, [`${at}.push(`, value, ");"]);
      return;
    }
    case "map":
      throw new Error("inOrderField: a map field (readsInOrder excludes it)");
  }
}

/**
 * A double at `pos + skip`, its 8 bytes before `end` (see block): through the buffer's DataView once it has one
 * (see the runtime's readDouble), else by the runtime's reader, which makes it.
 */
function inlineDouble(gen: MessageGen, _field: DescField, to: string, skip: number, body: Lines): void {
  body.line("const view = r.view;");
  body.chain([
    { head: ["if (view !== undefined)"], body: [[`${to} = view.getFloat64(pos + ${skip}, true);`]] },
    { head: [], body: [[`r.pos = pos + ${skip};`], [to, " = ", gen.rt("readDouble"), "(r);"]] },
  ]);
  body.line(`pos += ${skip + 8};`);
}

/**
 * An int32, uint32, enum or bool at `pos + skip`, its first byte before `end` (see block): one or two bytes read
 * inline (most enums, counts, prices in ticks and quantities), longer ones by the runtime's reader.
 */
function inlineVarint(gen: MessageGen, field: DescField, to: string, skip: number, body: Lines): void {
  const read = gen.rt(field.fieldKind === "scalar" ? SCALARS[field.scalar].read : "readInt32");
  const slow = { head: [], body: [[`r.pos = pos + ${skip};`], [to, " = ", read, "(r);"], ["pos = r.pos;"]] };
  body.line(`const b = buf[pos + ${skip}]!;`);
  if (field.fieldKind === "scalar" && field.scalar === ScalarType.BOOL) {
    body.chain([{ head: ["if (b < 0x80)"], body: [[`${to} = b !== 0;`], [`pos += ${skip + 1};`]] }, slow]);
    return;
  }
  body.chain([
    { head: ["if (b < 0x80)"], body: [[`${to} = b;`], [`pos += ${skip + 1};`]] },
    {
      head: [`if (pos + ${skip + 1} < len && buf[pos + ${skip + 1}]! < 0x80)`],
      body: [[`${to} = (b & 0x7f) | (buf[pos + ${skip + 1}]! << 7);`], [`pos += ${skip + 2};`]],
    },
    slow,
  ]);
}

/**
 * A repeated message field's elements, read as a run while the next tag is this field's (a book's levels, a
 * list's entries arrive one after another), each element's length of one byte read inline.
 */
function messageRun(
  gen: MessageGen,
  desc: DescMessage,
  list: string,
  bytes: number[],
  out: Lines,
  label: string,
): void {
  const skip = bytes.length;
  open(out, tagAt(bytes, "pos"), label);
  const body = out.nested();
  body.line(`pos += ${skip};`);
  body.line("for (;;) {");
  const loop = body.nested();
  loop.line("const n = buf[pos]!;");
  loop.line("let childEnd = pos + 1 + n;");
  loop.chain([
    { head: ["if (n < 0x80 && childEnd <= len)"], body: [["r.pos = pos + 1;"]] },
    { head: [], body: [["r.pos = pos;"], ["childEnd = ", gen.rt("readLengthEnd"), "(r);"]] },
  ]);
  loop.line(`${list}.push(read${gen.id(desc)}(r, childEnd, depth + 1));`);
  loop.line("pos = r.pos;");
  loop.line(`if (!(${tagAt(bytes, "pos")})) break;`);
  loop.line(`pos += ${skip};`);
  body.line("}");
  out.line("}");
}

/** int64 and uint64 fields (not a oneof's, not jstype = JS_STRING), which the int64 "number" mode reads inline. */
export function readsNumberInline(field: DescField): boolean {
  return (
    field.fieldKind === "scalar" &&
    field.oneof === undefined &&
    !field.longAsString &&
    (field.scalar === ScalarType.INT64 || field.scalar === ScalarType.UINT64)
  );
}

/**
 * An int64 or uint64 in the "number" mode (`numbers`, set at readX's start): a varint of at most 8 bytes whose
 * value is below 2^53 (every count, time and id of the market data), its first four bytes summed into `lo` and
 * the next four into `hi` with integer operations and the two joined into one double, exactly, with no call;
 * anything else, and the other modes, from its start by the runtime's reader.
 */
function number64(gen: MessageGen, field: DescField, to: string, skip: number, body: Lines): void {
  const read = gen.rt(SCALARS[field.scalar as ScalarType].read);
  body.line(`const start = pos + ${skip};`);
  body.line("let lo = 0;");
  body.line("let hi = 0;");
  body.line("let b = numbers ? 0x80 : 0;");
  body.line("pos = start;");
  body.line("for (let shift = 0; b >= 0x80 && shift < 28; shift += 7) {");
  body.line("  b = buf[pos++]!;");
  body.line("  lo |= (b & 0x7f) << shift;");
  body.line("}");
  body.line("for (let shift = 0; b >= 0x80 && shift < 28; shift += 7) {");
  body.line("  b = buf[pos++]!;");
  body.line("  hi |= (b & 0x7f) << shift;");
  body.line("}");
  // hi below 2^25: the value is below 2^53.
  body.chain([
    {
      head: ["if (numbers && b < 0x80 && hi < 0x2000000 && pos <= len)"],
      body: [[to, " = (hi * 0x10000000 + lo) as unknown as typeof ", to, ";"]],
    },
    { head: [], body: [["r.pos = start;"], [to, " = ", read, "(r);"], ["pos = r.pos;"]] },
  ]);
}

/** `if (condition) { // label`, the label on a line of its own above when the line would pass 120 columns. */
function open(out: Lines, condition: string, label: string): void {
  if (fits([out.indent, `if (${condition}) { // ${label}`])) out.line(`if (${condition}) { // ${label}`);
  else {
    out.line(`// ${label}`);
    out.line(`if (${condition}) {`);
  }
}

/** The condition that `buf` holds the tag's bytes at `at`, and they and `least` bytes more lie before `end`. */
function tagAt(bytes: number[], at: string, least = 0): string {
  const last = bytes.length + least - 1;
  const compares = bytes.map((b, i) => `buf[${i === 0 ? at : `${at} + ${i}`}]! === ${hexByte(b)}`);
  return [`${last === 0 ? at : `${at} + ${last}`} < end`, ...compares].join(" && ");
}

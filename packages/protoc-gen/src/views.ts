// The zero-allocation view classes of the `internals` option (the codec's ViewDecoder).
// One class per message that allows one: numbers live in a Float64Array (a store into
// a typed array never allocates, whatever V8 has learnt about object fields), strings
// in plain properties (a reference store), repeated messages in a ViewList of recycled
// views, a oneof in one recycled { case, value } holder. `fill` merges the wire bytes of
// one message into the view with protobuf semantics; unknown fields are skipped.
//
// Which messages get a view: every field must be a singular int32, uint32, enum,
// int64 or uint64 (numbers, exact below 2^53) or double, a singular string, a message
// field, a repeated message field, or a oneof of message fields, and every message it
// reaches must get a view too. Not viewable: bytes, float, bool, the zigzag and fixed
// types, repeated scalars, maps, `optional` scalars, scalar oneof members, wrapper
// fields, 64-bit fields with jstype = JS_STRING, and messages that reach themselves
// (a view holds its child views, made with it).
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { rejectWrongWireType } from "./decode.js";
import type { MessageGen } from "./generate.js";
import { IMPLICIT, isWrapper } from "./schema-facts.js";

const NUMERIC_READERS: Partial<Record<ScalarType, string>> = {
  [ScalarType.INT32]: "readInt32To",
  [ScalarType.UINT32]: "readUint32To",
  [ScalarType.INT64]: "readInt64To",
  [ScalarType.UINT64]: "readUint64To",
  [ScalarType.DOUBLE]: "readDoubleTo",
};

/** The view-store reader of a numeric field, or undefined when the field is not a number in a view. */
function numericReader(field: DescField): string | undefined {
  if (field.oneof !== undefined || field.presence !== IMPLICIT) return undefined;
  if (field.fieldKind === "enum") return "readInt32To";
  if (field.fieldKind !== "scalar" || field.longAsString) return undefined;
  return NUMERIC_READERS[field.scalar];
}

function isViewString(field: DescField): boolean {
  return (
    field.fieldKind === "scalar" &&
    field.scalar === ScalarType.STRING &&
    field.oneof === undefined &&
    field.presence === IMPLICIT
  );
}

/** The messages of `candidates` that get a view class (see the file comment). */
export function viewableMessages(candidates: readonly DescMessage[]): Set<DescMessage> {
  const verdict = new Map<DescMessage, boolean>();
  const visiting = new Set<DescMessage>();
  const viewable = (desc: DescMessage): boolean => {
    const known = verdict.get(desc);
    if (known !== undefined) return known;
    if (visiting.has(desc)) return false; // reaches itself
    visiting.add(desc);
    let ok = candidates.includes(desc);
    for (const field of desc.fields) {
      if (!ok) break;
      if (numericReader(field) !== undefined || isViewString(field)) continue;
      if (field.fieldKind === "list" && field.listKind === "message") ok = viewable(field.message);
      else if (field.fieldKind === "message" && !isWrapper(field)) {
        ok = viewable(field.message);
        if (field.oneof !== undefined) ok &&= field.oneof.fields.every((member) => member.fieldKind === "message");
      } else ok = false;
    }
    visiting.delete(desc);
    verdict.set(desc, ok);
    return ok;
  };
  return new Set(candidates.filter(viewable));
}

export function generateViews(gen: MessageGen, messages: readonly DescMessage[]): void {
  const { f } = gen;
  if (messages.length === 0) return;
  for (const desc of messages) {
    f.print`/** What \`${gen.id(desc)}View.toObject()\` returns: the message with 64-bit fields as numbers. */`;
    f.print`export type ${gen.id(desc)}Object = ${gen.rtType("WithInt64")}<${gen.shape(desc)}, number>;`;
    f.print();
  }
  f.print`/** Sets a reused oneof holder; its properties are readonly to consumers only. */`;
  f.print`function setCase(holder: object, kase: string | undefined, value: object | undefined): void {`;
  f.print`  const h = holder as { case: string | undefined; value: object | undefined };`;
  f.print`  h.case = kase;`;
  f.print`  h.value = value;`;
  f.print`}`;
  f.print();
  for (const desc of messages) generateView(gen, desc);
}

const viewOf = (gen: MessageGen, desc: DescMessage) => `${gen.id(desc)}View`;

function generateView(gen: MessageGen, desc: DescMessage): void {
  const { f, rt } = gen;
  const name = gen.id(desc);
  const numeric = desc.fields.filter((field) => numericReader(field) !== undefined);
  const slot = new Map(numeric.map((field, i) => [field, i]));
  const objectProps: string[] = [`$typeName: "${desc.typeName}"`];
  const resets: string[] = [];
  f.print`/** A reused, zero-allocation view of a ${desc.typeName}: valid until the next frame is decoded into it. */`;
  f.print`export class ${name}View {`;
  f.print`  readonly $typeName = "${desc.typeName}";`;
  if (numeric.length > 0) f.print`  private readonly num = new Float64Array(${numeric.length});`;
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const oneof = member.localName;
      const union = member.fields
        .map((m) => `{ readonly case: "${m.localName}"; readonly value: ${viewOf(gen, m.message as DescMessage)} }`)
        .concat("{ readonly case: undefined; readonly value: undefined }")
        .join(" | ");
      f.print`  /** The current member of the oneof; the holder object is reused. */`;
      f.print`  readonly ${oneof}: ${union} = { case: undefined, value: undefined };`;
      for (const m of member.fields) {
        f.print`  private readonly ${oneof}${m.localName} = new ${viewOf(gen, m.message as DescMessage)}();`;
      }
      resets.push(`    setCase(this.${oneof}, undefined, undefined);`);
      objectProps.push(
        `${oneof}: (this.${oneof}.case === undefined ? { case: undefined } : { case: this.${oneof}.case, value: this.${oneof}.value.toObject() }) as ${name}Object["${oneof}"]`,
      );
      continue;
    }
    const field = member;
    const prop = field.localName;
    if (field.fieldKind === "list") {
      f.print`  readonly ${prop} = new ${rt("ViewList")}(() => new ${viewOf(gen, field.message as DescMessage)}());`;
      resets.push(`    this.${prop}.clear();`);
      objectProps.push(`${prop}: this.${prop}.toArray((v) => v.toObject())`);
    } else if (field.fieldKind === "message") {
      const child = viewOf(gen, field.message);
      f.print`  private readonly ${prop}View = new ${child}();`;
      f.print`  private has${prop} = false;`;
      f.print`  /** Undefined when the frame has no ${prop}, as protobuf-es leaves the property absent. */`;
      f.print`  get ${prop}(): ${child} | undefined {`;
      f.print`    return this.has${prop} ? this.${prop}View : undefined;`;
      f.print`  }`;
      resets.push(`    this.has${prop} = false;`);
    } else if (isViewString(field)) {
      f.print`  ${prop} = "";`;
      f.print`  /** The value before the last reset: a recycled view's string is kept when the bytes spell it again. */`;
      f.print`  private previous${prop} = "";`;
      resets.push(`    if (this.${prop} !== "") this.previous${prop} = this.${prop};\n    this.${prop} = "";`);
      objectProps.push(`${prop}: this.${prop}`);
    } else {
      f.print`  get ${prop}(): number {`;
      f.print`    return this.num[${String(slot.get(field))}];`;
      f.print`  }`;
      objectProps.push(`${prop}: this.num[${slot.get(field)}]`);
    }
  }
  // Unrolled stores: Float64Array.fill is a builtin call, which costs more than a few stores.
  if (numeric.length > 0) {
    resets.unshift(`    const num = this.num;\n${numeric.map((_, i) => `    num[${i}] = 0;`).join("\n")}`);
  }
  f.print();
  f.print`  /** Back to a message with no fields set. */`;
  f.print`  reset(): void {`;
  for (const line of resets) f.print(line);
  f.print`  }`;
  f.print();
  f.print`  /** Merges one encoded ${desc.name}, \`r.buf[r.pos, end)\`, into this view. */`;
  f.print`  fill(r: ${gen.rtType("Reader")}, end: number, depth: number): void {`;
  // No depth check: a view's messages never reach themselves, so nesting is bounded by the schema.
  f.print`    const buf = r.buf;`;
  f.print`    while (r.pos < end) {`;
  f.print`      const b0 = buf[r.pos];`;
  f.print`      const tag = b0 < 0x80 ? ((r.pos += 1), b0) : ${rt("readTag")}(r);`;
  f.print`      switch (tag) {`;
  for (const field of desc.fields) fillCase(gen, field, slot);
  f.print`        default:`;
  rejectWrongWireType(gen, desc, "          ");
  f.print`          ${rt("skipField")}(r, tag, depth);`;
  f.print`      }`;
  f.print`    }`;
  f.print`  }`;
  f.print();
  const singular = desc.fields.filter((x) => x.fieldKind === "message" && x.oneof === undefined);
  f.print`  /** A plain copy, shaped as a decode with int64 "number" returns it (allocates). */`;
  f.print`  toObject(): ${name}Object {`;
  if (singular.length === 0) {
    f.print`    return { ${objectProps.join(", ")} };`;
  } else {
    f.print`    const m: ${name}Object = { ${objectProps.join(", ")} };`;
    for (const x of singular)
      f.print`    if (this.has${x.localName}) m.${x.localName} = this.${x.localName}View.toObject();`;
    f.print`    return m;`;
  }
  f.print`  }`;
  f.print`}`;
  f.print();
}

function fillCase(gen: MessageGen, field: DescField, slot: Map<DescField, number>): void {
  const { f, rt } = gen;
  const prop = field.localName;
  const wire = field.fieldKind === "message" || field.fieldKind === "list" || isViewString(field) ? 2 : 0;
  const reader = numericReader(field);
  const tag =
    ((field.number << 3) | (field.fieldKind === "scalar" && field.scalar === ScalarType.DOUBLE ? 1 : wire)) >>> 0;
  f.print`        case ${tag}:`;
  if (isViewString(field)) {
    f.print`          this.${prop} = ${rt("readStringReusing")}(r, this.previous${prop});`;
    f.print`          break;`;
    return;
  }
  if (reader !== undefined) {
    f.print`          ${rt(reader)}(r, this.num, ${String(slot.get(field))});`;
    f.print`          break;`;
    return;
  }
  if (field.fieldKind === "list") {
    // Reset here rather than in ViewList.add: this call site sees one view class only.
    f.print`          {`;
    f.print`            const child = this.${prop}.add();`;
    f.print`            child.reset();`;
    f.print`            child.fill(r, ${rt("readLengthEnd")}(r), depth + 1);`;
    f.print`            break;`;
    f.print`          }`;
    return;
  }
  if (field.fieldKind !== "message") throw new Error(`generateViews: ${field.parent.typeName}.${prop} is not viewable`);
  f.print`          {`;
  f.print`            const childEnd = ${rt("readLengthEnd")}(r);`;
  if (field.oneof !== undefined) {
    const oneof = field.oneof.localName;
    const child = `this.${oneof}${prop}`;
    // protobuf-es merges into the member only when it is the current case.
    f.print`            if (this.${oneof}.case !== "${prop}") {`;
    f.print`              ${child}.reset();`;
    f.print`              setCase(this.${oneof}, "${prop}", ${child});`;
    f.print`            }`;
    f.print`            ${child}.fill(r, childEnd, depth + 1);`;
  } else {
    f.print`            if (!this.has${prop}) {`;
    f.print`              this.${prop}View.reset();`;
    f.print`              this.has${prop} = true;`;
    f.print`            }`;
    f.print`            this.${prop}View.fill(r, childEnd, depth + 1);`;
  }
  f.print`            break;`;
  f.print`          }`;
}

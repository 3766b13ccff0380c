// The zero-allocation view classes of the `internals` option (the codec's ViewDecoder).
// One class per message that allows one: numbers live in a Float64Array (a store into
// a typed array never allocates, whatever V8 has learnt about object fields), strings
// in plain properties (a reference store), repeated messages in a ViewList of recycled
// views, a oneof in one recycled { case, value } holder. `mergeFrom` merges the wire bytes of
// one message into the view with protobuf semantics; unknown fields are skipped.
//
// Which messages get a view: every field must be a singular int32, uint32, enum,
// int64 or uint64 (numbers, exact below 2^53) or double, a singular string, a message
// field, a repeated message field, or a oneof of message fields, and every message it
// reaches must get a view too. Not viewable: bytes, float, bool, the zigzag and fixed
// types, repeated scalars, maps, `optional` scalars, scalar oneof members, wrapper
// fields, 64-bit fields with jstype = JS_STRING, and messages that reach themselves
// (a view holds its child views, made with it).
import { type DescField, type DescMessage, type DescOneof, ScalarType } from "@bufbuild/protobuf";
import { getComments } from "@bufbuild/protoplugin";
import { viewStoreReaderOf as numericReader } from "./field-case.js";
import type { MessageGen } from "./generate.js";
import { fits } from "./layout.js";
import { positionLoop } from "./loops.js";
import { IMPLICIT, isWrapper } from "./schema-facts.js";

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
  f.print`/** What a view's \`toObject()\` returns: the message with 64-bit fields as numbers. */`;
  for (const desc of messages) {
    f.print(
      f.export("type", `${gen.id(desc)}Object`),
      " = ",
      gen.rtType("WithInt64"),
      "<",
      gen.shape(desc),
      ", number>;",
    );
  }
  f.print();
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
  const slots = new Map(numeric.map((field, i) => [field, i]));
  const objectProps: string[] = [`$typeName: "${desc.typeName}"`];
  const resets: string[] = [];
  f.print(f.jsDoc(desc));
  f.print(f.export("class", `${name}View`), " {");
  f.print("  readonly $typeName = ", f.string(desc.typeName), ";");
  if (numeric.length > 0) f.print`  private readonly num = new Float64Array(${numeric.length});`;
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const oneof = member.localName;
      const union = member.fields
        .map((m) => `{ readonly case: "${m.localName}"; readonly value: ${viewOf(gen, m.message as DescMessage)} }`)
        .concat("{ readonly case: undefined; readonly value: undefined }");
      memberDoc(gen, member);
      f.print`  readonly ${oneof}:`;
      for (const [i, alternative] of union.entries()) f.print(`    ${i === 0 ? "" : "| "}${alternative}`);
      f.print`    = { case: undefined, value: undefined };`;
      for (const m of member.fields) {
        f.print`  private readonly ${oneof}${m.localName} = new ${viewOf(gen, m.message as DescMessage)}();`;
      }
      resets.push(`setCase(this.${oneof}, undefined, undefined);`);
      const holder = `this.${oneof}`;
      objectProps.push(
        [
          `${oneof}: (${holder}.case === undefined`,
          "  ? { case: undefined }",
          `  : { case: ${holder}.case, value: ${holder}.value.toObject() }) as ${name}Object["${oneof}"]`,
        ].join("\n      "),
      );
      continue;
    }
    const field = member;
    const prop = field.localName;
    if (field.fieldKind === "message") {
      f.print`  private readonly ${prop}View = new ${viewOf(gen, field.message)}();`;
      f.print`  private has${prop} = false;`;
    }
    memberDoc(gen, field);
    if (field.fieldKind === "list") {
      f.print`  readonly ${prop} = new ${rt("ViewList")}(() => new ${viewOf(gen, field.message as DescMessage)}());`;
      resets.push(`this.${prop}.clear();`);
      objectProps.push(`${prop}: this.${prop}.toArray((v) => v.toObject())`);
    } else if (field.fieldKind === "message") {
      // Undefined when the frame has no such field, as protobuf-es leaves the property absent.
      const child = viewOf(gen, field.message);
      f.print`  get ${prop}(): ${child} | undefined { return this.has${prop} ? this.${prop}View : undefined; }`;
      resets.push(`this.has${prop} = false;`);
    } else if (isViewString(field)) {
      f.print`  ${prop} = "";`;
      // The value before the last reset: a recycled view's string is kept when the bytes spell it again.
      f.print`  private previous${prop} = "";`;
      resets.push(`if (this.${prop} !== "") this.previous${prop} = this.${prop};`, `this.${prop} = "";`);
      objectProps.push(`${prop}: this.${prop}`);
    } else {
      f.print`  get ${prop}(): number { return this.num[${String(slots.get(field))}]!; }`;
      objectProps.push(`${prop}: this.num[${slots.get(field)}]!`);
    }
  }
  f.print();
  f.print`  reset(): void {`;
  // Unrolled stores: Float64Array.fill is a builtin call, which costs more than a few stores.
  if (numeric.length > 0) {
    f.print`    const num = this.num;`;
    packLines(
      gen,
      "    ",
      numeric.map((_, i) => `num[${i}] = 0;`),
    );
  }
  for (const line of resets) f.print("    ", line);
  f.print`  }`;
  f.print();
  f.print`  mergeFrom(r: ${gen.rtType("Reader")}, end: number, depth: number): void {`;
  // No depth check: a view's messages never reach themselves, so nesting is bounded by the schema.
  positionLoop(gen, desc, { kind: "view", slots }, "    ");
  f.print`  }`;
  f.print();
  const singular = desc.fields.filter((x) => x.fieldKind === "message" && x.oneof === undefined);
  f.print`  toObject(): ${name}Object {`;
  const head = singular.length === 0 ? "    return " : `    const m: ${name}Object = `;
  if (fits([head, "{ ", objectProps.join(", "), " };"])) f.print(head, "{ ", objectProps.join(", "), " };");
  else {
    f.print(head, "{");
    for (const p of objectProps) f.print("      ", p, ",");
    f.print("    };");
  }
  if (singular.length > 0) {
    for (const x of singular)
      f.print`    if (this.has${x.localName}) m.${x.localName} = this.${x.localName}View.toObject();`;
    f.print`    return m;`;
  }
  f.print`  }`;
  f.print`}`;
  f.print();
}

/** Statements several a line, within 120 columns. */
function packLines(gen: MessageGen, indent: string, statements: string[]): void {
  let line = "";
  for (const statement of statements) {
    if (line !== "" && !fits([indent, line, " ", statement])) {
      gen.f.print(indent, line);
      line = "";
    }
    line = line === "" ? statement : `${line} ${statement}`;
  }
  if (line !== "") gen.f.print(indent, line);
}

/** A view member's proto comments: on one line when they are one line and fit, else through f.jsDoc. */
function memberDoc(gen: MessageGen, member: DescField | DescOneof): void {
  const text = getComments(member).leading?.trim().replace(/^ /gm, "");
  if (text === undefined || text === "") return;
  const oneLine = `  /** ${text.split("*/").join("*\\/")} */`;
  if (!text.includes("\n") && fits(oneLine)) gen.f.print(oneLine);
  else gen.f.print(gen.f.jsDoc(text, "  "));
}

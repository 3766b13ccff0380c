// Generates src/gen/views.ts: the zero-allocation view classes (see src/view.ts).
// One class per message; numbers live in a Float64Array (a store into a typed array
// never allocates, whatever V8 has learnt about object fields), strings in plain
// properties (a reference store), repeated messages in a ViewList of recycled views,
// the oneof in one recycled { case, value } holder. `fill` merges the wire bytes of
// one message into the view with protobuf semantics, exactly as the merge functions.
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { fieldLoop, type Kind, kindOf, tagOf } from "./kinds.js";

/** The reader that stores a numeric field into the view's Float64Array (see runtime/view-store.ts). */
const numericRead: Partial<Record<Kind, string>> = {
  int32: "readInt32To",
  enum: "readInt32To",
  uint32: "readUint32To",
  uint64: "readUint64To",
  int64: "readInt64To",
  double: "readDoubleTo",
};

function viewOf(desc: DescMessage): string {
  return `${desc.name}View`;
}

function genView(desc: DescMessage): string {
  const numeric = desc.fields.filter((f) => numericRead[kindOf(f)] !== undefined);
  const slot = new Map(numeric.map((f, i) => [f, i]));
  const members: string[] = [];
  const resets: string[] = [];
  const objectProps = [`$typeName: "${desc.typeName}"`];
  const cases: string[] = [];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      const oneof = member.localName;
      const union = member.fields
        .map((f) => `{ readonly case: "${f.localName}"; readonly value: ${viewOf(f.message as DescMessage)} }`)
        .concat("{ readonly case: undefined; readonly value: undefined }")
        .join(" | ");
      members.push(`  /** The current member of the oneof; the holder object is reused. */
  readonly ${oneof}: ${union} = { case: undefined, value: undefined };`);
      for (const f of member.fields) {
        members.push(`  private readonly ${oneof}${f.localName} = new ${viewOf(f.message as DescMessage)}();`);
      }
      resets.push(`    setCase(this.${oneof}, undefined, undefined);`);
      objectProps.push(
        `${oneof}: (this.${oneof}.case === undefined ? { case: undefined } : { case: this.${oneof}.case, value: this.${oneof}.value.toObject() }) as ${desc.name}Object["${oneof}"]`,
      );
      continue;
    }
    const f = member;
    const name = f.localName;
    const kind = kindOf(f);
    if (f.fieldKind === "list") {
      const child = viewOf(f.message as DescMessage);
      members.push(`  readonly ${name} = new ViewList(() => new ${child}());`);
      resets.push(`    this.${name}.clear();`);
      objectProps.push(`${name}: this.${name}.toArray((v) => v.toObject())`);
    } else if (f.fieldKind === "message") {
      const child = viewOf(f.message as DescMessage);
      members.push(`  private readonly ${name}View = new ${child}();
  private has${name} = false;
  /** Undefined when the frame has no ${name}, as protobuf-es leaves the property absent. */
  get ${name}(): ${child} | undefined {
    return this.has${name} ? this.${name}View : undefined;
  }`);
      resets.push(`    this.has${name} = false;`);
    } else if (kind === "string") {
      members.push(`  ${name} = "";
  /** The value before the last reset: a recycled view's string is kept when the bytes spell it again. */
  private previous${name} = "";`);
      resets.push(`    if (this.${name} !== "") this.previous${name} = this.${name};
    this.${name} = "";`);
      objectProps.push(`${name}: this.${name}`);
    } else {
      members.push(`  get ${name}(): number {
    return this.num[${slot.get(f)}];
  }`);
      objectProps.push(`${name}: this.num[${slot.get(f)}]`);
    }
  }
  for (const f of desc.fields) cases.push(fillCase(desc, f, slot));
  // Unrolled stores: Float64Array.fill is a builtin call, which costs more than a few stores.
  if (numeric.length > 0) {
    resets.unshift(`    const num = this.num;\n${numeric.map((_, i) => `    num[${i}] = 0;`).join("\n")}`);
  }
  const singular = desc.fields.filter((f) => f.fieldKind === "message" && f.oneof === undefined);
  const toObject =
    singular.length === 0
      ? `    return { ${objectProps.join(", ")} };`
      : `    const m: ${desc.name}Object = { ${objectProps.join(", ")} };
${singular.map((f) => `    if (this.has${f.localName}) m.${f.localName} = this.${f.localName}View.toObject();`).join("\n")}
    return m;`;
  return `/** A reused, zero-allocation view of a ${desc.name}: valid until the next frame is decoded into it. */
export class ${viewOf(desc)} {
  readonly $typeName = "${desc.typeName}";
${numeric.length > 0 ? `  private readonly num = new Float64Array(${numeric.length});\n` : ""}${members.join("\n")}

  /** Back to a message with no fields set. */
  reset(): void {
${resets.join("\n")}
  }

  /** Merges one encoded ${desc.name}, \`r.buf[r.pos, end)\`, into this view. */
  fill(r: Reader, end: number, depth: number): void {
${fieldLoop(desc, cases, "    ")}
  }

  /** A plain copy, shaped as decodeMessage(bytes, { int64: "number" }) returns it (allocates). */
  toObject(): ${desc.name}Object {
${toObject}
  }
}
`;
}

function fillCase(desc: DescMessage, f: DescField, slot: Map<DescField, number>): string {
  const kind = kindOf(f);
  const name = f.localName;
  const at = `        case ${tagOf(f)}:`;
  if (kind === "string")
    return `${at}\n          this.${name} = readStringReusing(r, this.previous${name});\n          break;`;
  if (kind !== "message")
    return `${at}\n          ${numericRead[kind]}(r, this.num, ${slot.get(f)});\n          break;`;
  if (f.fieldKind === "list") {
    // Reset here rather than in ViewList.add: this call site sees one view class only.
    return `${at} {
          const child = this.${name}.add();
          child.reset();
          child.fill(r, readLengthEnd(r), depth + 1);
          break;
        }`;
  }
  if (f.oneof !== undefined) {
    const oneof = f.oneof.localName;
    const child = `this.${oneof}${name}`;
    // protobuf-es merges into the member only when it is the current case.
    return `${at} {
          const childEnd = readLengthEnd(r);
          if (this.${oneof}.case !== "${name}") {
            ${child}.reset();
            setCase(this.${oneof}, "${name}", ${child});
          }
          ${child}.fill(r, childEnd, depth + 1);
          break;
        }`;
  }
  void desc;
  return `${at} {
          const childEnd = readLengthEnd(r);
          if (!this.has${name}) {
            this.${name}View.reset();
            this.has${name} = true;
          }
          this.${name}View.fill(r, childEnd, depth + 1);
          break;
        }`;
}

export function generateViews(messages: readonly DescMessage[]): string {
  const names = messages.map((m) => m.name);
  return `// @generated by packages/codec/scripts/generate.ts (views.ts) from tickwire/marketdata/v1/marketdata.proto. Do not edit.
// Regenerate with \`pnpm generate\`. The zero-allocation path: see src/view.ts and README.
import type { ${names.join(", ")} } from "@tickwire/proto";
import type { WithInt64 } from "../decode.js";
import {
  failWireType,
  type Reader,
  readDoubleTo,
  readInt32To,
  readInt64To,
  readLengthEnd,
  readStringReusing,
  readTag,
  readUint32To,
  readUint64To,
  skipField,
} from "../runtime/index.js";
import { ViewList } from "../view-list.js";

${names.map((n) => `/** What \`toObject()\` returns: the message with 64-bit fields as numbers. */\nexport type ${n}Object = WithInt64<${n}, number>;`).join("\n")}

/** Sets a reused oneof holder; its properties are readonly to consumers only. */
function setCase(holder: object, kase: string | undefined, value: object | undefined): void {
  const h = holder as { case: string | undefined; value: object | undefined };
  h.case = kase;
  h.value = value;
}

${messages.map(genView).join("\n")}`;
}

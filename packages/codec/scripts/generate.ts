// Writes src/gen/messages.ts: one decoder (new/merge), one encoder and one reset
// function per message of the market-data schema, from protobuf-es's descriptors.
// Generated rather than hand-written because TouchLineDataMessage and
// MarketDepthMessage share 19 fields and every message needs the same three
// functions; a schema change is then one `pnpm generate`, and CI's freshness check
// proves the committed decoders match the schema. Run: pnpm generate.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { DescField, DescMessage } from "@bufbuild/protobuf";
// The source, not @tickwire/proto's dist: generate runs before build in CI.
import { file_tickwire_marketdata_v1_marketdata as file } from "../../proto/src/gen/tickwire/marketdata/v1/marketdata_pb.js";
import { fieldLoop, hex, type Kind, kindOf, tagOf, wireTypeOf } from "./kinds.js";
import { generateViews } from "./views.js";

function tagBytes(field: DescField): number[] {
  let tag = ((field.number << 3) | wireTypeOf(kindOf(field))) >>> 0;
  const bytes: number[] = [];
  while (tag > 0x7f) {
    bytes.push((tag & 0x7f) | 0x80);
    tag >>>= 7;
  }
  bytes.push(tag);
  return bytes;
}

function zeroOf(kind: Kind): string {
  return kind === "uint64" || kind === "int64" ? "zero64" : kind === "string" ? '""' : "0";
}

function readExpr(kind: Kind, target: string): string {
  switch (kind) {
    case "int32":
    case "enum":
      return "readInt32(r)";
    case "uint32":
      return "readUint32(r)";
    case "uint64":
      return "readUint64(r)";
    case "int64":
      return "readInt64(r)";
    case "double":
      return "readDouble(r)";
    case "string":
      return `r.pools === undefined ? readString(r) : readStringReusing(r, ${target})`;
    case "message":
      throw new Error("messages are not scalars");
  }
}

function genNew(desc: DescMessage): string {
  const props = [`$typeName: "${desc.typeName}"`];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      props.push(`${member.localName}: { case: undefined }`);
    } else if (member.fieldKind === "list") {
      props.push(`${member.localName}: []`);
    } else if (member.fieldKind !== "message") {
      props.push(`${member.localName}: ${zeroOf(kindOf(member))}`);
    }
    // A singular message field is absent from a fresh protobuf-es message: no property.
  }
  return `/** A fresh ${desc.name} with the own properties, in the order, that protobuf-es's create() gives it. */
export function new${desc.name}(zero64: bigint): ${desc.name} {
  return { ${props.join(", ")} };
}
`;
}

function genReset(desc: DescMessage): string {
  const lines: string[] = [];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      // A shared empty oneof: resetting must not allocate.
      lines.push(`  m.${member.localName} = NO_CASE;`);
    } else if (member.fieldKind === "list") {
      lines.push(`  m.${member.localName}.length = 0;`);
    } else if (member.fieldKind === "message") {
      lines.push(`  m.${member.localName} = undefined;`);
    } else {
      lines.push(`  m.${member.localName} = ${zeroOf(kindOf(member))};`);
    }
  }
  return `export function reset${desc.name}(m: ${desc.name}, zero64: bigint): void {
${lines.join("\n")}
}
`;
}

function genMerge(desc: DescMessage): string {
  const cases: string[] = [];
  for (const field of desc.fields) {
    const kind = kindOf(field);
    const name = field.localName;
    if (kind !== "message") {
      cases.push(`      case ${tagOf(field)}:
        m.${name} = ${readExpr(kind, `m.${name}`)};
        break;`);
      continue;
    }
    const child = field.message;
    if (child === undefined) throw new Error("message field without a message type");
    const make = `r.pools === undefined ? new${child.name}(r.zero64 as bigint) : r.pools.take${child.name}()`;
    const mergeChild = `merge${child.name}(r, childEnd, child, depth + 1);`;
    if (field.fieldKind === "list") {
      cases.push(`      case ${tagOf(field)}: {
        const childEnd = readLengthEnd(r);
        const child = ${make};
        ${mergeChild}
        m.${name}.push(child);
        break;
      }`);
    } else if (field.oneof !== undefined) {
      const oneof = field.oneof.localName;
      // protobuf-es merges into the member only when it is the current case.
      cases.push(`      case ${tagOf(field)}: {
        const childEnd = readLengthEnd(r);
        const current = m.${oneof};
        const child = current.case === "${name}" ? current.value : ${make};
        ${mergeChild}
        if (current.case !== "${name}") m.${oneof} = r.pools === undefined ? { case: "${name}", value: child } : r.pools.hold${name}(child);
        break;
      }`);
    } else {
      cases.push(`      case ${tagOf(field)}: {
        const childEnd = readLengthEnd(r);
        const child = m.${name} ?? (${make});
        ${mergeChild}
        m.${name} = child;
        break;
      }`);
    }
  }
  return `export function merge${desc.name}(r: Reader<Pools>, end: number, m: ${desc.name}, depth: number): void {
${fieldLoop(desc, cases, "  ")}
}
`;
}

// The fresh-decode path (decodeMessage): fields are read into locals and the message
// is built once at the end, in create()'s property order. Compared with filling a
// message made with defaults, each double stays unboxed in a register until the one
// allocation, and no field is written twice; on list-heavy frames this is most of the
// time spent outside the wire readers. Messages with a singular message field (whose
// property protobuf-es leaves absent until set) keep new + merge: none is in a list.
function hasSingularMessage(desc: DescMessage): boolean {
  return desc.fields.some((f) => f.fieldKind === "message" && f.oneof === undefined);
}

function genRead(desc: DescMessage): string {
  const locals: string[] = [];
  const props = [`$typeName: "${desc.typeName}"`];
  for (const member of desc.members) {
    if (member.kind === "oneof") {
      locals.push(`  let ${member.localName}: ${desc.name}["${member.localName}"] | undefined;`);
      props.push(`${member.localName}: ${member.localName} ?? { case: undefined }`);
    } else if (member.fieldKind === "list") {
      locals.push(`  const ${member.localName}: ${desc.name}["${member.localName}"] = [];`);
      props.push(member.localName);
    } else {
      locals.push(`  let ${member.localName} = ${zeroOf(kindOf(member))};`);
      props.push(member.localName);
    }
  }
  const cases: string[] = [];
  for (const field of desc.fields) {
    const kind = kindOf(field);
    const name = field.localName;
    if (kind === "double") {
      // Once the buffer has a DataView (see readDouble), read through it here: index
      // entries carry seven doubles each, and a call per double costs more than the read.
      cases.push(`      case ${tagOf(field)}: {
        const at = r.pos;
        const view = r.view;
        if (view !== undefined && at + 8 <= r.len) {
          r.pos = at + 8;
          ${name} = view.getFloat64(at, true);
        } else ${name} = readDouble(r);
        break;
      }`);
      continue;
    }
    if (kind !== "message") {
      cases.push(`      case ${tagOf(field)}:
        ${name} = ${kind === "string" ? "readString(r)" : readExpr(kind, name)};
        break;`);
      continue;
    }
    const child = field.message;
    if (child === undefined) throw new Error("message field without a message type");
    const fresh = hasSingularMessage(child)
      ? `fresh${child.name}(r, readLengthEnd(r), depth + 1)`
      : `read${child.name}(r, readLengthEnd(r), depth + 1)`;
    if (field.fieldKind === "list") {
      cases.push(`      case ${tagOf(field)}:
        ${name}.push(${fresh});
        break;`);
    } else if (field.oneof !== undefined) {
      const oneof = field.oneof.localName;
      cases.push(`      case ${tagOf(field)}:
        if (${oneof}?.case === "${name}") merge${child.name}(r, readLengthEnd(r), ${oneof}.value, depth + 1);
        else ${oneof} = { case: "${name}", value: ${fresh} };
        break;`);
    } else {
      throw new Error(`${desc.name}.${name}: read functions do not handle singular message fields`);
    }
  }
  return `/** Decodes a ${desc.name} that has not been seen before in this frame (see genRead). */
export function read${desc.name}(r: Reader<Pools>, end: number, depth: number): ${desc.name} {
${locals.some((l) => l.includes("zero64")) ? "  const zero64 = r.zero64 as bigint;\n" : ""}${locals.join("\n")}
${fieldLoop(desc, cases, "  ")}
  return { ${props.join(", ")} };
}
`;
}

/** The fresh path for a message that keeps new + merge. */
function genFresh(desc: DescMessage): string {
  return `export function fresh${desc.name}(r: Reader<Pools>, end: number, depth: number): ${desc.name} {
  const m = new${desc.name}(r.zero64 as bigint);
  merge${desc.name}(r, end, m, depth);
  return m;
}
`;
}

function writeTagStmt(field: DescField): string {
  const bytes = tagBytes(field);
  return bytes.length === 1 ? `writeByte(w, ${hex(bytes[0])});` : `writeBytes2(w, ${hex(bytes[0])}, ${hex(bytes[1])});`;
}

function genEncode(desc: DescMessage): string {
  const lines: string[] = [];
  const sorted = desc.fields.slice().sort((a, b) => a.number - b.number);
  for (const field of sorted) {
    const kind = kindOf(field);
    const name = field.localName;
    const path = `"${desc.name}.${name}"`;
    if (kind === "message") {
      const child = field.message;
      if (child === undefined) throw new Error("message field without a message type");
      const body = `${writeTagStmt(field)}
    const at = fork(w);
    encode${child.name}(w, CHILD);
    join(w, at);`;
      if (field.fieldKind === "list") {
        lines.push(`  for (const item of m.${name}) {
    ${body.replace("CHILD", "item")}
  }`);
      } else if (field.oneof !== undefined) {
        const oneof = field.oneof.localName;
        lines.push(`  if (m.${oneof}.case === "${name}") {
    ${body.replace("CHILD", `m.${oneof}.value`)}
  }`);
      } else {
        lines.push(`  if (m.${name} !== undefined) {
    ${body.replace("CHILD", `m.${name}`)}
  }`);
      }
      continue;
    }
    // Presence as protobuf-es decides it for implicit-presence proto3 fields.
    const present =
      kind === "double"
        ? `!Object.is(m.${name}, 0)`
        : kind === "string"
          ? `m.${name} !== ""`
          : // Loose, as protobuf-es: 0n, 0 and "0" are all zero (any int64 mode can be encoded).
            `(m.${name} as unknown) != 0`;
    const writer = {
      int32: "writeInt32",
      enum: "writeInt32",
      uint32: "writeUint32",
      uint64: "writeUint64",
      int64: "writeInt64",
      double: "writeDouble",
      string: "writeString",
    }[kind];
    lines.push(`  if (${present}) {
    ${writeTagStmt(field)}
    ${writer}(w, m.${name}, ${path});
  }`);
  }
  return `export function encode${desc.name}(w: Writer, m: ${desc.name}): void {
  if (m.$typeName !== "${desc.typeName}") failMessage("${desc.name}", m.$typeName);
${lines.join("\n")}
}
`;
}

function genPools(messages: DescMessage[]): string {
  const fields: string[] = [];
  const takes: string[] = [];
  for (const desc of messages) {
    fields.push(`  private readonly ${desc.name}s: ${desc.name}[] = [];
  private used${desc.name} = 0;`);
    takes.push(`  take${desc.name}(): ${desc.name} {
    const pool = this.${desc.name}s;
    const index = this.used${desc.name}++;
    if (index < pool.length) {
      const m = pool[index];
      reset${desc.name}(m, this.zero64);
      return m;
    }
    const m = new${desc.name}(this.zero64);
    pool.push(m);
    return m;
  }`);
  }
  const base = messages[0];
  const oneof = base.oneofs[0];
  const holders: string[] = [];
  for (const field of oneof.fields) {
    const type = `Extract<${base.name}["${oneof.localName}"], { case: "${field.localName}" }>`;
    fields.push(`  private readonly holder${field.localName}: ${type};`);
    holders.push(`  hold${field.localName}(value: ${type}["value"]): ${type} {
    const holder = this.holder${field.localName};
    holder.value = value;
    return holder;
  }`);
  }
  const init = oneof.fields
    .map((f) => `    this.holder${f.localName} = { case: "${f.localName}", value: new${f.message?.name}(zero64) };`)
    .join("\n");
  const starts = messages.map((d) => `    this.used${d.name} = 0;`).join("\n");
  return `/**
 * Recycled message objects for the reusing decoder: one growing pool per message
 * type, rewound at every frame, plus one oneof holder per subtype case.
 */
export class Pools {
  private readonly zero64: bigint;
${fields.join("\n")}

  constructor(zero64: bigint) {
    this.zero64 = zero64;
${init}
  }

  /** Rewinds every pool: the objects handed out for the previous frame are reused from here on. */
  rewind(): void {
${starts}
  }

${takes.join("\n\n")}

${holders.join("\n\n")}
}
`;
}

const messages = file.messages;
const names = messages.map((m) => m.name);
const out = `// @generated by packages/codec/scripts/generate.ts from tickwire/marketdata/v1/marketdata.proto. Do not edit.
// Regenerate with \`pnpm generate\`. 64-bit fields are typed as bigint (the default
// int64 mode); decode.ts types the other modes at the public boundary.
import type { ${names.join(", ")} } from "@tickwire/proto";
import {
  failWireType,
  type Reader,
  readDouble,
  readInt32,
  readInt64,
  readLengthEnd,
  readString,
  readStringReusing,
  readTag,
  readUint32,
  readUint64,
  skipField,
} from "../runtime/index.js";
import {
  failMessage,
  fork,
  join,
  type Writer,
  writeByte,
  writeBytes2,
  writeDouble,
  writeInt32,
  writeInt64,
  writeString,
  writeUint32,
  writeUint64,
} from "../runtime/index.js";

const NO_CASE: { case: undefined; value?: undefined } = Object.freeze({ case: undefined });

${messages.map((d) => [genNew(d), genMerge(d), hasSingularMessage(d) ? genFresh(d) : genRead(d), genReset(d), genEncode(d)].join("\n")).join("\n")}
${genPools(messages)}`;

for (const [name, text] of [
  ["messages.ts", out],
  ["views.ts", generateViews(messages)],
]) {
  const target = fileURLToPath(new URL(`../src/gen/${name}`, import.meta.url));
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}

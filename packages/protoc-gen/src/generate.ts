// Writes `<name>_tw.ts` for one proto file: per message X a field loop (`fillX`), a
// zero message in protobuf-es's create() shape (`zeroX`) and a writer (`writeX`),
// wrapped by the exported decodeX / mergeX / encodeX / encodeXDelimited /
// newXFrameDecoder. Messages of other files that X reaches (well-known types,
// imports) get private copies of the same functions, so a file needs nothing but
// its `_pb` file and the runtime.
import {
  type DescEnum,
  type DescField,
  type DescFile,
  type DescMessage,
  type DescOneof,
  ScalarType,
} from "@bufbuild/protobuf";
import type { GeneratedFile, ImportSymbol, Printable, Schema } from "@bufbuild/protoplugin";
import { generateReuse } from "./reuse.js";
import { checkSupported } from "./support.js";
import { generateViews, viewableMessages } from "./views.js";

export interface PluginOptions {
  /** Where generated code imports the runtime from (default `@tickwire/codec/runtime`). */
  runtime: string;
  /** Import the file's own message and enum types from this module instead of protoc-gen-es's `_pb` file beside the output. */
  types: string | undefined;
  /**
   * Also export the per-message functions (read, fill, zero, write), and emit the
   * reusing decoder's reset/reuse functions and `Pools`, and the view classes: what
   * `@tickwire/codec` builds its ReusingDecoder and ViewDecoder on.
   */
  internals: boolean;
}

const WIRE_VARINT = 0;
const WIRE_BIT64 = 1;
const WIRE_LENGTH = 2;
const WIRE_BIT32 = 5;

interface ScalarInfo {
  read: string;
  write: string;
  wire: number;
  is64: boolean;
}

const SCALARS: Record<ScalarType, ScalarInfo> = {
  [ScalarType.DOUBLE]: { read: "readDouble", write: "writeDouble", wire: WIRE_BIT64, is64: false },
  [ScalarType.FLOAT]: { read: "readFloat", write: "writeFloat", wire: WIRE_BIT32, is64: false },
  [ScalarType.INT64]: { read: "readInt64", write: "writeInt64", wire: WIRE_VARINT, is64: true },
  [ScalarType.UINT64]: { read: "readUint64", write: "writeUint64", wire: WIRE_VARINT, is64: true },
  [ScalarType.INT32]: { read: "readInt32", write: "writeInt32", wire: WIRE_VARINT, is64: false },
  [ScalarType.FIXED64]: { read: "readFixed64", write: "writeFixed64", wire: WIRE_BIT64, is64: true },
  [ScalarType.FIXED32]: { read: "readFixed32", write: "writeFixed32", wire: WIRE_BIT32, is64: false },
  [ScalarType.BOOL]: { read: "readBool", write: "writeBool", wire: WIRE_VARINT, is64: false },
  [ScalarType.STRING]: { read: "readString", write: "writeString", wire: WIRE_LENGTH, is64: false },
  [ScalarType.BYTES]: { read: "readBytes", write: "writeBytes", wire: WIRE_LENGTH, is64: false },
  [ScalarType.UINT32]: { read: "readUint32", write: "writeUint32", wire: WIRE_VARINT, is64: false },
  [ScalarType.SFIXED32]: { read: "readSfixed32", write: "writeSfixed32", wire: WIRE_BIT32, is64: false },
  [ScalarType.SFIXED64]: { read: "readSfixed64", write: "writeSfixed64", wire: WIRE_BIT64, is64: true },
  [ScalarType.SINT32]: { read: "readSint32", write: "writeSint32", wire: WIRE_VARINT, is64: false },
  [ScalarType.SINT64]: { read: "readSint64", write: "writeSint64", wire: WIRE_VARINT, is64: true },
};

const tag = (no: number, wire: number) => ((no << 3) | wire) >>> 0;

/** The runtime's packed-run readers (one loop per type, the common case inline); other types loop here. */
const PACKED_READERS: Partial<Record<ScalarType, string>> = {
  [ScalarType.INT32]: "readPackedInt32",
  [ScalarType.UINT32]: "readPackedUint32",
  [ScalarType.SINT32]: "readPackedSint32",
  [ScalarType.BOOL]: "readPackedBool",
  [ScalarType.DOUBLE]: "readPackedDouble",
  [ScalarType.FLOAT]: "readPackedFloat",
  [ScalarType.FIXED32]: "readPackedFixed32",
  [ScalarType.SFIXED32]: "readPackedSfixed32",
};

/** read: a fresh message from locals; fill: merge into `m`; reuse: merge into `m` recycling objects from Pools. */
export type DecodePath = "read" | "fill" | "reuse";

/** The Pools holder of a oneof message member: `<message>_<field>`. */
export const holderName = (field: DescField) => `${field.parent.typeName.replace(/\./g, "_")}_${field.localName}`;

/** A field's local in a read function: prefixed, so no field name can shadow `r`, `end`, a keyword or another local. */
const localOf = (name: string) => `$${name}`;

/** Every message reachable from `roots` through message, list and map fields, roots first. */
function reachable(roots: DescMessage[]): DescMessage[] {
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
function unboundedNesting(all: readonly DescMessage[]): Set<DescMessage> {
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
function messagesOf(schema: Schema<PluginOptions>, file: DescFile): DescMessage[] {
  const out: DescMessage[] = [];
  for (const desc of schema.typesInFile(file)) if (desc.kind === "message") out.push(desc);
  return out;
}

export function generateFile(schema: Schema<PluginOptions>, file: DescFile): void {
  const own = messagesOf(schema, file);
  const all = reachable(own);
  for (const desc of all) checkSupported(desc);
  const f = schema.generateFile(`${file.name}_tw.ts`);
  f.preamble(file);
  const options = schema.options;
  const rt = (name: string): ImportSymbol => f.import(name, options.runtime);
  const rtType = (name: string): ImportSymbol => f.import(name, options.runtime, true);
  const ownSet = new Set(own);
  // Private functions of a message from another file are named by its full name: two files may both have an `Instrument`.
  const id = (desc: DescMessage) => (ownSet.has(desc) ? f.importShape(desc).name : desc.typeName.replace(/\./g, "_"));
  const referenced = new Set(all.flatMap((desc) => desc.fields.flatMap((field) => field.message ?? [])));
  const roots = new Set(all.filter((desc) => !referenced.has(desc)));
  const gen = new MessageGen(f, file, rt, rtType, id, options, roots, unboundedNesting(all));
  for (const desc of all) gen.message(desc);
  for (const desc of own) gen.publicApi(desc);
  if (options.internals) {
    generateReuse(gen, all);
    generateViews(gen, [...viewableMessages(own)]);
  }
}

export class MessageGen {
  constructor(
    readonly f: GeneratedFile,
    readonly file: DescFile,
    readonly rt: (name: string) => ImportSymbol,
    readonly rtType: (name: string) => ImportSymbol,
    readonly id: (desc: DescMessage) => string,
    readonly options: PluginOptions,
    /** Messages never reached through a field: only these may keep oneof holders in Pools (one instance a frame). */
    readonly roots: ReadonlySet<DescMessage>,
    /** Messages that can occur nested beyond the recursion limit: only these check the depth. */
    readonly deep: ReadonlySet<DescMessage>,
  ) {}

  /** A message or enum type: from protoc-gen-es's `_pb` file, or for this file's own types from the `types` module. */
  shape(desc: DescMessage | DescEnum): Printable {
    const symbol = this.f.importShape(desc);
    const types = this.options.types;
    return types === undefined || desc.file !== this.file ? symbol : this.f.import(symbol.name, types, true);
  }

  /** `export ` for the per-message functions when the codec's internals are asked for. */
  get exported(): string {
    return this.options.internals ? "export " : "";
  }

  message(desc: DescMessage): void {
    this.zero(desc);
    this.read(desc);
    this.fill(desc);
    this.write(desc);
  }

  private zero(desc: DescMessage): void {
    const { f } = this;
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
      else props.push([`${member.localName}: `, this.zeroValue(member)]);
    }
    f.print`/** A fresh ${desc.typeName} with the own properties protobuf-es's create() gives it. */`;
    f.print`${this.exported}function zero${this.id(desc)}(r: ${this.rtType("Reader")}): ${this.shape(desc)} {`;
    f.print`  return {`;
    for (const p of props) f.print("    ", p, ",");
    f.print("  } as ", this.shape(desc), ";");
    f.print`}`;
    f.print();
  }

  /** The zero of a singular implicit-presence scalar or enum field. */
  zeroValue(field: DescField): Printable {
    if (field.fieldKind === "enum") return String(field.enum.values[0].number);
    if (field.fieldKind !== "scalar") throw new Error("zeroValue: not a scalar");
    return this.scalarZero(field.scalar, field.longAsString);
  }

  scalarZero(scalar: ScalarType, longAsString: boolean): Printable {
    if (SCALARS[scalar].is64) {
      return longAsString ? [this.rt("longStringZero"), "(r)"] : "r.zero64 as bigint";
    }
    switch (scalar) {
      case ScalarType.BOOL:
        return "false";
      case ScalarType.STRING:
        return '""';
      case ScalarType.BYTES:
        return "new Uint8Array(0)";
      default:
        return "0";
    }
  }

  readScalar(scalar: ScalarType, longAsString: boolean): Printable {
    const call: Printable = [this.rt(SCALARS[scalar].read), "(r)"];
    return longAsString && SCALARS[scalar].is64 ? [this.rt("longString"), "(", call, ")"] : call;
  }

  /**
   * The merge path (mergeX, and a message field that arrives twice): the field loop
   * writes into an existing message `m`.
   */
  private fill(desc: DescMessage): void {
    const { f } = this;
    const name = this.id(desc);
    f.print`${this.exported}function fill${name}(r: ${this.rtType("Reader")}, end: number, m: ${this.shape(desc)}, depth: number): void {`;
    this.fieldLoop(desc, "fill");
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
  private read(desc: DescMessage): void {
    const { f } = this;
    const name = this.id(desc);
    const Shape = this.shape(desc);
    f.print`${this.exported}function read${name}(r: ${this.rtType("Reader")}, end: number, depth: number): ${Shape} {`;
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
        f.print("  let ", local, ": ", type, " = ", is64(member) ? "zero64" : this.zeroValue(member), ";");
        props.push(`${member.localName}: ${local}`);
      }
    }
    f.print`  let unknownFields: ${this.rtType("UnknownField")}[] | undefined;`;
    this.fieldLoop(desc, "read");
    f.print("  const m: ", Shape, " = {");
    for (const p of props) f.print("    ", p, ",");
    f.print("  };");
    for (const prop of later) f.print(`  if (${localOf(prop)} !== undefined) m.${prop} = ${localOf(prop)};`);
    f.print("  if (unknownFields !== undefined) m.$unknown = unknownFields as ", Shape, '["$unknown"];');
    f.print`  return m;`;
    f.print`}`;
    f.print();
  }

  /** The field loop both paths share: `read` assigns locals, `fill` the properties of `m`. */
  fieldLoop(desc: DescMessage, path: DecodePath): void {
    const { f, rt } = this;
    if (this.deep.has(desc)) f.print`  if (depth > ${rt("RECURSION_LIMIT")}) ${rt("failNesting")}(r);`;
    if (path === "reuse" && desc.fields.some(takesFromPools)) f.print`  const pools = r.pools as Pools;`;
    f.print`  const buf = r.buf;`;
    f.print`  while (r.pos < end) {`;
    f.print`    const b0 = buf[r.pos];`;
    f.print`    // One-byte tags (fields 1 to 15) inline: a call per field costs more than most fields.`;
    f.print`    const tag = b0 < 0x80 ? ((r.pos += 1), b0) : ${rt("readTag")}(r);`;
    f.print`    switch (tag) {`;
    for (const field of desc.fields) this.fieldCases(field, path);
    f.print`      default:`;
    this.rejectWrongWireType(desc, "        ");
    if (path !== "read") f.print`        ${rt("readUnknown")}(r, m, tag, depth);`;
    else f.print`        unknownFields = ${rt("keepUnknown")}(r, unknownFields, tag, depth);`;
    f.print`    }`;
    f.print`  }`;
  }

  /** In a loop's `default`: a known field number arriving with another wire type is rejected, not read by its declared type. */
  rejectWrongWireType(desc: DescMessage, indent: string): void {
    const { f, rt } = this;
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

  private fieldCases(field: DescField, path: DecodePath): void {
    const { f, rt } = this;
    const name = field.localName;
    const no = field.number;
    // Where a value goes: a property of `m` (fill) or the field's local (read).
    const at = (prop: string) => (path === "read" ? localOf(prop) : `m.${prop}`);
    switch (field.fieldKind) {
      case "scalar":
      case "enum": {
        const wire = field.fieldKind === "enum" ? WIRE_VARINT : SCALARS[field.scalar].wire;
        if (field.fieldKind === "scalar" && field.scalar === ScalarType.DOUBLE && field.oneof === undefined) {
          // Once the buffer has a DataView (see the runtime's readDouble), read through it inline.
          f.print`      case ${tag(no, wire)}: {`;
          f.print`        const pos = r.pos;`;
          f.print`        const view = r.view;`;
          f.print`        if (view !== undefined && pos + 8 <= r.len) {`;
          f.print`          r.pos = pos + 8;`;
          f.print`          ${at(name)} = view.getFloat64(pos, true);`;
          f.print`        } else ${at(name)} = ${rt("readDouble")}(r);`;
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
            : this.readScalar(field.scalar, field.longAsString);
        f.print`      case ${tag(no, wire)}:`;
        if (field.oneof !== undefined)
          f.print`        ${at(field.oneof.localName)} = { case: "${name}", value: ${value} };`;
        else f.print`        ${at(name)} = ${value};`;
        f.print`        break;`;
        return;
      }
      case "message": {
        const child = this.id(field.message);
        f.print`      case ${tag(no, WIRE_LENGTH)}: {`;
        f.print`        const childEnd = ${rt("readLengthEnd")}(r);`;
        if (path === "reuse" && !isWrapper(field)) {
          this.reuseMessageCase(field, child);
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
        f.print`        break;`;
        f.print`      }`;
        return;
      }
      case "list": {
        const list = at(name);
        if (field.listKind === "message" && path === "reuse") {
          const child = this.id(field.message);
          f.print`      case ${tag(no, WIRE_LENGTH)}: {`;
          f.print`        const child = pools.take${child}();`;
          f.print`        reuse${child}(r, ${rt("readLengthEnd")}(r), child, depth + 1);`;
          f.print`        ${list}.push(child);`;
          f.print`        break;`;
          f.print`      }`;
          return;
        }
        if (field.listKind === "message") {
          const child = this.id(field.message);
          f.print`      case ${tag(no, WIRE_LENGTH)}:`;
          f.print`        ${list}.push(read${child}(r, ${rt("readLengthEnd")}(r), depth + 1));`;
          f.print`        break;`;
          return;
        }
        const scalar = field.listKind === "enum" ? ScalarType.INT32 : field.scalar;
        const longAsString = field.listKind === "scalar" && field.longAsString;
        const value = this.readScalar(scalar, longAsString);
        const wire = SCALARS[scalar].wire;
        f.print`      case ${tag(no, wire)}:`;
        f.print`        ${list}.push(${value});`;
        f.print`        break;`;
        if (wire !== WIRE_LENGTH) {
          // Packed and unpacked are both accepted, whichever the schema declares.
          f.print`      case ${tag(no, WIRE_LENGTH)}: {`;
          const packed = PACKED_READERS[scalar];
          if (packed !== undefined) {
            f.print`        ${rt(packed)}(r, ${list});`;
          } else {
            f.print`        const packedEnd = ${rt("readLengthEnd")}(r);`;
            f.print`        while (r.pos < packedEnd) ${list}.push(${value});`;
          }
          f.print`        break;`;
          f.print`      }`;
        }
        return;
      }
      case "map": {
        const key = field.mapKey;
        const keyInfo = SCALARS[key];
        f.print`      case ${tag(no, WIRE_LENGTH)}: {`;
        f.print`        const entryEnd = ${rt("readLengthEnd")}(r);`;
        f.print`        let key = ${key === ScalarType.STRING ? '""' : key === ScalarType.BOOL ? '"false"' : '"0"'};`;
        const valueType = this.mapValueType(field);
        f.print`        let value: ${valueType} | undefined;`;
        f.print`        while (r.pos < entryEnd) {`;
        f.print`          const e0 = buf[r.pos];`;
        f.print`          const entryTag = e0 < 0x80 ? ((r.pos += 1), e0) : ${rt("readTag")}(r);`;
        f.print`          switch (entryTag) {`;
        f.print`            case ${tag(1, keyInfo.wire)}:`;
        f.print`              key = ${this.readKey(key)};`;
        f.print`              break;`;
        if (field.mapKind === "message") {
          const child = this.id(field.message);
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
          f.print`              value = ${this.readScalar(scalar, false)};`;
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
            ? `zero${this.id(field.message)}(r)`
            : field.mapKind === "enum"
              ? String(field.enum.values[0].number)
              : this.scalarZero(field.scalar, false);
        const record: Printable = ["(", at(name), " as { [key: string]: ", valueType, " })"];
        // `__proto__` is a key like any other (setEntry defines it as an own property).
        f.print('        if (key === "__proto__") ', rt("setEntry"), "(", record, ", key, value ?? ", zero, ");");
        f.print("        else ", record, "[key] = value ?? ", zero, ";");
        f.print`        break;`;
        f.print`      }`;
        return;
      }
    }
  }

  /** A singular or oneof message field on the reuse path: merged into the current object, or into one from Pools. */
  private reuseMessageCase(field: DescField, child: string): void {
    const { f } = this;
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
    if (this.roots.has(field.parent)) {
      f.print`          m.${oneof.localName} = pools.hold${holderName(field)}(child);`;
    } else {
      // A message that may occur several times in a frame cannot share one holder object.
      f.print`          m.${oneof.localName} = { case: "${name}", value: child };`;
    }
    f.print`        }`;
  }

  /** The TypeScript type of a map field's values (protobuf-es types int-keyed maps by number keys). */
  mapValueType(field: DescField): Printable {
    if (field.fieldKind !== "map") throw new Error("mapValueType: not a map");
    if (field.mapKind === "message") return this.shape(field.message);
    if (field.mapKind === "enum") return this.shape(field.enum);
    const scalar = field.scalar;
    if (SCALARS[scalar].is64) return "bigint";
    switch (scalar) {
      case ScalarType.BOOL:
        return "boolean";
      case ScalarType.STRING:
        return "string";
      case ScalarType.BYTES:
        return "Uint8Array";
      default:
        return "number";
    }
  }

  readKey(key: ScalarType): Printable {
    const rt = this.rt;
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

  private write(desc: DescMessage): void {
    const { f, rt } = this;
    const name = this.id(desc);
    f.print`${this.exported}function write${name}(w: ${this.rtType("Writer")}, m: ${this.shape(desc)}): void {`;
    f.print`  if (m.$typeName !== "${desc.typeName}") ${rt("failMessage")}("${nameInPackage(desc)}", m.$typeName);`;
    const sorted = desc.fields.slice().sort((a, b) => a.number - b.number);
    for (const field of sorted) this.writeField(field);
    f.print`  const unknown = m.$unknown;`;
    f.print`  if (unknown !== undefined) for (const u of unknown) ${rt("writeUnknown")}(w, u.no, u.wireType, u.data);`;
    f.print`}`;
    f.print();
  }

  /** A field's tag as its precomputed varint bytes: one or two byte stores instead of a varint loop. */
  private writeTag(indent: string, no: number, wire: number): void {
    const bytes: number[] = [];
    for (let value = tag(no, wire); ; value >>>= 7) {
      if (value < 0x80) {
        bytes.push(value);
        break;
      }
      bytes.push((value & 0x7f) | 0x80);
    }
    const hex = bytes.map((b) => `0x${b.toString(16).padStart(2, "0")}`);
    if (bytes.length === 1) this.f.print(indent, this.rt("writeByte"), `(w, ${hex[0]});`);
    else if (bytes.length === 2) this.f.print(indent, this.rt("writeBytes2"), `(w, ${hex[0]}, ${hex[1]});`);
    else this.f.print(indent, this.rt("writeVarint32"), `(w, ${tag(no, wire)});`);
  }

  private writeField(field: DescField): void {
    const { f, rt } = this;
    const name = field.localName;
    const no = field.number;
    const path = `"${nameInPackage(field.parent)}.${field.name}"`;
    switch (field.fieldKind) {
      case "scalar":
      case "enum": {
        const scalar = field.fieldKind === "enum" ? ScalarType.INT32 : field.scalar;
        const info = SCALARS[scalar];
        if (field.oneof !== undefined) {
          const oneof = field.oneof.localName;
          f.print`  if (m.${oneof}.case === "${name}") {`;
          this.writeTag("    ", no, info.wire);
          f.print`    ${rt(info.write)}(w, m.${oneof}.value, ${path});`;
          f.print`  }`;
          return;
        }
        f.print`  if (${this.presence(field, scalar)}) {`;
        this.writeTag("    ", no, info.wire);
        // A jstype = JS_STRING field holds a decimal string; the 64-bit writers take strings as well as bigints.
        const cast = field.fieldKind === "scalar" && field.longAsString ? " as unknown as bigint" : "";
        f.print`    ${rt(info.write)}(w, m.${name}${field.presence !== IMPLICIT ? "!" : ""}${cast}, ${path});`;
        f.print`  }`;
        return;
      }
      case "message": {
        const child = this.id(field.message);
        const value = field.oneof !== undefined ? `m.${field.oneof.localName}.value` : `m.${name}`;
        const present =
          field.oneof !== undefined
            ? `m.${field.oneof.localName}.case === "${name}"`
            : [`m.${name} !== undefined && `, rt("isSet"), `(m, "${name}")`];
        f.print("  if (", present, ") {");
        this.writeTag("    ", no, WIRE_LENGTH);
        f.print`    const at = ${rt("fork")}(w);`;
        if (isWrapper(field)) {
          f.print`    write${child}(w, { $typeName: "${field.message.typeName}", value: ${value}! });`;
        } else {
          f.print`    write${child}(w, ${value}${field.oneof === undefined ? "!" : ""});`;
        }
        f.print`    ${rt("join")}(w, at);`;
        f.print`  }`;
        return;
      }
      case "list": {
        if (field.listKind === "message") {
          const child = this.id(field.message);
          f.print`  for (const item of m.${name}) {`;
          this.writeTag("    ", no, WIRE_LENGTH);
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
          this.writeTag("    ", no, WIRE_LENGTH);
          f.print`    const at = ${rt("fork")}(w);`;
          f.print`    for (const item of m.${name}) ${rt(info.write)}(w, item, ${path});`;
          f.print`    ${rt("join")}(w, at);`;
          f.print`  }`;
          return;
        }
        f.print`  for (const item of m.${name}) {`;
        this.writeTag("    ", no, info.wire);
        f.print`    ${rt(info.write)}(w, item, ${path});`;
        f.print`  }`;
        return;
      }
      case "map": {
        const keyInfo = SCALARS[field.mapKey];
        const convert =
          field.mapKey === ScalarType.STRING
            ? "key"
            : field.mapKey === ScalarType.BOOL
              ? [rt("boolKey"), "(key)"]
              : keyInfo.is64
                ? [rt("int64Key"), "(key)"]
                : [rt("int32Key"), "(key)"];
        f.print("  const ", `${name}Record = m.${name} as { [key: string]: `, this.mapValueType(field), " };");
        f.print`  for (const key of Object.keys(${name}Record)) {`;
        this.writeTag("    ", no, WIRE_LENGTH);
        f.print`    const at = ${rt("fork")}(w);`;
        this.writeTag("    ", 1, keyInfo.wire);
        f.print("    ", rt(keyInfo.write), "(w, ", convert, `, ${path});`);
        if (field.mapKind === "message") {
          this.writeTag("    ", 2, WIRE_LENGTH);
          f.print`    const valueAt = ${rt("fork")}(w);`;
          f.print`    write${this.id(field.message)}(w, ${name}Record[key]);`;
          f.print`    ${rt("join")}(w, valueAt);`;
        } else {
          const scalar = field.mapKind === "enum" ? ScalarType.INT32 : field.scalar;
          this.writeTag("    ", 2, SCALARS[scalar].wire);
          f.print`    ${rt(SCALARS[scalar].write)}(w, ${name}Record[key], ${path});`;
        }
        f.print`    ${rt("join")}(w, at);`;
        f.print`  }`;
        return;
      }
    }
  }

  /** Whether protobuf-es's toBinary writes a singular field: its presence rule per type. */
  private presence(field: DescField, scalar: ScalarType): Printable {
    const v = `m.${field.localName}`;
    if (field.presence !== IMPLICIT) return [`${v} !== undefined && `, this.rt("isSet"), `(m, "${field.localName}")`];
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
        return `(${v} as unknown) != 0`;
    }
  }

  publicApi(desc: DescMessage): void {
    const { f, rt } = this;
    const name = this.id(desc);
    const Shape = this.shape(desc);
    const Options = this.rtType("DecodeOptions");
    const Mode = this.rtType("Int64Mode");
    const Decoded = this.rtType("Decoded");
    f.print`/**`;
    f.print` * Decodes a ${desc.typeName}: deep-equal to protobuf-es's fromBinary(${name}Schema, bytes)`;
    f.print` * (\`$unknown\` included) in the default int64 mode. Throws DecodeError with the offset.`;
    f.print` */`;
    f.print`export function decode${name}(bytes: Uint8Array, options?: ${Options}<"bigint">): ${Shape};`;
    f.print`export function decode${name}<M extends ${Mode}>(bytes: Uint8Array, options: ${Options}<M>): ${Decoded}<${Shape}, M>;`;
    f.print`export function decode${name}(bytes: Uint8Array, options?: ${Options}): ${Shape} {`;
    f.print`  return ${rt("decodeWith")}(bytes, options, read${name});`;
    f.print`}`;
    f.print();
    f.print`/** Merges \`bytes\` into \`target\` as protobuf-es's mergeFromBinary: scalars replaced, lists appended, messages merged. */`;
    f.print`export function merge${name}(target: ${Shape}, bytes: Uint8Array, options?: ${Options}): ${Shape} {`;
    f.print`  return ${rt("mergeWith")}(target, bytes, options, fill${name});`;
    f.print`}`;
    f.print();
    f.print`/** Encodes byte for byte as protobuf-es's toBinary(${name}Schema, message); 64-bit fields in any int64 mode. */`;
    f.print`export function encode${name}(message: ${Shape} | ${Decoded}<${Shape}, ${Mode}>): Uint8Array {`;
    f.print`  return ${rt("encodeWith")}(message as ${Shape}, write${name});`;
    f.print`}`;
    f.print();
    f.print`/** As encode${name}, behind a varint length prefix (the "delimited" framing). */`;
    f.print`export function encode${name}Delimited(message: ${Shape} | ${Decoded}<${Shape}, ${Mode}>): Uint8Array {`;
    f.print`  return ${rt("encodeDelimitedWith")}(message as ${Shape}, write${name});`;
    f.print`}`;
    f.print();
    f.print`/** A frame decoder (delimited, message or base64 framing) that yields ${name} messages. */`;
    f.print`export function new${name}FrameDecoder(options: ${this.rtType("MessageFramesOptions")} = {}): ${rt("MessageFrameDecoder")}<${Shape}> {`;
    f.print`  return new ${rt("MessageFrameDecoder")}(options, read${name});`;
    f.print`}`;
    f.print();
  }
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
function nameInPackage(desc: DescMessage): string {
  const pkg = desc.file.proto.package;
  return pkg === "" ? desc.typeName : desc.typeName.slice(pkg.length + 1);
}

/** A field whose messages the reuse path takes from Pools. */
export function takesFromPools(field: DescField): boolean {
  return (
    (field.fieldKind === "message" && !isWrapper(field)) || (field.fieldKind === "list" && field.listKind === "message")
  );
}

/** protobuf-es's FeatureSet_FieldPresence.IMPLICIT. */
export const IMPLICIT = 2;

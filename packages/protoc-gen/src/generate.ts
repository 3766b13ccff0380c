// Writes `<name>_tw.ts` for one proto file: per message X a fresh decode (`readX`), a
// merge (`mergeXFrom`), a zero message in protobuf-es's create() shape (`zeroX`) and a writer
// (`writeX`), wrapped by the exported decodeX / mergeX / encodeX / encodeXDelimited /
// newXFrameDecoder. Messages of other files that X reaches (well-known types,
// imports) get private copies of the same functions, so a file needs nothing but
// its `_pb` file and the runtime.
//
// This file runs the steps, prints the file header and holds MessageGen, the context
// every step prints through; the steps live by job: decode.ts, encode.ts, public-api.ts,
// and for the `internals` option reuse.ts and views.ts. Every decoding loop (loops.ts)
// gets its field cases from one emitter (field-case.ts); layout.ts keeps lines short.
import { type DescEnum, type DescField, type DescFile, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { GeneratedFile, ImportSymbol, Printable, Schema } from "@bufbuild/protoplugin";
import { generateMerge, generateRead, generateZero } from "./decode.js";
import { generateWrite } from "./encode.js";
import { printBroken } from "./layout.js";
import { generatePublicApi } from "./public-api.js";
import { generateReuse } from "./reuse.js";
import { SCALARS } from "./scalars.js";
import { isClosedEnum, messagesOf, reachable, unboundedNesting, usesPrototype } from "./schema-facts.js";
import { checkFileSupported } from "./support.js";
import { generateViews, viewableMessages } from "./views.js";

export interface PluginOptions {
  /** Where generated code imports the runtime from (default `@tickwire/runtime`). */
  runtime: string;
  /** Import the file's own message and enum types from this module instead of protoc-gen-es's `_pb` file beside the output. */
  types: string | undefined;
  /**
   * Also export the per-message functions (read, merge, zero, write), and emit the
   * reusing decoder's reset/reuse functions and `Pools`, and the view classes: what
   * `@tickwire/codec` builds its ReusingDecoder and ViewDecoder on.
   */
  internals: boolean;
}

export function generateFile(schema: Schema<PluginOptions>, file: DescFile): void {
  const own = messagesOf(schema, file);
  const all = reachable(own);
  checkFileSupported(file, own, schema.options.internals);
  const f = schema.generateFile(`${file.name}_tw.ts`);
  f.preamble(file);
  const options = schema.options;
  printHeader(f, options.internals);
  const rt = (name: string): ImportSymbol => f.import(name, options.runtime);
  const rtType = (name: string): ImportSymbol => f.import(name, options.runtime, true);
  const ownSet = new Set(own);
  // Private functions of a message from another file are named by its full name: two files may both have an `Instrument`.
  const id = (desc: DescMessage) => (ownSet.has(desc) ? f.importShape(desc).name : desc.typeName.replace(/\./g, "_"));
  const referenced = new Set(all.flatMap((desc) => desc.fields.flatMap((field) => field.message ?? [])));
  const roots = new Set(all.filter((desc) => !referenced.has(desc)));
  const gen = new MessageGen(f, file, rt, rtType, id, options, roots, unboundedNesting(all));
  printSharedConstants(gen, all);
  for (const desc of all) {
    generateZero(gen, desc);
    generateRead(gen, desc);
    generateMerge(gen, desc);
    generateWrite(gen, desc);
  }
  for (const desc of own) generatePublicApi(gen, desc);
  if (options.internals) {
    generateReuse(gen, all);
    generateViews(gen, [...viewableMessages(own)]);
  }
}

/**
 * What every step prints through: the output file, its imports, the names of a
 * message's functions, and the type and zero expressions the steps share.
 */
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

  /** A per-message function's declaration: exported when the codec's internals are asked for. */
  fn(name: string): Printable {
    return this.options.internals ? this.f.export("function", name) : `function ${name}`;
  }

  /** The module constant holding protobuf-es's prototype of a message's objects (see usesPrototype). */
  defaults(desc: DescMessage): string {
    return `defaults${this.id(desc)}`;
  }

  /**
   * The module constant holding the InternSite of a field's strings (`key` and `value` of a map's): its own
   * record of how often the runtime's intern table serves it, so that whether its strings are interned
   * does not depend on what else the process decodes.
   */
  internSite(field: DescField, role: "" | "Key" | "Value" = ""): string {
    return `strings${this.id(field.parent)}_${field.localName}${role}`;
  }

  /** The module constant holding the numbers a closed enum declares. */
  knownValues(desc: DescEnum): string {
    const name = desc.file === this.file ? this.f.importShape(desc).name : desc.typeName.replace(/\./g, "_");
    return `known${name}`;
  }

  /** A message's schema (its `XSchema` const), imported as shape() imports its type. */
  schemaOf(desc: DescMessage): Printable {
    const symbol = this.f.importSchema(desc);
    const types = this.options.types;
    return types === undefined || desc.file !== this.file ? symbol : this.f.import(symbol.name, types);
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
        return this.rt("EMPTY_BYTES");
      default:
        return "0";
    }
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
}

/**
 * Module constants the functions read: protobuf-es's prototype (defaults) of each message that
 * has one, taken from a message its create() made, so decoded messages have the very prototype
 * fromBinary's have; and the declared numbers of each closed enum.
 */
function printSharedConstants(gen: MessageGen, all: readonly DescMessage[]): void {
  const { f } = gen;
  const withPrototype = all.filter(usesPrototype);
  for (const desc of withPrototype) {
    const create = f.import("create", "@bufbuild/protobuf");
    printBroken(
      gen,
      "",
      ["const ", gen.defaults(desc), ": object ="],
      ["Object.getPrototypeOf(", create, "(", gen.schemaOf(desc), ")) as object;"],
    );
  }
  const closed = new Map<string, DescEnum>();
  for (const desc of all)
    for (const field of desc.fields) if (isClosedEnum(field)) closed.set(field.enum.typeName, field.enum);
  for (const desc of closed.values()) {
    const numbers = [...new Set(desc.values.map((v) => v.number))].join(", ");
    f.print("const ", gen.knownValues(desc), ": ReadonlySet<number> = new Set([", numbers, "]);");
  }
  const sites = all.flatMap((desc) => desc.fields.flatMap((field) => stringSites(gen, field)));
  const site = gen.rt("InternSite");
  for (const name of sites) f.print("const ", name, " = new ", site, "();");
  if (withPrototype.length > 0 || closed.size > 0 || sites.length > 0) f.print();
}

/** The InternSites of a field that decodes validated strings through readString (see MessageGen.internSite). */
export function stringSites(gen: MessageGen, field: DescField): string[] {
  if (!field.utf8Validation) return [];
  switch (field.fieldKind) {
    case "scalar":
      return field.scalar === ScalarType.STRING ? [gen.internSite(field)] : [];
    case "list":
      return field.listKind === "scalar" && field.scalar === ScalarType.STRING ? [gen.internSite(field)] : [];
    case "map": {
      const key = field.mapKey === ScalarType.STRING ? [gen.internSite(field, "Key")] : [];
      const value =
        field.mapKind === "scalar" && field.scalar === ScalarType.STRING ? [gen.internSite(field, "Value")] : [];
      return [...key, ...value];
    }
    default:
      return [];
  }
}

/** What every message's functions share, said once for the file. */
function printHeader(f: GeneratedFile, internals: boolean): void {
  const lines = [
    "Per message X of this file, by protoc-gen-tickwire:",
    "- decodeX(bytes, options?): deep-equal to protobuf-es's fromBinary(XSchema, bytes), $unknown included;",
    '  options.int64 "bigint" (default), "string" or "number" (exact below 2^53, else DecodeError INT64_RANGE);',
    "  options.readUnknownFields: false drops unknown fields. Errors are DecodeError with a code and byte offset.",
    "- mergeX(target, bytes): mergeFromBinary: scalars replaced, lists appended, messages merged.",
    "- encodeX(message), encodeXDelimited(message): byte-identical to toBinary; invalid values throw",
    "  EncodeError naming the field.",
    "- newXFrameDecoder(options?): frames (delimited, message or base64) to X messages.",
    "",
    "Behind them, per message: zeroX (create()'s message), readX (a fresh decode: fields into locals, the",
    "message built once at the end), mergeXFrom (the merge of r.buf[r.pos, end) into an existing message; a map",
    "value seen twice in one entry merges too) and writeX.",
    internals
      ? "With internals=true also, for the codec's ReusingDecoder, resetX (back to create()'s message, lists\n" +
        "kept and emptied), reuseX (mergeXFrom with nested messages recycled from r.pools) and Pools; and for its\n" +
        "ViewDecoder a view class per message that allows one: numbers in a Float64Array, valid until the next\n" +
        "frame; reset() empties it, mergeFrom(r, end, depth) merges one encoded message into it, toObject() copies\n" +
        'it out as a decode with int64 "number" would return it (allocates).'
      : "",
    "",
    internals
      ? "Why this file is long (protobuf-es's _pb.ts holds types and descriptors and decodes by reflection):\n" +
        "each message's fields are read by four loops, one for each place a value goes (readX's locals, mergeXFrom's\n" +
        "message, reuseX's recycled message, the view's Float64Array), each written out for speed; one emitter\n" +
        "prints every case of all four (protoc-gen-tickwire's field-case.ts)."
      : "Each message's fields are read by two loops, one for each place a value goes (readX's locals, mergeXFrom's\n" +
        "message), each written out for speed; one emitter prints every case of both.",
    "",
    "How the loops read: in the hot ones (readX, reuseX) the position lives in a local `pos`, so tags,",
    "one- and two-byte varints and doubles are read inline with no load or store through `r`; a call gets",
    "it in `r.pos` (`r.pos = pos; ...; pos = r.pos;`). mergeXFrom and the views read through `r.pos`. Each case is",
    "labelled with the field it reads. A known field arriving with another wire type is rejected",
    "(failWireType), not read by its declared type.",
  ].filter((line, i, all) => line !== "" || all[i - 1] !== "");
  f.print(f.jsDoc(lines.join("\n")));
  f.print();
}

// Protobuf wire structure for the fuzzer: a tree of fields that mutations can edit
// and re-serialize with consistent (or deliberately corrupted) length prefixes, and a
// schema-aware walk that says whether bytes hold a known field with the wrong wire
// type (the codec's one documented difference from protobuf-es).
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { tag, varint } from "@tickwire/testkit/wire";

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LEN = 2;
export const WIRE_START_GROUP = 3;
export const WIRE_END_GROUP = 4;
export const WIRE_FIXED32 = 5;

/** The same value with `extra` redundant bytes: valid up to 10 bytes in all, too long after. */
export function overlong(encoded: number[], extra: number): number[] {
  const out = encoded.map((b) => b | 0x80);
  for (let i = 1; i < extra; i++) out.push(0x80);
  out.push(0x00);
  return out;
}

/** A field as parsed from valid bytes: children for a known message field, raw value bytes otherwise. */
export interface FieldNode {
  field: number;
  wire: number;
  /** Replaces the canonical tag encoding (an over-long tag). */
  tagBytes?: number[];
  /** The value bytes after the tag (after the length prefix for LEN). */
  value: number[];
  children?: Node[];
  /** Replaces the computed length prefix (a corrupt length). */
  lengthBytes?: number[];
}
/** Bytes inserted as they are (a group, an unknown field, a huge length prefix). */
export interface RawNode {
  raw: number[];
}
export type Node = FieldNode | RawNode;

export const isField = (node: Node): node is FieldNode => "field" in node;

/** The wire type the schema gives a field (this schema has no packed or map fields). */
export function expectedWire(field: DescField): number {
  if (field.fieldKind === "message" || (field.fieldKind === "list" && field.listKind === "message")) return WIRE_LEN;
  if (field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum")) return WIRE_VARINT;
  const scalar = field.fieldKind === "scalar" || field.fieldKind === "list" ? field.scalar : undefined;
  switch (scalar) {
    case ScalarType.DOUBLE:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return WIRE_FIXED64;
    case ScalarType.FLOAT:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return WIRE_FIXED32;
    case ScalarType.STRING:
    case ScalarType.BYTES:
      return WIRE_LEN;
    default:
      return WIRE_VARINT;
  }
}

const fieldsByNumber = new WeakMap<DescMessage, Map<number, DescField>>();

/** The message's field with this number (a map per message: the walks look one up for every field they read). */
function fieldOf(desc: DescMessage, number: number): DescField | undefined {
  let byNumber = fieldsByNumber.get(desc);
  if (byNumber === undefined) {
    byNumber = new Map(desc.fields.map((f) => [f.number, f]));
    fieldsByNumber.set(desc, byNumber);
  }
  return byNumber.get(number);
}

function messageOf(field: DescField | undefined): DescMessage | undefined {
  if (field === undefined) return undefined;
  if (field.fieldKind === "message") return field.message;
  if (field.fieldKind === "list" && field.listKind === "message") return field.message;
  return undefined;
}

class Cursor {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }
  varint(): bigint {
    let value = 0n;
    let shift = 0n;
    for (;;) {
      if (this.pos >= this.end) throw new Error("truncated varint");
      const b = this.bytes[this.pos++];
      if (shift < 64n) value |= BigInt(b & 0x7f) << shift;
      shift += 7n;
      if (b < 0x80) return BigInt.asUintN(64, value);
    }
  }
  /** The varint's low 32 bits, unsigned: `Number(BigInt.asUintN(32, this.varint()))` without bigints. */
  low32(): number {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (this.pos >= this.end) throw new Error("truncated varint");
      const b = this.bytes[this.pos++];
      if (shift < 32) value = (value | ((b & 0x7f) << shift)) >>> 0;
      if (b < 0x80) return value;
    }
  }
  skipVarint(): void {
    for (;;) {
      if (this.pos >= this.end) throw new Error("truncated varint");
      if (this.bytes[this.pos++] < 0x80) return;
    }
  }
  /** The bytes as a plain array (a copy: mutations edit it). */
  copy(from: number, to: number): number[] {
    const out = new Array<number>(to - from);
    for (let i = from; i < to; i++) out[i - from] = this.bytes[i];
    return out;
  }
  take(n: number): number[] {
    if (n < 0 || this.pos + n > this.end) throw new Error("truncated");
    const out = this.copy(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
}

/** Parses valid protobuf bytes into a tree; undefined if they do not parse. */
export function parseTree(bytes: Uint8Array, desc: DescMessage): Node[] | undefined {
  try {
    return parseFields(new Cursor(bytes, 0, bytes.length), desc);
  } catch {
    return undefined;
  }
}

function parseFields(c: Cursor, desc: DescMessage): Node[] {
  const out: Node[] = [];
  while (c.pos < c.end) {
    // Tags and lengths of valid input fit in 32 bits.
    const t = c.low32();
    const field = t >>> 3;
    const wire = t & 7;
    if (wire === WIRE_VARINT) {
      const start = c.pos;
      c.skipVarint();
      out.push({ field, wire, value: c.copy(start, c.pos) });
    } else if (wire === WIRE_FIXED64) out.push({ field, wire, value: c.take(8) });
    else if (wire === WIRE_FIXED32) out.push({ field, wire, value: c.take(4) });
    else if (wire === WIRE_LEN) {
      const n = c.low32();
      const sub = messageOf(fieldOf(desc, field));
      if (sub !== undefined) {
        const body = new Cursor(c.bytes, c.pos, c.pos + n);
        if (body.end > c.end) throw new Error("truncated");
        out.push({ field, wire, value: [], children: parseFields(body, sub) });
        c.pos += n;
      } else out.push({ field, wire, value: c.take(n) });
    } else throw new Error(`wire type ${wire} in valid input`);
  }
  return out;
}

// Appends one by one: spreading into push() copies through the argument list (slow, and
// large arrays overflow the stack).
function append(out: number[], bytes: readonly number[]): void {
  for (let i = 0; i < bytes.length; i++) out.push(bytes[i]);
}

export function serializeTree(nodes: Node[]): number[] {
  const out: number[] = [];
  for (const node of nodes) {
    if (!isField(node)) {
      append(out, node.raw);
      continue;
    }
    append(out, node.tagBytes ?? tag(node.field, node.wire));
    if (node.wire === WIRE_LEN) {
      const body = node.children !== undefined ? serializeTree(node.children) : node.value;
      append(out, node.lengthBytes ?? varint(body.length));
      append(out, body);
    } else append(out, node.value);
  }
  return out;
}

/** Every field node with the sibling list that holds it, depth first. */
export function flatten(nodes: Node[], out: { node: FieldNode; siblings: Node[] }[] = []) {
  for (const node of nodes) {
    if (!isField(node)) continue;
    out.push({ node, siblings: nodes });
    if (node.children !== undefined) flatten(node.children, out);
  }
  return out;
}

/** What a reading that follows protobuf-es's structure finds in bytes protobuf-es accepted. */
export interface Scan {
  /** A known field whose wire type is not its own (the scan stops there: the readings part ways). */
  wrongWireType: boolean;
  /** A known 64-bit field holding a value of magnitude 2^53 or more, even one a later value replaces. */
  unsafeInt64: boolean;
}

const LIMIT = 2n ** 53n;

/**
 * Walks bytes as protobuf-es reads them (known message fields as nested messages,
 * unknown fields skipped, groups included). Used only on bytes protobuf-es accepted:
 * up to the first known field with the wrong wire type both readings see the same structure.
 */
export function scan(bytes: Uint8Array, desc: DescMessage): Scan {
  const found: Scan = { wrongWireType: false, unsafeInt64: false };
  try {
    walk(new Cursor(bytes, 0, bytes.length), desc, undefined, found, bytes.length);
  } catch {
    // Past what protobuf-es accepted: nothing more to find.
  }
  return found;
}

/**
 * As protobuf-es: a nested message is read until the reader passes `end`, with every
 * field bounded only by the frame, so a nested message's last field may run past
 * its length and the parent goes on from there.
 */
function walk(c: Cursor, desc: DescMessage | undefined, group: number | undefined, found: Scan, end: number): boolean {
  while (c.pos < end) {
    const t = c.low32();
    const field = t >>> 3;
    const wire = t & 7;
    // protobuf-es reads a known field by its declared type whatever the wire type, an end-group tag included.
    const known = desc === undefined ? undefined : fieldOf(desc, field);
    if (known !== undefined && expectedWire(known) !== wire) {
      found.wrongWireType = true;
      return true;
    }
    switch (wire) {
      case WIRE_END_GROUP:
        if (group === field) return false;
        throw new Error("stray end group");
      case WIRE_VARINT: {
        const value = c.varint();
        const scalar = known?.fieldKind === "scalar" ? known.scalar : undefined;
        if (scalar === ScalarType.UINT64 && value >= LIMIT) found.unsafeInt64 = true;
        if (scalar === ScalarType.INT64) {
          const signed = BigInt.asIntN(64, value);
          if (signed >= LIMIT || signed <= -LIMIT) found.unsafeInt64 = true;
        }
        break;
      }
      case WIRE_FIXED64:
        c.take(8);
        break;
      case WIRE_FIXED32:
        c.take(4);
        break;
      case WIRE_LEN: {
        // protobuf-es reads a length as uint32: the bits above 32 are dropped.
        const n = c.low32();
        const sub = messageOf(known);
        if (sub === undefined) c.take(n);
        else if (walk(c, sub, undefined, found, c.pos + n)) return true;
        break;
      }
      case WIRE_START_GROUP:
        if (walk(c, undefined, field, found, c.end)) return true;
        break;
      default:
        throw new Error(`wire type ${wire}`);
    }
  }
  if (group !== undefined) throw new Error("unterminated group");
  return false;
}

export const toHex = (bytes: Uint8Array | number[]): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

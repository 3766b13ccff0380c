// What any decoder or encoder of a case must at least do, compiled for that case's data.
//
// Decode bound: build the very objects the decoder returns (the same keys in the same order,
// the same prototypes, lists, maps, bigints, byte views), from values already unpacked into
// typed arrays: numbers loaded from a Float64Array or Int32Array, every 64-bit value a new
// bigint loaded from a BigInt64Array or BigUint64Array, every string made anew from its
// character codes (String.fromCharCode, its arguments
// spelled out up to 12 characters, `apply` beyond), every bytes field a view of a buffer. No wire
// format is read. Scalar lists of 16 or more are sized first, shorter ones pushed (as the runtime
// does); lists of messages are pushed (isComposite says why). Nothing is cached across calls: a repeated call makes fresh strings and bigints.
//
// Encode bound (the stripped loop): read every value from the message object as an encoder
// must (the same property loads, `Object.keys` per map, a key parsed back to its number),
// write each value's wire form (varint, zigzag, fixed, float, UTF-8, bytes) into a scratch
// buffer one after another, then take the known bytes as the encoders take theirs. No tags, no lengths, no
// presence or size logic, no field dispatch: what is left of an encoder without framing.
//
// Both are specialised by code generation per object shape (keys and prototype), so a bound
// pays no interpretation: a shape seen in one place is one function, a place that holds
// several shapes or kinds reads which from a tape, as a decoder's switch on a tag would.
import { type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { takeBytes, type Writer } from "@tickwire/runtime";

/** What one place (a field of a shape, a list's elements, a map's values) was seen to hold. */
interface Slot {
  kinds: Set<Kind>;
  shapes: Set<Shape>;
  elem?: Slot;
  mapValue?: Slot;
  /** How a number, bigint, string or map key here goes on the wire (undefined: unknown, guessed from the value). */
  enc?: ScalarType | "json";
  mapKey?: ScalarType;
  id: number;
}

interface Shape {
  id: number;
  proto: object | null;
  keys: string[];
  /** Keys whose value is part of the shape: `$typeName` and a oneof's `case`. */
  constants: Map<string, string>;
  slots: Map<string, Slot>;
  /**
   * Keys some objects of the shape lack (a proto2 or editions message keeps only its set
   * fields as own properties, its defaults on the prototype): one shape per prototype, a
   * presence tape says which are set, as a decoder's fields arrive.
   */
  optional: Set<string>;
}

const KINDS = [
  "int",
  "num",
  "bigI",
  "bigS",
  "bigU",
  "str",
  "bool",
  "undef",
  "null",
  "bytes",
  "arr",
  "obj",
  "map",
] as const;
type Kind = (typeof KINDS)[number];

const INT32_MIN = -(2 ** 31);
const INT64_MIN = -(1n << 63n);
const INT64_END = 1n << 63n;
const INT32_MIN_BIG = -(1n << 31n);
const INT32_MAX_BIG = (1n << 31n) - 1n;

function isOneofHolder(v: object): boolean {
  const keys = Object.keys(v);
  return keys[0] === "case" && keys.length <= 2 && (keys.length === 1 || keys[1] === "value");
}

function kindOf(v: unknown): Kind {
  switch (typeof v) {
    case "number":
      return Number.isInteger(v) && v >= INT32_MIN && v < 2 ** 31 && !Object.is(v, -0) ? "int" : "num";
    case "bigint":
      // BigInt of a small integer is made inline, cheaper than a load from a 64-bit array.
      if (v >= INT32_MIN_BIG && v <= INT32_MAX_BIG) return "bigI";
      return v >= INT64_MIN && v < INT64_END ? "bigS" : "bigU";
    case "string":
      return "str";
    case "boolean":
      return "bool";
    case "undefined":
      return "undef";
    case "object":
      if (v === null) return "null";
      if (v instanceof Uint8Array) return "bytes";
      if (Array.isArray(v)) return "arr";
      return "$typeName" in v || isOneofHolder(v) ? "obj" : "map";
    default:
      throw new Error(`no bound for a ${typeof v}`);
  }
}

const WRAPPERS: Record<string, ScalarType> = {
  "google.protobuf.DoubleValue": ScalarType.DOUBLE,
  "google.protobuf.FloatValue": ScalarType.FLOAT,
  "google.protobuf.Int64Value": ScalarType.INT64,
  "google.protobuf.UInt64Value": ScalarType.UINT64,
  "google.protobuf.Int32Value": ScalarType.INT32,
  "google.protobuf.UInt32Value": ScalarType.UINT32,
  "google.protobuf.BoolValue": ScalarType.BOOL,
  "google.protobuf.StringValue": ScalarType.STRING,
  "google.protobuf.BytesValue": ScalarType.BYTES,
};
const JSON_TYPES = new Set(["google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue"]);

function messageEnc(desc: DescMessage): ScalarType | "json" | undefined {
  return WRAPPERS[desc.typeName] ?? (JSON_TYPES.has(desc.typeName) ? "json" : undefined);
}

/** The encoding of a field's value (or list element, or map value). */
function fieldEnc(field: DescField | undefined): ScalarType | "json" | undefined {
  if (field === undefined) return undefined;
  switch (field.fieldKind) {
    case "scalar":
      return field.scalar;
    case "enum":
      return ScalarType.INT32;
    case "message":
      return messageEnc(field.message);
    case "list":
      return field.listKind === "scalar"
        ? field.scalar
        : field.listKind === "enum"
          ? ScalarType.INT32
          : messageEnc(field.message);
    case "map":
      return field.mapKind === "scalar"
        ? field.scalar
        : field.mapKind === "enum"
          ? ScalarType.INT32
          : messageEnc(field.message);
  }
}

/** Every message type reachable from `root`, by type name. */
function registry(root: DescMessage): Map<string, DescMessage> {
  const out = new Map<string, DescMessage>();
  const visit = (d: DescMessage) => {
    if (out.has(d.typeName)) return;
    out.set(d.typeName, d);
    for (const f of d.fields) if (f.message !== undefined) visit(f.message);
    for (const n of d.nestedMessages) visit(n);
  };
  visit(root);
  return out;
}

class Analysis {
  private readonly shapeIds = new Map<string, Shape>();
  private readonly protos = new Map<object | null, number>();
  readonly shapes: Shape[] = [];
  readonly slots: Slot[] = [];
  readonly root: Slot;

  constructor(
    private readonly types: Map<string, DescMessage>,
    roots: readonly unknown[],
  ) {
    this.root = this.slot(undefined);
    for (const r of roots) this.observe(r, this.root);
  }

  slot(enc: Slot["enc"], mapKey?: ScalarType): Slot {
    const s: Slot = { kinds: new Set(), shapes: new Set(), enc, mapKey, id: this.slots.length };
    this.slots.push(s);
    return s;
  }

  /** The shape of a message object or a oneof holder; `owner` is the message a holder belongs to. */
  shapeOf(v: Record<string, unknown>, owner: DescMessage | undefined): Shape {
    const proto = Object.getPrototypeOf(v) as object | null;
    if (!this.protos.has(proto)) this.protos.set(proto, this.protos.size);
    const keys = Object.keys(v);
    const constants = new Map<string, string>();
    if (typeof v.$typeName === "string") constants.set("$typeName", v.$typeName);
    if (keys[0] === "case" && typeof v.case === "string") constants.set("case", v.case);
    // Objects with a prototype of their own share a shape whatever keys they hold.
    const keyed = proto === Object.prototype || proto === null ? keys.join(",") : "";
    const id = `${this.protos.get(proto)}|${keyed}|${[...constants.values()].join(",")}`;
    const known = this.shapeIds.get(id);
    if (known !== undefined) {
      if (keyed === "") this.merge(known, v, keys);
      return known;
    }
    const shape: Shape = { id: this.shapes.length, proto, keys: [], constants, slots: new Map(), optional: new Set() };
    (shape as Shape & { desc?: DescMessage }).desc =
      typeof v.$typeName === "string" ? this.types.get(v.$typeName) : owner;
    this.merge(shape, v, keys, true);
    this.shapeIds.set(id, shape);
    this.shapes.push(shape);
    return shape;
  }

  /** Adds `keys` of an object to its shape, marking optional what not every object has. */
  private merge(shape: Shape, v: Record<string, unknown>, keys: string[], first = false): void {
    const desc = (shape as Shape & { desc?: DescMessage }).desc;
    const own = new Set(keys);
    for (const key of shape.keys) if (!own.has(key)) shape.optional.add(key);
    for (const key of keys) {
      if (shape.keys.includes(key)) continue;
      shape.keys.push(key);
      if (!first) shape.optional.add(key);
      if (shape.constants.has(key)) continue;
      const field =
        shape.constants.has("case") && key === "value"
          ? desc?.fields.find((f) => f.localName === shape.constants.get("case"))
          : desc?.fields.find((f) => f.localName === key);
      const s = this.slot(fieldEnc(field), field?.fieldKind === "map" ? field.mapKey : undefined);
      // A oneof holder's fields are the message's own.
      (s as Slot & { owner?: DescMessage }).owner = desc;
      shape.slots.set(key, s);
    }
    void v;
  }

  observe(v: unknown, slot: Slot): void {
    const kind = kindOf(v);
    slot.kinds.add(kind);
    if (kind === "arr") {
      slot.elem ??= this.slot(slot.enc);
      for (const e of v as unknown[]) this.observe(e, slot.elem);
    } else if (kind === "map") {
      slot.mapValue ??= this.slot(slot.enc);
      for (const [, e] of Object.entries(v as object)) this.observe(e, slot.mapValue);
    } else if (kind === "obj") {
      const shape = this.shapeOf(v as Record<string, unknown>, (slot as Slot & { owner?: DescMessage }).owner);
      slot.shapes.add(shape);
      for (const [key, s] of shape.slots)
        if (Object.hasOwn(v as object, key)) this.observe((v as Record<string, unknown>)[key], s);
    }
  }
}

/** The values of the analysed objects in the order a builder or writer meets them. */
class Tapes {
  ints: number[] = [];
  nums: number[] = [];
  bigS: bigint[] = [];
  bigU: bigint[] = [];
  strs: number[][] = [];
  bools: number[] = [];
  kinds: number[] = [];
  shapes: number[] = [];
  lengths: number[] = [];
  bytes: Uint8Array[] = [];
  presence: number[] = [];

  record(v: unknown, slot: Slot, a: Analysis): void {
    const kind = kindOf(v);
    if (slot.kinds.size > 1) this.kinds.push(KINDS.indexOf(kind));
    switch (kind) {
      case "int":
        this.ints.push(v as number);
        return;
      case "num":
        this.nums.push(v as number);
        return;
      case "bigI":
        this.ints.push(Number(v));
        return;
      case "bigS":
        this.bigS.push(v as bigint);
        return;
      case "bigU":
        this.bigU.push(v as bigint);
        return;
      case "str":
        this.strs.push(Array.from({ length: (v as string).length }, (_, i) => (v as string).charCodeAt(i)));
        return;
      case "bool":
        this.bools.push(v ? 1 : 0);
        return;
      case "bytes":
        this.bytes.push(v as Uint8Array);
        return;
      case "arr": {
        const list = v as unknown[];
        this.lengths.push(list.length);
        for (const e of list) this.record(e, slot.elem as Slot, a);
        return;
      }
      case "map": {
        const entries = Object.entries(v as object);
        this.lengths.push(entries.length);
        for (const [key, e] of entries) {
          this.strs.push(Array.from({ length: key.length }, (_, i) => key.charCodeAt(i)));
          this.record(e, slot.mapValue as Slot, a);
        }
        return;
      }
      case "obj": {
        const shape = a.shapeOf(v as Record<string, unknown>, undefined);
        if (slot.shapes.size > 1) this.shapes.push(shape.id);
        for (const key of shape.keys) {
          const s = shape.slots.get(key);
          if (s === undefined) continue;
          const present = Object.hasOwn(v as object, key);
          if (shape.optional.has(key)) this.presence.push(present ? 1 : 0);
          if (present) this.record((v as Record<string, unknown>)[key], s, a);
        }
        return;
      }
      default:
        return;
    }
  }
}

const SIZED_MIN = 16;

/**
 * Whether a list's elements are messages (or other objects, lists, maps). Such a list is pushed
 * even when long: sized first, a 1 MB subject's list of 25,000 messages is one 200 KB backing
 * store made before its elements, and building it that way took more time than pushing
 * (RepeatedMessages-1MB, Node 20, CPU time a call: 8.4 ms sized, 6.4 ms pushed, tickwire 6.6-7.1 ms),
 * which made the bound slower than the decoder it bounds. Scalar lists are still sized:
 * PackedScalars-1MB took 4.1 ms sized and 7.5 ms pushed.
 */
function isComposite(elem: Slot): boolean {
  return elem.kinds.has("obj") || elem.kinds.has("arr") || elem.kinds.has("map");
}
const prop = (key: string) => (key === "__proto__" ? `["__proto__"]` : JSON.stringify(key));

function builderSource(a: Analysis): string {
  const out: string[] = [];
  const expr = (slot: Slot): string => {
    if (slot.kinds.size === 1) return kindExpr([...slot.kinds][0], slot);
    return `v${slot.id}()`;
  };
  const kindExpr = (kind: Kind, slot: Slot): string => {
    switch (kind) {
      case "int":
        return "ints[ii++]";
      case "num":
        return "nums[ni++]";
      case "bigI":
        return "BigInt(ints[ii++])";
      case "bigS":
        return "bigS[si64++]";
      case "bigU":
        return "bigU[ui64++]";
      case "str":
        return "str()";
      case "bool":
        return "bools[bi++] === 1";
      case "undef":
        return "undefined";
      case "null":
        return "null";
      case "bytes":
        return "view()";
      case "arr":
        return `a${slot.id}()`;
      case "map":
        return `m${slot.id}()`;
      case "obj":
        return slot.shapes.size === 1 ? `o${[...slot.shapes][0].id}()` : `s${slot.id}()`;
    }
  };
  for (const slot of a.slots) {
    if (slot.kinds.has("obj") && slot.shapes.size > 1) {
      // A switch of direct calls, as a decoder's switch on a tag: each call can be inlined.
      const cases = [...slot.shapes].map((sh) => `case ${sh.id}: return o${sh.id}();`).join(" ");
      out.push(`function s${slot.id}() { switch (shapes[hi++]) { ${cases} } }`);
    }
    if (slot.kinds.size > 1) {
      const cases = [...slot.kinds].map((k) => `case ${KINDS.indexOf(k)}: return ${kindExpr(k, slot)};`).join(" ");
      out.push(`function v${slot.id}() { switch (kinds[ki++]) { ${cases} } }`);
    }
    if (slot.kinds.has("arr") && slot.elem !== undefined) {
      const e = expr(slot.elem);
      // A list of messages is pushed whatever its length (isComposite says why).
      const sized = !isComposite(slot.elem)
        ? `if (n < ${SIZED_MIN}) { for (let i = 0; i < n; i++) list.push(${e}); return list; }
  list.length = n; for (let i = 0; i < n; i++) list[i] = ${e}; return list;`
        : `for (let i = 0; i < n; i++) list.push(${e}); return list;`;
      out.push(`function a${slot.id}() {
  const n = lengths[li++]; const list = [];
  ${sized}
}`);
    }
    if (slot.kinds.has("map") && slot.mapValue !== undefined) {
      out.push(`function m${slot.id}() {
  const n = lengths[li++]; const map = {};
  for (let i = 0; i < n; i++) { const key = str(); map[key] = ${expr(slot.mapValue)}; }
  return map;
}`);
    }
  }
  for (const shape of a.shapes) {
    const value = (key: string) => {
      const c = shape.constants.get(key);
      return c !== undefined ? JSON.stringify(c) : expr(shape.slots.get(key) as Slot);
    };
    if (shape.proto === Object.prototype) {
      out.push(
        `function o${shape.id}() { return { ${shape.keys.map((k) => `${prop(k)}: ${value(k)}`).join(", ")} }; }`,
      );
    } else {
      // A constructor whose prototype is the message's: instances share one map from the start.
      const sets = shape.keys
        .map(
          (k) => `${shape.optional.has(k) ? "if (presence[pri++] === 1) " : ""}o[${JSON.stringify(k)}] = ${value(k)};`,
        )
        .join(" ");
      out.push(`function K${shape.id}() {}\nK${shape.id}.prototype = P[${shape.id}];`);
      out.push(`function o${shape.id}() { const o = new K${shape.id}(); ${sets} return o; }`);
    }
  }
  return `"use strict";
const { ints, nums, bigS, bigU, C, offsets, long, bools, kinds, shapes, lengths, views, presence, P } = T;
const fromCharCode = String.fromCharCode;
let ii = 0, ni = 0, si64 = 0, ui64 = 0, sti = 0, bi = 0, ki = 0, hi = 0, li = 0, yi = 0, pri = 0;
function str() {
  const o = offsets[sti], n = offsets[++sti] - o;
  switch (n) { case 0: return ""; case 1: return fromCharCode(C[o + 0]); case 2: return fromCharCode(C[o + 0], C[o + 1]); case 3: return fromCharCode(C[o + 0], C[o + 1], C[o + 2]); case 4: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3]); case 5: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3], C[o + 4]); case 6: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3], C[o + 4], C[o + 5]); case 7: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3], C[o + 4], C[o + 5], C[o + 6]); case 8: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3], C[o + 4], C[o + 5], C[o + 6], C[o + 7]); case 9: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3], C[o + 4], C[o + 5], C[o + 6], C[o + 7], C[o + 8]); case 10: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3], C[o + 4], C[o + 5], C[o + 6], C[o + 7], C[o + 8], C[o + 9]); case 11: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3], C[o + 4], C[o + 5], C[o + 6], C[o + 7], C[o + 8], C[o + 9], C[o + 10]); case 12: return fromCharCode(C[o + 0], C[o + 1], C[o + 2], C[o + 3], C[o + 4], C[o + 5], C[o + 6], C[o + 7], C[o + 8], C[o + 9], C[o + 10], C[o + 11]);
    default: {
      if (n <= 8192) return fromCharCode.apply(String, long[sti - 1]);
      let s = "";
      for (let at = o; at < o + n; at += 8192) s += fromCharCode.apply(String, C.subarray(at, Math.min(at + 8192, o + n)));
      return s;
    } }
}
function view() { const v = views[yi++]; return v[0].subarray(v[1], v[2]); }
${out.join("\n")}
return function build(count, into) {
  ii = 0; ni = 0; si64 = 0; ui64 = 0; sti = 0; bi = 0; ki = 0; hi = 0; li = 0; yi = 0; pri = 0;
  let last;
  for (let i = 0; i < count; i++) {
    last = ${expr(a.root)};
    if (into !== undefined) into.push(last);
  }
  return last;
};`;
}

/** A writer expression for value `v` of one kind at a slot. */
function writeKind(kind: Kind, slot: Slot, keyed = false): string {
  const enc = keyed ? slot.mapKey : slot.enc;
  switch (kind) {
    case "int":
    case "num":
      switch (enc) {
        case ScalarType.INT32:
          return "v32(v);";
        case ScalarType.UINT32:
          return "vu(v >>> 0);";
        case ScalarType.SINT32:
          return "vu(((v << 1) ^ (v >> 31)) >>> 0);";
        case ScalarType.FIXED32:
          return "dv.setUint32(p, v, true); p += 4;";
        case ScalarType.SFIXED32:
          return "dv.setInt32(p, v, true); p += 4;";
        case ScalarType.FLOAT:
          return "dv.setFloat32(p, v, true); p += 4;";
        case ScalarType.INT64:
        case ScalarType.UINT64:
        case ScalarType.SINT64:
        case ScalarType.FIXED64:
        case ScalarType.SFIXED64:
          return "n64(v);";
        case ScalarType.DOUBLE:
        case "json":
          return "dv.setFloat64(p, v, true); p += 8;";
        default:
          return kind === "int" ? "v32(v);" : "dv.setFloat64(p, v, true); p += 8;";
      }
    case "bigI":
    case "bigS":
    case "bigU":
      switch (enc) {
        case ScalarType.SINT64:
          return "z64(v);";
        case ScalarType.FIXED64:
        case ScalarType.SFIXED64:
          return "f64(v);";
        default:
          return "b64(v);";
      }
    case "str":
      if (!keyed || enc === ScalarType.STRING || enc === undefined) return "st(v);";
      // A map key is a string in the object; the wire holds its number.
      if (enc === ScalarType.BOOL) return 'W[p++] = v === "true" ? 1 : 0;';
      if (enc === ScalarType.INT64 || enc === ScalarType.UINT64 || enc === ScalarType.SINT64) return "b64(BigInt(v));";
      if (enc === ScalarType.FIXED64 || enc === ScalarType.SFIXED64) return "f64(BigInt(v));";
      return "v32(Number(v));";
    case "bool":
      return "W[p++] = v ? 1 : 0;";
    case "bytes":
      return "by(v);";
    case "null":
      return "W[p++] = 0;";
    case "undef":
      return "";
    case "arr":
      return `a${slot.id}(v);`;
    case "map":
      return `m${slot.id}(v);`;
    case "obj":
      return slot.shapes.size === 1
        ? `w${[...slot.shapes][0].id}(v);`
        : `switch (shapes[hi++]) { ${[...slot.shapes].map((sh) => `case ${sh.id}: w${sh.id}(v); break;`).join(" ")} }`;
  }
}

function writerSource(a: Analysis): string {
  const out: string[] = [];
  const write = (slot: Slot): string => {
    if (slot.kinds.size === 1) return writeKind([...slot.kinds][0], slot);
    return `switch (kinds[ki++]) { ${[...slot.kinds].map((k) => `case ${KINDS.indexOf(k)}: { ${writeKind(k, slot)} break; }`).join(" ")} }`;
  };
  for (const slot of a.slots) {
    if (slot.kinds.has("arr") && slot.elem !== undefined)
      out.push(
        `function a${slot.id}(list) { for (let i = 0; i < list.length; i++) { const v = list[i]; ${write(slot.elem)} } }`,
      );
    if (slot.kinds.has("map") && slot.mapValue !== undefined) {
      const key = writeKind("str", slot, true);
      out.push(
        `function m${slot.id}(map) { const keys = Object.keys(map); for (let i = 0; i < keys.length; i++) { let v = keys[i]; ${key} v = map[keys[i]]; ${write(slot.mapValue)} } }`,
      );
    }
  }
  for (const shape of a.shapes) {
    const body = shape.keys
      .filter((k) => !shape.constants.has(k) || shape.optional.has(k))
      .map((k) => {
        const test = shape.optional.has(k) ? "if (presence[pri++] === 1) " : "";
        return shape.constants.has(k)
          ? `${test}{}`
          : `${test}{ const v = o[${JSON.stringify(k)}]; ${write(shape.slots.get(k) as Slot)} }`;
      })
      .join("\n  ");
    out.push(`function w${shape.id}(o) {\n  ${body}\n}`);
  }
  return `"use strict";
const { kinds, shapes, presence, known, take, capacity } = T;
const W = new Uint8Array(capacity); const dv = new DataView(W.buffer);
const S64 = new BigInt64Array(1); const HALVES = new Uint32Array(S64.buffer);
const utf8 = new TextEncoder();
let p = 0, ki = 0, hi = 0, pri = 0;
function vu(v) { while (v > 127) { W[p++] = (v & 127) | 128; v >>>= 7; } W[p++] = v; }
function words(lo, hi) { while (hi !== 0 || lo > 127) { W[p++] = (lo & 127) | 128; lo = ((lo >>> 7) | (hi << 25)) >>> 0; hi >>>= 7; } W[p++] = lo; }
function v32(v) { if (v >= 0) vu(v); else words(v >>> 0, 0xffffffff); }
function b64(v) { S64[0] = v; words(HALVES[0], HALVES[1]); }
function z64(v) { S64[0] = v; const lo = HALVES[0], hi = HALVES[1]; words(((lo << 1) ^ (hi >> 31)) >>> 0, (((hi << 1) | (lo >>> 31)) ^ (hi >> 31)) >>> 0); }
function f64(v) { S64[0] = v; dv.setUint32(p, HALVES[0], true); dv.setUint32(p + 4, HALVES[1], true); p += 8; }
function n64(v) { words(v >>> 0, Math.floor(v / 4294967296) >>> 0); }
function st(s) {
  const n = s.length;
  if (n >= 1024) { p += utf8.encodeInto(s, W.subarray(p)).written; return; }
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) W[p++] = c;
    else nonAscii(s, i, c);
    if (c >= 0xd800 && c < 0xdc00) i++;
  }
}
// TypedArray set is a call into the runtime: short copies are cheaper as a loop.
function by(b) { const n = b.length; if (n < 64) { for (let i = 0; i < n; i++) W[p++] = b[i]; } else { W.set(b, p); p += n; } }
function nonAscii(s, i, c) {
  if (c < 0x800) { W[p++] = 0xc0 | (c >> 6); W[p++] = 0x80 | (c & 63); return; }
  if (c >= 0xd800 && c < 0xdc00) {
    const cp = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00);
    W[p++] = 0xf0 | (cp >> 18); W[p++] = 0x80 | ((cp >> 12) & 63); W[p++] = 0x80 | ((cp >> 6) & 63); W[p++] = 0x80 | (cp & 63);
    return;
  }
  W[p++] = 0xe0 | (c >> 12); W[p++] = 0x80 | ((c >> 6) & 63); W[p++] = 0x80 | (c & 63);
}
${out.join("\n")}
return function write(messages, sizes) {
  ki = 0; hi = 0; pri = 0;
  let last;
  for (let i = 0; i < messages.length; i++) {
    p = 0;
    const v = messages[i];
    ${write(a.root)}
    if (sizes !== undefined) sizes.push(p);
    last = take(known[i]);
  }
  return last;
};`;
}

/** Every string's UTF-16 codes in one array, each string from offsets[i] to offsets[i + 1]. */
function codeTape(strs: number[][]): { C: Uint16Array; offsets: Int32Array } {
  const offsets = new Int32Array(strs.length + 1);
  strs.forEach((s, i) => {
    offsets[i + 1] = offsets[i] + s.length;
  });
  const C = new Uint16Array(offsets[strs.length]);
  strs.forEach((s, i) => {
    C.set(s, offsets[i]);
  });
  return { C, offsets };
}

export interface DecodeBound {
  /** Builds the outputs of all the frames once, in order; returns the last. */
  build: () => unknown;
  /** The same pass by a twin of `build` (the same source, compiled apart), returning every output it built: the check's. */
  buildAll: () => unknown[];
  /** How many distinct object shapes the outputs hold (a report detail). */
  shapes: number;
}

/** The decode bound for `outputs` (what a decoder returned for each frame, in order). */
export function decodeBound(root: DescMessage, outputs: readonly unknown[]): DecodeBound {
  const a = new Analysis(registry(root), outputs);
  const t = new Tapes();
  for (const o of outputs) t.record(o, a.root, a);
  const views: [Uint8Array, number, number][] = [];
  if (t.bytes.length > 0) {
    const all = new Uint8Array(t.bytes.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of t.bytes) {
      all.set(b, at);
      views.push([all, at, at + b.length]);
      at += b.length;
    }
  }
  const T = {
    ints: Int32Array.from(t.ints),
    nums: Float64Array.from(t.nums),
    bigS: BigInt64Array.from(t.bigS),
    bigU: BigUint64Array.from(t.bigU),
    ...codeTape(t.strs),
    // Strings past 12 characters go through apply, which is fast on a plain array only.
    long: t.strs.map((c) => (c.length > 12 && c.length <= 8192 ? c : null)),
    presence: Uint8Array.from(t.presence),
    bools: Uint8Array.from(t.bools),
    kinds: Uint8Array.from(t.kinds),
    shapes: Int32Array.from(t.shapes),
    lengths: Int32Array.from(t.lengths),
    views,
    P: a.shapes.map((s) => s.proto),
  };
  type Builder = (count: number, into?: unknown[]) => unknown;
  const source = builderSource(a);
  const build = new Function("T", source)(T) as Builder;
  // The check runs a twin compiled apart (its source differs by a comment, so V8 shares no code or
  // feedback with the timed one): holding every output of a 1 MB feed while comparing it made the
  // timed builder's objects look long-lived, and V8 then allocated them in the old generation
  // (Scalars-1MB: 1.1 ms a build after a check of another instance, 9.8 ms after one of its own).
  const twin = new Function("T", `${source}\n// the check's twin`)(T) as Builder;
  const count = outputs.length;
  return {
    build: () => build(count),
    buildAll: () => {
      const all: unknown[] = [];
      twin(count, all);
      return all;
    },
    shapes: a.shapes.length,
  };
}

export interface EncodeBound {
  /** Walks and writes every message once; returns the last one's known bytes, taken as tickwire's encoders take theirs. */
  write: () => Uint8Array;
  /** Bytes the walk wrote into its scratch for the last message (the values without framing). */
  valueBytes: () => number;
  /** The same pass, returning the bytes the walk wrote for each message. */
  valueBytesEach: () => number[];
}

/** The encode bound for `messages` (what the encoder is given) whose encodings are `frames`. */
export function encodeBound(
  root: DescMessage,
  messages: readonly unknown[],
  frames: readonly Uint8Array[],
): EncodeBound {
  const a = new Analysis(registry(root), messages);
  const t = new Tapes();
  for (const m of messages) t.record(m, a.root, a);
  const capacity = 2 * Math.max(...frames.map((f) => f.length)) + 1024;
  const T = {
    kinds: Uint8Array.from(t.kinds),
    shapes: Int32Array.from(t.shapes),
    presence: Uint8Array.from(t.presence),
    // The result is the frame's bytes taken as tickwire's encoders take what they wrote (takeBytes: a copy
    // of its own up to 64 bytes and over 2 KiB, else a view into a shared slab), so the bound pays the
    // same output step and only the framing is stripped.
    known: frames.map((f) => ({ buf: f, pos: f.length }) as unknown as Writer),
    take: takeBytes,
    capacity,
  };
  const src = writerSource(a).replace("return function write", "T.written = () => p;\nreturn function write");
  const write = new Function("T", src)(T) as (m: readonly unknown[], sizes?: number[]) => Uint8Array;
  const list = [...messages];
  return {
    write: () => write(list),
    valueBytes: () => (T as unknown as { written: () => number }).written(),
    valueBytesEach: () => {
      const sizes: number[] = [];
      write(list, sizes);
      return sizes;
    },
  };
}

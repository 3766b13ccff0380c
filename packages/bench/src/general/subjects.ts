// The general suite's subjects: one message per feature of the bench's feature schema,
// the plugin's second schema (Order), and a proto2 message with defaults, a Struct-heavy
// message and an editions 2023 message, each at about 100 B, 10 KB and 1 MB, built
// from a seeded generator so every run and every process times the same bytes.
import { readFileSync, writeFileSync } from "node:fs";
import {
  create,
  type DescMessage,
  fromBinary,
  type JsonObject,
  type JsonValue,
  type MessageShape,
  toBinary,
} from "@bufbuild/protobuf";
import { DurationSchema, TimestampSchema } from "@bufbuild/protobuf/wkt";
import { type Execution, ExecutionSchema, type Fill, FillSchema } from "../gen/tickwire/bench/v1/editions_pb.js";
import {
  type Level,
  MessageMapSchema,
  NodeSchema,
  PackedScalarsSchema,
  type Point,
  PointSchema,
  RepeatedMessagesSchema,
  ScalarsSchema,
  StringMapSchema,
} from "../gen/tickwire/bench/v1/features_pb.js";
import { EventSchema } from "../gen/tickwire/bench/v1/payload_pb.js";
import { LegacyQuote_LimitsSchema, LegacyQuoteSchema, type Venue } from "../gen/tickwire/bench/v1/proto2_pb.js";
import {
  type Instrument,
  InstrumentSchema,
  type Order,
  type Order_Leg,
  Order_LegSchema,
  OrderSchema,
  type OrderType,
  type Side,
} from "../gen/tickwire/orders/v1/orders_pb.js";

export const GENERAL_SEED = 20261123;

/** The suite's message types, by the name its case ids use. */
export const FEATURES = [
  "Scalars",
  "PackedScalars",
  "RepeatedMessages",
  "StringMap",
  "MessageMap",
  "Nested",
  "Order",
  "Proto2",
  "Struct",
  "Editions",
] as const;
export type Feature = (typeof FEATURES)[number];

export const SIZES = [
  { label: "100B", bytes: 100 },
  { label: "10KB", bytes: 10_000 },
  { label: "1MB", bytes: 1_000_000 },
] as const;

/** One subject: the frames a call decodes one after another, and the messages they encode. */
export interface GeneralSubject {
  name: string;
  feature: Feature;
  desc: DescMessage;
  messages: object[];
  frames: Uint8Array[];
  bytes: number;
}

/** mulberry32: a small, fast, seeded generator; the sequence is what matters, not its quality. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Values {
  constructor(private readonly random: () => number) {}
  int(below: number): number {
    return Math.floor(this.random() * below);
  }
  /** Magnitudes spread over 1..2^bits, so varints of every length appear. */
  magnitude(bits: number): number {
    return Math.floor(this.random() * 2 ** (1 + this.int(bits)));
  }
  signed(bits: number): number {
    const m = this.magnitude(bits - 1);
    return this.random() < 0.25 && m !== 0 ? -m : m;
  }
  /** 64-bit values below 2^53, so every decoder (int64 as number too) holds them exactly. */
  int64(signed: boolean): bigint {
    return BigInt(signed ? this.signed(53) : this.magnitude(53));
  }
  double(): number {
    return (this.random() - 0.3) * 10 ** this.int(8);
  }
  float(): number {
    return Math.fround(this.double());
  }
  /** Mostly ASCII identifiers, one in ten with a two-byte character. */
  text(length: number): string {
    let s = "";
    for (let i = 0; i < length; i++) s += String.fromCharCode(97 + this.int(26));
    return this.random() < 0.1 ? `${s}é` : s;
  }
  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = this.int(256);
    return out;
  }
  level(): Level {
    return this.int(4) as Level;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

/**
 * Items until their encoded size is nearest `bytes`, counting `overhead` bytes per item
 * for what holds it (a list's tag and length, a map entry's key); at least one item.
 */
function fill<T extends DescMessage>(
  bytes: number,
  schema: T,
  item: () => MessageShape<T>,
  overhead = 3,
): MessageShape<T>[] {
  const out: MessageShape<T>[] = [];
  let size = 0;
  for (;;) {
    const next = item();
    const length = toBinary(schema, next).length + overhead;
    if (out.length > 0 && size + length / 2 > bytes) return out;
    out.push(next);
    size += length;
  }
}

function point(v: Values, id: number): Point {
  return create(PointSchema, {
    id: BigInt(id) * 1000n + (v.int64(false) % 1000n),
    x: v.double(),
    y: v.double(),
    label: v.text(4 + v.int(12)),
    level: v.level(),
    flags: v.magnitude(16),
  });
}

function scalars(v: Values) {
  return create(ScalarsSchema, {
    fDouble: v.double(),
    fFloat: v.float(),
    fInt32: v.signed(32),
    fInt64: v.int64(true),
    fUint32: v.magnitude(32),
    fUint64: v.int64(false),
    fSint32: v.signed(32),
    fSint64: v.int64(true),
    fFixed32: v.magnitude(32),
    fFixed64: v.int64(false),
    fSfixed32: v.signed(32),
    fSfixed64: v.int64(true),
    fBool: v.int(2) === 1,
    fString: v.text(4 + v.int(8)),
    fBytes: v.bytes(v.int(8)),
  });
}

function packed(v: Values, bytes: number) {
  // About 60 bytes per element of every field, so n elements make about 60·n bytes.
  const n = Math.max(1, Math.round(bytes / 60));
  const list = <T>(f: () => T) => Array.from({ length: n }, f);
  return create(PackedScalarsSchema, {
    fDouble: list(() => v.double()),
    fFloat: list(() => v.float()),
    fInt32: list(() => v.signed(32)),
    fInt64: list(() => v.int64(true)),
    fUint32: list(() => v.magnitude(32)),
    fUint64: list(() => v.int64(false)),
    fSint32: list(() => v.signed(32)),
    fSint64: list(() => v.int64(true)),
    fFixed32: list(() => v.magnitude(32)),
    fFixed64: list(() => v.int64(false)),
    fSfixed32: list(() => v.signed(32)),
    fSfixed64: list(() => v.int64(true)),
    fBool: list(() => v.int(2) === 1),
    fEnum: list(() => v.level()),
  });
}

/** A tree in breadth-first order: node i's parent is (i - 1) / 4, so depth grows with log4 of the size. */
function tree(v: Values, bytes: number) {
  const node = (i: number) => {
    const payloads = [
      { case: "text" as const, value: v.text(6 + v.int(10)) },
      { case: "point" as const, value: point(v, i) },
      { case: "count" as const, value: v.signed(32) },
      { case: undefined },
    ];
    return create(NodeSchema, {
      name: `n${i}`,
      id: v.int64(false),
      weight: v.int(2) === 0 ? v.double() : undefined,
      level: v.level(),
      origin: v.int(3) === 0 ? point(v, i) : undefined,
      payload: v.pick(payloads),
      deltas: Array.from({ length: v.int(6) }, () => v.signed(20)),
      blob: v.bytes(v.int(12)),
    });
  };
  const nodes = fill(bytes, NodeSchema, () => node(0));
  nodes.forEach((n, i) => {
    n.name = `n${i}`;
    if (i > 0) nodes[Math.floor((i - 1) / 4)].children.push(n);
  });
  return nodes[0];
}

function instrument(v: Values, i: number, small = false): Instrument {
  return create(InstrumentSchema, {
    symbol: `${v.text(3).toUpperCase()}${i}`,
    exchange: v.pick(["NSE", "BSE", "MCX", "NFO"]),
    instrumentId: v.int64(false),
    tickSize: v.pick([0.05, 0.01, 0.25, 1]),
    listedAt:
      !small && v.int(2) === 0
        ? create(TimestampSchema, { seconds: v.int64(false) % 2_000_000_000n, nanos: v.int(1e9) })
        : undefined,
    attributes: Object.fromEntries(Array.from({ length: small ? 0 : v.int(3) }, () => [v.text(5), v.text(8)])),
  });
}

function leg(v: Values, i: number): Order_Leg {
  return create(Order_LegSchema, { instrument: instrument(v, i), side: (1 + v.int(2)) as Side, ratio: 1 + v.int(5) });
}

/** An order; a `small` one (the 100 B subject) leaves out the lists, maps and signature. */
function order(v: Values, i: number, small = false): Order {
  const timeInForce = [
    { case: "day" as const, value: true },
    { case: "goodTill" as const, value: create(TimestampSchema, { seconds: 1_800_000_000n + BigInt(v.int(1e6)) }) },
    { case: "goodFor" as const, value: create(DurationSchema, { seconds: BigInt(v.int(86400)), nanos: v.int(1e9) }) },
    { case: "session" as const, value: v.text(6) },
    { case: "legRule" as const, value: leg(v, i) },
  ];
  return create(OrderSchema, {
    clientOrderId: `ord-${i}-${v.text(8)}`,
    side: (1 + v.int(2)) as Side,
    type: (1 + v.int(3)) as OrderType,
    instrument: instrument(v, i, small),
    quantity: String(1 + v.magnitude(20)),
    price: v.double(),
    stopPrice: v.int(3) === 0 ? v.double() : undefined,
    timeInForce: v.pick(small ? timeInForce.slice(0, 1) : timeInForce),
    legs: small ? [] : Array.from({ length: v.int(3) }, (_, k) => leg(v, k)),
    maxShow: v.int(2) === 0 ? v.int64(false) : undefined,
    note: v.int(4) === 0 ? v.text(20) : undefined,
    legsByName: small ? {} : Object.fromEntries(Array.from({ length: v.int(2) }, (_, k) => [`leg${k}`, leg(v, k)])),
    signature: small ? new Uint8Array(0) : v.bytes(16),
    account: v.int64(false),
    farField: v.signed(16),
  });
}

/**
 * A proto2 quote with about half its optional fields set: the rest read their custom
 * defaults from the prototype. A set field sometimes holds its default value, which is
 * still written on the wire (explicit presence).
 */
function legacyQuote(v: Values, i: number) {
  const some = () => v.int(2) === 0;
  const quote = create(LegacyQuoteSchema, {
    symbol: `${v.text(3).toUpperCase()}${i}`,
    instrumentId: v.int64(false),
    depth: Array.from({ length: v.int(4) }, () => v.magnitude(16)),
    routes: Array.from({ length: v.int(3) }, () => (1 + v.int(3)) as Venue),
  });
  if (some()) quote.price = v.int(4) === 0 ? 100.5 : v.double();
  if (some()) quote.lot = v.pick([25, 50, 75, 1]);
  if (some()) quote.openInterest = v.int64(true);
  if (some()) quote.flags = v.magnitude(32);
  if (some()) quote.tradable = v.int(2) === 0;
  if (some()) quote.currency = v.pick(["INR", "USD"]);
  if (some()) quote.tag = v.bytes(2 + v.int(4));
  if (some()) quote.venue = (1 + v.int(3)) as Venue;
  if (some()) {
    const limits = create(LegacyQuote_LimitsSchema, { lower: v.double() });
    if (some()) limits.upper = v.double();
    quote.limits = limits;
  }
  return quote;
}

/** A JSON value as a service's free-form payload has it: objects, lists, numbers, strings, booleans, nulls. */
function json(v: Values, depth: number): JsonValue {
  switch (v.int(depth > 0 ? 8 : 5)) {
    case 0:
      return v.int(2) === 0 ? v.signed(32) : Math.round(v.double() * 100) / 100;
    case 1:
    case 2:
      return v.text(3 + v.int(12));
    case 3:
      return v.int(2) === 0;
    case 4:
      return null;
    case 5:
    case 6:
      return jsonObject(v, depth - 1);
    default:
      return Array.from({ length: 1 + v.int(4) }, () => json(v, depth - 1));
  }
}

function jsonObject(v: Values, depth: number): JsonObject {
  return Object.fromEntries(Array.from({ length: 2 + v.int(4) }, () => [v.text(3 + v.int(6)), json(v, depth)]));
}

/** An event with Struct attributes; larger ones carry a list of JSON objects three levels deep. */
function event(v: Values, bytes: number) {
  const message = create(EventSchema, {
    kind: v.pick(["order.update", "risk.alert", "session.note"]),
    sequence: v.int64(false),
    attributes: { source: v.text(5), retry: v.int(2) === 0, score: v.int(100) },
  });
  if (bytes < 400) return message;
  message.context = jsonObject(v, 2);
  let size = toBinary(EventSchema, message).length;
  while (size < bytes) {
    const item = jsonObject(v, 3);
    size += toBinary(EventSchema, create(EventSchema, { items: [item] })).length;
    message.items.push(item);
  }
  return message;
}

function tradeFill(v: Values, i: number): Fill {
  return create(FillSchema, {
    tradeId: BigInt(i) * 1000n + (v.int64(false) % 1000n),
    price: v.double(),
    quantity: 1 + v.magnitude(16),
    venue: v.pick(["NSE", "BSE"]),
  });
}

/** An execution report: its fills (delimited) and the packed and expanded lists grow with the size. */
function execution(v: Values, bytes: number): Execution {
  // About 60 bytes without the lists, and 36 per fill with an element of each list.
  const n = Math.max(0, Math.round((bytes - 60) / 36));
  const message = create(ExecutionSchema, {
    orderId: `ord-${v.text(8)}`,
    account: v.int(3) === 0 ? 0n : v.int64(false),
    averagePrice: v.double(),
    filled: v.magnitude(20),
    done: v.int(2) === 0,
    last: tradeFill(v, 0),
    fills: Array.from({ length: n }, (_, k) => tradeFill(v, k + 1)),
    deltas: Array.from({ length: n }, () => v.int64(true) % 100_000n),
    sizes: Array.from({ length: n }, () => v.magnitude(16)),
    marks: Array.from({ length: n }, () => v.double()),
  });
  return message;
}

function messagesFor(feature: Feature, v: Values, bytes: number): { desc: DescMessage; messages: object[] } {
  switch (feature) {
    // Scalars has no list to grow: the larger subjects are feeds of ~100 B messages decoded one after another.
    case "Scalars":
      return { desc: ScalarsSchema, messages: fill(bytes, ScalarsSchema, () => scalars(v), 0) };
    case "PackedScalars":
      return { desc: PackedScalarsSchema, messages: [packed(v, bytes)] };
    case "RepeatedMessages": {
      let i = 0;
      const points = fill(bytes, PointSchema, () => point(v, i++));
      return { desc: RepeatedMessagesSchema, messages: [create(RepeatedMessagesSchema, { points })] };
    }
    case "StringMap": {
      const entries: Record<string, string> = {};
      let size = 0;
      for (let i = 0; size < bytes; i++) {
        const key = `k${i}-${v.text(6)}`;
        const value = v.text(4 + v.int(24));
        entries[key] = value;
        size += key.length + value.length + 6;
      }
      return { desc: StringMapSchema, messages: [create(StringMapSchema, { entries })] };
    }
    case "MessageMap": {
      let i = 0;
      const points = fill(bytes, PointSchema, () => point(v, i++), 12);
      const entries = Object.fromEntries(points.map((p, k) => [`p${k}`, p]));
      return { desc: MessageMapSchema, messages: [create(MessageMapSchema, { entries })] };
    }
    case "Nested":
      return { desc: NodeSchema, messages: [tree(v, bytes)] };
    case "Order": {
      // A parent order with its child orders (a basket): the size grows with the children.
      let i = 1;
      const parent = order(v, 0, bytes < 400);
      if (bytes >= 400) parent.children = fill(bytes, OrderSchema, () => order(v, i++));
      return { desc: OrderSchema, messages: [parent] };
    }
    // Like Scalars, a proto2 message is a feed of ~100 B quotes: each decode builds on the defaults' prototype.
    case "Proto2": {
      let i = 0;
      return { desc: LegacyQuoteSchema, messages: fill(bytes, LegacyQuoteSchema, () => legacyQuote(v, i++), 0) };
    }
    case "Struct":
      return { desc: EventSchema, messages: [event(v, bytes)] };
    case "Editions":
      return { desc: ExecutionSchema, messages: [execution(v, bytes)] };
  }
}

/** Every subject of the suite, or those whose name `wanted` accepts (building a 1 MB subject takes a moment). */
export function generalSubjects(wanted: (name: string) => boolean = () => true): GeneralSubject[] {
  const out: GeneralSubject[] = [];
  for (const feature of FEATURES) {
    for (const size of SIZES) {
      const name = `${feature}-${size.label}`;
      if (!wanted(name)) continue;
      // A seed per subject, so a filtered run builds the same bytes as a full one.
      const v = new Values(seededRandom(GENERAL_SEED ^ (FEATURES.indexOf(feature) * 16 + SIZES.indexOf(size))));
      const { desc, messages } = messagesFor(feature, v, size.bytes);
      if (desc !== DESCS[feature]) throw new Error(`${name}: built as ${desc.typeName}`);
      const frames = messages.map((m) => toBinary(desc, m as never));
      out.push({ name, feature, desc, messages, frames, bytes: frames.reduce((n, f) => n + f.length, 0) });
    }
  }
  return out;
}

/** Names of every subject, in the suite's order, without building any. */
export const GENERAL_SUBJECT_NAMES = FEATURES.flatMap((f) => SIZES.map((s) => `${f}-${s.label}`));

const DESCS: Record<Feature, DescMessage> = {
  Scalars: ScalarsSchema,
  PackedScalars: PackedScalarsSchema,
  RepeatedMessages: RepeatedMessagesSchema,
  StringMap: StringMapSchema,
  MessageMap: MessageMapSchema,
  Nested: NodeSchema,
  Order: OrderSchema,
  Proto2: LegacyQuoteSchema,
  Struct: EventSchema,
  Editions: ExecutionSchema,
};

/** The message type of a feature's subjects. */
export function featureDesc(feature: Feature): DescMessage {
  return DESCS[feature];
}

/**
 * Writes the subjects' bytes for the round processes (`<path>.json` and `<path>.bin`):
 * building and verifying the 1 MB subjects takes seconds, and the parent has done both
 * before anything is timed, so each round's process reads the verified bytes instead.
 */
export function saveSubjects(subjects: readonly GeneralSubject[], path: string): void {
  const index = subjects.map((s) => ({ name: s.name, feature: s.feature, lengths: s.frames.map((f) => f.length) }));
  writeFileSync(`${path}.json`, JSON.stringify(index));
  writeFileSync(`${path}.bin`, Buffer.concat(subjects.flatMap((s) => s.frames)));
}

/**
 * The subjects `saveSubjects` wrote. Their messages (the encoders' input) are protobuf-es's
 * decoding of the bytes, made only `withMessages`: a decoder's process needs the bytes alone.
 */
export function loadSubjects(path: string, wanted: (name: string) => boolean, withMessages: boolean): GeneralSubject[] {
  const index = JSON.parse(readFileSync(`${path}.json`, "utf8")) as {
    name: string;
    feature: Feature;
    lengths: number[];
  }[];
  const bytes = new Uint8Array(readFileSync(`${path}.bin`));
  const out: GeneralSubject[] = [];
  let offset = 0;
  for (const { name, feature, lengths } of index) {
    const frames = lengths.map((n) => {
      offset += n;
      return bytes.slice(offset - n, offset);
    });
    if (!wanted(name)) continue;
    const desc = DESCS[feature];
    const messages = withMessages ? frames.map((f) => fromBinary(desc, f)) : [];
    out.push({ name, feature, desc, messages, frames, bytes: frames.reduce((n, f) => n + f.length, 0) });
  }
  return out;
}

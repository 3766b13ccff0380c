// What the campaign feeds the codec: valid messages built from the schema's
// descriptors (edge values first), mutated by operators that matter for protobuf,
// random bytes and tag soup, and streams of frames with one corrupt frame in the middle.
import { create, type DescField, type DescMessage, ScalarType, toBinary } from "@bufbuild/protobuf";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { type ByteMutation, byteMutation, mutateBytes } from "@tickwire/testkit/fuzz";
import { tag, varint } from "@tickwire/testkit/wire";
import fc from "fast-check";
import {
  flatten,
  type Node,
  overlong,
  parseTree,
  serializeTree,
  WIRE_END_GROUP,
  WIRE_FIXED32,
  WIRE_FIXED64,
  WIRE_LEN,
  WIRE_START_GROUP,
  WIRE_VARINT,
} from "./wire.js";

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

const int32 = fc.oneof(
  fc.constantFrom(0, -1, 1, INT32_MIN, INT32_MAX, 127, 128, 16383, 16384),
  fc.integer({ min: INT32_MIN, max: INT32_MAX }),
);
const uint32 = fc.oneof(fc.constantFrom(0, 1, 0xffffffff, 0x80000000), fc.integer({ min: 0, max: 0xffffffff }));
const SAFE = 2n ** 53n - 1n;
// The "number" targets get mostly values below 2^53: a message has up to ten 64-bit
// fields, and one large value fails the whole frame with INT64_RANGE.
const uint64 = (unsafeWeight: number) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(0n, 1n, SAFE, 1010010000002885n) },
    { weight: 4, arbitrary: fc.bigInt({ min: 0n, max: SAFE }) },
    { weight: unsafeWeight, arbitrary: fc.constantFrom(2n ** 53n, 2n ** 63n, 2n ** 64n - 1n) },
    { weight: unsafeWeight, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }) },
  );
const int64 = (unsafeWeight: number) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(0n, -1n, SAFE, -SAFE) },
    { weight: 4, arbitrary: fc.bigInt({ min: -SAFE, max: SAFE }) },
    { weight: unsafeWeight, arbitrary: fc.constantFrom(2n ** 53n, -(2n ** 53n), -(2n ** 63n), 2n ** 63n - 1n) },
    { weight: unsafeWeight, arbitrary: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }) },
  );
const double = fc.oneof(fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0, 1e-300, 2 ** 53), fc.double());
const text = fc.oneof(
  fc.constantFrom("", "RELIANCE", "NIFTY 50", "\uFEFFbom", "ü", "€ 1", "😀", "\uD800", "a\uDC00b"),
  fc.string({ maxLength: 24 }),
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ minLength: 33, maxLength: 200 }),
);

function scalarArbitrary(field: DescField, unsafeWeight: number): fc.Arbitrary<unknown> {
  if (field.fieldKind === "enum") return fc.oneof(fc.constantFrom(0, 1, 2, 11, 31), int32);
  const scalar = field.fieldKind === "scalar" ? field.scalar : undefined;
  switch (scalar) {
    case ScalarType.DOUBLE:
      return double;
    case ScalarType.INT32:
      return int32;
    case ScalarType.UINT32:
      return uint32;
    case ScalarType.INT64:
      return int64(unsafeWeight);
    case ScalarType.UINT64:
      return uint64(unsafeWeight);
    case ScalarType.STRING:
      return text;
    default:
      throw new Error(`the fuzzer has no arbitrary for ${field.toString()}`);
  }
}

/** An init object for `create(desc, init)`: any subset of the fields, one oneof case, short and long lists. */
function initArbitrary(desc: DescMessage, unsafeWeight: number): fc.Arbitrary<Record<string, unknown>> {
  const plain: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of desc.fields) {
    if (field.oneof !== undefined) continue;
    if (field.fieldKind === "message") plain[field.localName] = initArbitrary(field.message, unsafeWeight);
    else if (field.fieldKind === "list" && field.listKind === "message") {
      const element = initArbitrary(field.message, unsafeWeight);
      plain[field.localName] = fc.oneof(
        { weight: 4, arbitrary: fc.array(element, { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.array(element, { minLength: 20, maxLength: 50 }) },
      );
    } else plain[field.localName] = scalarArbitrary(field, unsafeWeight);
  }
  const record = fc.record(plain, { requiredKeys: [] });
  if (desc.oneofs.length === 0) return record;
  const oneof = desc.oneofs[0];
  const cases = oneof.fields.map((field) => {
    if (field.fieldKind !== "message") throw new Error(`the fuzzer expects message oneof members: ${field.toString()}`);
    return fc.record({ case: fc.constant(field.localName), value: initArbitrary(field.message, unsafeWeight) });
  });
  return fc
    .tuple(record, fc.oneof(fc.constant({ case: undefined }), ...cases))
    .map(([fields, member]) => ({ ...fields, [oneof.localName]: member }));
}

/** Inputs for targets in an int64 mode: "number" gets 64-bit values of 2^53 or more rarely. */
export interface Inputs {
  /** A valid MarketDataMessageBase, serialized by protobuf-es. */
  messageBytes: fc.Arbitrary<Uint8Array>;
  /** Any input for a whole-message decoder: mostly mutated valid messages, some random bytes and tag soup. */
  decoderInput: fc.Arbitrary<Uint8Array>;
  /** A stream of frames with one bad frame in the middle. */
  streamCase: fc.Arbitrary<StreamCase>;
}

export function inputs(forNumberMode: boolean): Inputs {
  const messageBytes = initArbitrary(MarketDataMessageBaseSchema, forNumberMode ? 1 : 4).map((init) =>
    toBinary(
      MarketDataMessageBaseSchema,
      create(MarketDataMessageBaseSchema, init as Parameters<typeof create<typeof MarketDataMessageBaseSchema>>[1]),
    ),
  );
  const decoderInput = decoderInputOf(messageBytes);
  return { messageBytes, decoderInput, streamCase: streamCaseOf(messageBytes, decoderInput) };
}

const anyField = fc.oneof(fc.constantFrom(1, 2, 3, 10, 13, 15, 27, 401, 500, 503, 506, 507, 0x1fffffff), fc.nat(600));
const hugeLength = fc.constantFrom(
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32 - 1,
  2 ** 32,
  2 ** 32 + 3,
  2 ** 53,
  2n ** 63n,
  2n ** 64n - 1n,
);
const wireType = fc.integer({ min: 0, max: 7 });

/** Bytes a group, an unknown field or a huge length prefix is made of. */
const rawInsert = fc.oneof(
  fc
    .tuple(anyField, fc.uint8Array({ maxLength: 6 }), fc.option(anyField, { nil: undefined }))
    .map(([field, body, endField]) => [
      ...tag(field, WIRE_START_GROUP),
      ...body,
      ...tag(endField ?? field, WIRE_END_GROUP),
    ]),
  fc
    // Around protobuf-es's recursion limit of 100 too.
    .tuple(anyField, fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom(98, 99, 100, 101, 150)))
    .map(([field, depth]): number[] => [
      ...Array.from({ length: depth }, () => tag(field, WIRE_START_GROUP)).flat(),
      ...tag(1, WIRE_VARINT),
      5,
      ...Array.from({ length: depth }, () => tag(field, WIRE_END_GROUP)).flat(),
    ]),
  fc
    .tuple(anyField, hugeLength, fc.uint8Array({ maxLength: 4 }))
    .map(([f, n, rest]) => [...tag(f, 2), ...varint(n), ...rest]),
  fc.tuple(anyField, wireType, fc.uint8Array({ maxLength: 9 })).map(([f, w, rest]) => [...tag(f, w), ...rest]),
  fc.integer({ min: 11, max: 14 }).map((n) => [...tag(507, WIRE_VARINT), ...overlong([1], n - 1)]),
);

/** Operators on the parsed field tree: the result is re-serialized with consistent lengths unless corrupted. */
const treeMutation = fc.oneof(
  fc.record({ op: fc.constant("duplicate" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("remove" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("wrongWire" as const), at: fc.nat(), wire: wireType, keepValue: fc.boolean() }),
  fc.record({ op: fc.constant("overlongTag" as const), at: fc.nat(), extra: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ op: fc.constant("overlongVarint" as const), at: fc.nat(), extra: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    op: fc.constant("corruptLength" as const),
    at: fc.nat(),
    length: fc.oneof(fc.integer({ min: -3, max: 3 }), hugeLength),
    absolute: fc.boolean(),
  }),
  fc.record({ op: fc.constant("insert" as const), at: fc.nat(), where: fc.nat(), bytes: rawInsert }),
);
type TreeMutation = typeof treeMutation extends fc.Arbitrary<infer T> ? T : never;

function applyTree(nodes: Node[], m: TreeMutation): void {
  const fields = flatten(nodes);
  if (m.op === "insert") {
    const siblings = fields.length === 0 ? nodes : fields[m.at % fields.length].siblings;
    siblings.splice(m.where % (siblings.length + 1), 0, { raw: m.bytes });
    return;
  }
  if (fields.length === 0) return;
  const { node, siblings } = fields[m.at % fields.length];
  switch (m.op) {
    case "duplicate":
      siblings.splice(siblings.indexOf(node) + 1, 0, structuredClone(node));
      break;
    case "remove":
      siblings.splice(siblings.indexOf(node), 1);
      break;
    case "wrongWire": {
      const value = node.children !== undefined ? serializeTree(node.children) : node.value;
      node.children = undefined;
      node.wire = m.wire;
      if (m.keepValue || m.wire === WIRE_LEN) node.value = m.wire === WIRE_LEN ? value : node.value;
      else if (m.wire === WIRE_VARINT) node.value = [1];
      else if (m.wire === WIRE_FIXED64) node.value = [0, 0, 0, 0, 0, 0, 0xf0, 0x3f];
      else if (m.wire === WIRE_FIXED32) node.value = [0, 0, 0x80, 0x3f];
      else node.value = [];
      break;
    }
    case "overlongTag":
      node.tagBytes = overlong(tag(node.field, node.wire), m.extra);
      break;
    case "overlongVarint":
      if (node.wire === WIRE_VARINT) node.value = overlong(node.value, m.extra);
      else if (node.wire === WIRE_LEN) {
        const length = node.children !== undefined ? serializeTree(node.children).length : node.value.length;
        node.lengthBytes = overlong(varint(length), m.extra);
      }
      break;
    case "corruptLength": {
      if (node.wire !== WIRE_LEN) break;
      const length = node.children !== undefined ? serializeTree(node.children).length : node.value.length;
      const wanted = m.absolute || typeof m.length === "bigint" ? m.length : Math.max(0, length + Number(m.length));
      node.lengthBytes = varint(wanted);
      break;
    }
  }
}

/** Mutates valid bytes: structural operators on the field tree, then byte operators. */
export function mutate(valid: Uint8Array, tree: readonly TreeMutation[], bytes: readonly ByteMutation[]): Uint8Array {
  if (tree.length === 0) return mutateBytes(valid, bytes);
  const nodes = parseTree(valid, MarketDataMessageBaseSchema);
  if (nodes === undefined) return mutateBytes(valid, bytes);
  for (const m of tree) applyTree(nodes, m);
  return mutateBytes(serializeTree(nodes), bytes);
}

const mutatedMessage = (messageBytes: fc.Arbitrary<Uint8Array>): fc.Arbitrary<Uint8Array> =>
  fc
    .tuple(
      messageBytes,
      fc.array(treeMutation, { maxLength: 3 }),
      fc.oneof(
        { weight: 2, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(byteMutation, { maxLength: 3 }) },
      ),
    )
    .map(([valid, tree, bytes]) =>
      // At least one operator: an unmutated message is the plain messageBytes input.
      mutate(valid, tree.length === 0 && bytes.length === 0 ? [{ op: "duplicate", at: 0 }] : tree, bytes),
    );

const plausiblePiece = fc.oneof(
  fc.constantFrom(0x08, 0x10, 0x18, 0x0a, 0x12, 0x22, 0x29, 0x2a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0xff, 0x00),
  fc.constantFrom([0xa2, 0x1f], [0xd2, 0x1f], [0xaa, 0x1f], [0xca, 0x1f], [0xda, 0x1f], [0x8a, 0x19], [0xb2, 0x1f]),
  fc.integer({ min: 0, max: 255 }),
);

const decoderInputOf = (messageBytes: fc.Arbitrary<Uint8Array>): fc.Arbitrary<Uint8Array> =>
  fc.oneof(
    { weight: 6, arbitrary: mutatedMessage(messageBytes) },
    { weight: 1, arbitrary: messageBytes },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
    {
      weight: 2,
      arbitrary: fc.array(plausiblePiece, { maxLength: 48 }).map((pieces) => new Uint8Array(pieces.flat())),
    },
  );

export type Int64Choice = "bigint" | "string" | "number";

/** How a delimited stream ends: cleanly, cut inside a frame, with a huge prefix, or with a prefix of 11+ bytes. */
export type StreamTail = "none" | "cut" | "huge" | "overlong";

export interface StreamCase {
  frames: Uint8Array[];
  /** Index of the corrupt frame (its body is mutated; its length prefix is intact). */
  bad: number;
  int64: Int64Choice;
  /** Cut points of the delimited byte stream, as fractions. */
  cuts: number[];
  tail: StreamTail;
  /** base64 framing: how the bad frame's text is spoiled, if at all; and the URL-safe, unpadded variant. */
  textSpoil: "none" | "character" | "length";
  urlSafe: boolean;
}

const streamCaseOf = (
  messageBytes: fc.Arbitrary<Uint8Array>,
  decoderInput: fc.Arbitrary<Uint8Array>,
): fc.Arbitrary<StreamCase> =>
  fc
    .record({
      before: fc.array(messageBytes, { minLength: 1, maxLength: 3 }),
      badFrame: decoderInput,
      after: fc.array(messageBytes, { minLength: 1, maxLength: 3 }),
      int64: fc.constantFrom<Int64Choice>("bigint", "string", "number"),
      cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
      tail: fc.constantFrom<StreamTail>("none", "none", "cut", "huge", "overlong"),
      textSpoil: fc.constantFrom("none", "none", "none", "character", "length") as fc.Arbitrary<
        StreamCase["textSpoil"]
      >,
      urlSafe: fc.boolean(),
    })
    .map(({ before, badFrame, after, ...rest }) => ({
      frames: [...before, badFrame, ...after],
      bad: before.length,
      ...rest,
    }));

/** The operators, named for the report. */
export const MUTATION_OPERATORS = [
  "duplicate field",
  "remove field",
  "wrong wire type (value kept or re-made)",
  "over-long tag",
  "over-long varint value or length (valid up to 10 bytes, too long after)",
  "corrupt length (±3 or huge: 2^31..2^64-1)",
  "insert group (matched, mismatched, nested), unknown field of any wire type, huge length prefix, 11-14 byte varint",
  "flip bit, set byte, insert bytes, delete bytes, truncate",
] as const;

// Hand-built wire variations: each must decode exactly as protobuf-es reads it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { double64, lengthDelimited, tag, utf8, varint } from "@tickwire/testkit/wire";
import { DecodeError, type DecodeErrorCode, decodeMessage } from "../src/index.js";
import { reference } from "./arbitraries.js";

const same = (bytes: number[]) => {
  const input = new Uint8Array(bytes);
  assert.deepStrictEqual(decodeMessage(input), reference(input));
  return decodeMessage(input);
};

const rejects = (bytes: number[], code: DecodeErrorCode, offset?: number) => {
  const input = new Uint8Array(bytes);
  assert.throws(() => reference(input), "protobuf-es rejects it too");
  assert.throws(
    () => decodeMessage(input),
    (e: unknown) => e instanceof DecodeError && e.code === code && (offset === undefined || e.offset === offset),
  );
};

const tick = (fields: number[]) => lengthDelimited(506, fields);
const level = (qty: number, price: number) => [...tag(1, 0), ...varint(qty), ...tag(2, 1), ...double64(price)];

describe("protobuf semantics", () => {
  test("fields out of order", () => {
    const m = same([
      ...tick([
        ...tag(8, 0),
        ...varint(7),
        ...tag(1, 0),
        ...varint(1010010000002885n),
        ...lengthDelimited(4, utf8("X")),
      ]),
      ...tag(3, 0),
      ...varint(9),
      ...tag(1, 0),
      ...varint(1502),
    ]);
    assert.equal(m.MessageCode, 1502);
  });

  test("a scalar seen twice keeps the last value", () => {
    const m = same([...tag(1, 0), ...varint(1), ...tag(1, 0), ...varint(2)]);
    assert.equal(m.MessageCode, 2);
  });

  test("the same oneof member twice merges, fields of both survive", () => {
    const m = same([...tick([...tag(1, 0), ...varint(5)]), ...tick([...tag(8, 0), ...varint(3)])]);
    assert.ok(m.subtype.case === "TickData" && m.subtype.value.InstrumentID === 5n && m.subtype.value.Flag === 3);
  });

  test("two different oneof members: the last wins, without the first's fields", () => {
    const m = same([...tick([...tag(1, 0), ...varint(5)]), ...lengthDelimited(500, [...tag(16, 0), ...varint(4)])]);
    assert.equal(m.subtype.case, "TickDataMessage");
  });

  test("a member, another, then the first again starts the first afresh", () => {
    same([...tick([...tag(1, 0), ...varint(5)]), ...lengthDelimited(500, []), ...tick([...tag(8, 0), ...varint(3)])]);
  });

  test("a singular message field seen twice merges (IndexDataMessage.IndexData)", () => {
    const index = (body: number[]) => lengthDelimited(503, lengthDelimited(1, body));
    const m = same([...index([...tag(10, 0), ...varint(26000)]), ...index(lengthDelimited(13, utf8("NIFTY 50")))]);
    assert.ok(m.subtype.case === "IndexDataMessage" && m.subtype.value.IndexData?.InstrumentID === 26000n);
  });

  test("repeated message fields append across occurrences of the parent", () => {
    const touch = (body: number[]) => lengthDelimited(501, body);
    const m = same([
      ...touch([...lengthDelimited(27, level(1, 10)), ...lengthDelimited(28, level(2, 11))]),
      ...touch([...lengthDelimited(27, level(3, 12)), ...lengthDelimited(27, [])]),
    ]);
    assert.ok(m.subtype.case === "TouchLineDataMessage" && m.subtype.value.BestBidLevel.length === 3);
  });

  test("empty and long repeated lists", () => {
    same(lengthDelimited(504, []));
    same(lengthDelimited(505, Array.from({ length: 500 }, () => lengthDelimited(11, [])).flat()));
  });

  test("negative int32 as 10-byte varints, and a uint32 with bits above 32 dropped", () => {
    const m = same([...tag(1, 0), ...varint(-1), ...tick([...tag(3, 0), ...varint(2n ** 40n + 7n)])]);
    assert.equal(m.MessageCode, -1);
  });

  test("over-long but valid varints: tags, lengths, int32 and 64-bit values", () => {
    // Tag 1/varint as 5 bytes; value 1 as 10 bytes; a length of 1 padded to 3 bytes.
    same([0x88, 0x80, 0x80, 0x80, 0x00, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00]);
    same([...tag(2, 0), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]);
    same([...tag(506, 2), 0x82, 0x80, 0x00, ...tag(1, 0), 0x05]);
  });

  test("strings: multi-byte, a leading BOM kept, long ASCII and long non-ASCII", () => {
    for (const s of ["€ü😀", "\uFEFFx", "A".repeat(5000), "é".repeat(300), "x".repeat(32), "y".repeat(33)]) {
      const m = same(tick(lengthDelimited(4, utf8(s))));
      assert.ok(m.subtype.case === "TickData" && m.subtype.value.InstrumentName === s);
    }
  });

  test("doubles: NaN, infinities, -0", () => {
    for (const d of [Number.NaN, Infinity, -Infinity, -0, Number.MIN_VALUE]) same(tick([...tag(5, 1), ...double64(d)]));
  });

  test("two-byte tags and values, read inline, agree with protobuf-es whole and cut at every byte", () => {
    // MarketDepthMessage: LTQ (field 16) has a two-byte tag; level quantities of one, two and three bytes.
    const body = [
      ...tag(16, 0),
      ...varint(300),
      ...tag(12, 0),
      ...varint(16383),
      ...lengthDelimited(27, level(127, 1.5)),
      ...lengthDelimited(27, level(128, 2.5)),
      ...lengthDelimited(28, level(16383, 3.5)),
      ...lengthDelimited(28, level(16384, 4.5)),
      ...tag(2047, 0),
      ...varint(5),
    ];
    const m = same([...tag(1, 0), ...varint(502), ...lengthDelimited(502, body)]);
    assert.ok(m.subtype.case === "MarketDepthMessage");
    assert.equal(m.subtype.value.LTQ, 300);
    assert.equal(m.subtype.value.ExchangeInstrumentID, 16383);
    assert.deepEqual(
      [...m.subtype.value.BestBidLevel, ...m.subtype.value.BestAskLevel].map((l) => l.Qty),
      [127, 128, 16383, 16384],
    );
    const agrees = (bytes: number[], what: string) => {
      const input = new Uint8Array(bytes);
      let expected: unknown;
      try {
        expected = reference(input);
      } catch {
        assert.throws(() => decodeMessage(input), DecodeError, `${what}: protobuf-es rejects it`);
        return;
      }
      assert.deepStrictEqual(decodeMessage(input), expected, what);
    };
    // The message cut short at every byte: where the frame ends with it, and where more of
    // the frame follows (a read past the message's end then sees bytes, as protobuf-es's does).
    for (let cut = 0; cut < body.length; cut++) {
      agrees(lengthDelimited(502, body.slice(0, cut)), `cut at ${cut}, frame ends`);
      agrees(
        [...lengthDelimited(502, body.slice(0, cut)), ...tag(1, 0), ...varint(300)],
        `cut at ${cut}, frame goes on`,
      );
    }
  });
});

describe("unknown fields are skipped", () => {
  const unknowns: Record<string, number[]> = {
    varint: [...tag(99, 0), ...varint(2n ** 63n)],
    "varint longer than 10 bytes (protobuf-es skips any length)": [...tag(99, 0), ...Array(14).fill(0x80), 0x01],
    fixed64: [...tag(99, 1), ...double64(1.5)],
    "length-delimited": lengthDelimited(99, utf8("ignored")),
    fixed32: [...tag(99, 5), 1, 2, 3, 4],
    group: [...tag(99, 3), ...tag(1, 0), 5, ...tag(2, 3), ...tag(3, 2), 0, ...tag(2, 4), ...tag(99, 4)],
    "empty group": [...tag(99, 3), ...tag(99, 4)],
    "future subtype 507": lengthDelimited(507, [...tag(1, 0), 1]),
  };
  for (const [name, field] of Object.entries(unknowns)) {
    test(name, () => {
      // At the top level and inside a subtype message.
      const m = same([...tag(1, 0), 7, ...field, ...tick([...field, ...tag(1, 0), 9]), ...field]);
      assert.ok(m.MessageCode === 7 && m.subtype.case === "TickData" && m.subtype.value.InstrumentID === 9n);
    });
  }

  test("only a future subtype: the oneof stays empty", () => {
    assert.equal(same(lengthDelimited(507, [])).subtype.case, undefined);
  });

  test("groups nested 98 deep pass at the top level, 99 deep fail (protobuf-es's recursion budget)", () => {
    const nest = (depth: number) => [
      ...Array.from({ length: depth }, () => tag(99, 3)).flat(),
      ...Array.from({ length: depth }, () => tag(99, 4)).flat(),
    ];
    same(nest(99));
    rejects(nest(100), "NESTING_TOO_DEEP");
  });
});

describe("malformed input is rejected, as protobuf-es rejects it", () => {
  test("truncated varint, double, string, nested message", () => {
    rejects([...tag(1, 0), 0x80], "TRUNCATED", 1);
    rejects(tick([...tag(5, 1), 1, 2, 3]), "TRUNCATED");
    rejects([...tag(506, 2), 5, ...tag(1, 0)], "TRUNCATED");
    rejects(tick(lengthDelimited(4, utf8("abc"))).slice(0, -1), "TRUNCATED");
    rejects(lengthDelimited(99, [1, 2, 3]).slice(0, -1), "TRUNCATED");
  });

  test("a varint of 11 bytes in a known field", () => {
    rejects([...tag(1, 0), ...Array(10).fill(0xff), 0x01], "VARINT_TOO_LONG", 1);
  });

  test("field number 0, and a tag over 32 bits", () => {
    rejects([0x00, 0x01], "INVALID_TAG", 0);
    rejects([0x80, 0x80, 0x80, 0x80, 0x10, 0x00], "INVALID_TAG", 0);
  });

  test("wire types 6 and 7, and a stray end-group", () => {
    rejects([...tag(99, 6)], "INVALID_WIRE_TYPE");
    rejects([...tag(99, 7)], "INVALID_WIRE_TYPE");
    rejects([...tag(99, 4)], "INVALID_WIRE_TYPE");
  });

  test("a group closed by another field's end tag, and an unclosed group", () => {
    rejects([...tag(99, 3), ...tag(98, 4)], "INVALID_GROUP");
    rejects([...tag(99, 3), ...tag(1, 0), 1], "TRUNCATED");
  });

  test("invalid UTF-8: overlong, lone continuation, surrogate, truncated sequence", () => {
    for (const bad of [[0xc0, 0x80], [0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x41, 0xff]]) {
      rejects(tick(lengthDelimited(4, bad)), "INVALID_UTF8");
    }
  });
});

describe("a known field with the wrong wire type is rejected (deliberately stricter than protobuf-es)", () => {
  const cases: Record<string, number[]> = {
    "int32 as fixed64": [...tag(1, 1), ...double64(1)],
    "uint64 as length-delimited": lengthDelimited(2, [1]),
    "double as varint": tick([...tag(5, 0), 1]),
    "string as varint": tick([...tag(4, 0), 1]),
    "message as varint": [...tag(506, 0), 0],
    "message as group": [...tag(506, 3), ...tag(506, 4)],
  };
  for (const [name, bytes] of Object.entries(cases)) {
    test(name, () => {
      assert.throws(
        () => decodeMessage(new Uint8Array(bytes)),
        (e: unknown) => e instanceof DecodeError && e.code === "INVALID_WIRE_TYPE",
      );
    });
  }

  test("the error points at the offending tag", () => {
    const bytes = [...tag(1, 0), 5, ...tag(3, 2), 0];
    assert.throws(
      () => decodeMessage(new Uint8Array(bytes)),
      (e: unknown) => e instanceof DecodeError && e.offset === 2 && /field 3 arrived with wire type 2/.test(e.message),
    );
  });
});

describe("protobuf-es quirks matched on purpose", () => {
  test("a nested message's last field may run past its declared length (bounds are the frame's)", () => {
    // TickData declared 2 bytes long, but its field 1 varint is 3 bytes; protobuf-es reads on.
    same([...tag(506, 2), 2, ...tag(1, 0), 0x81, 0x01, ...tag(3, 0), 4]);
  });

  test("a nested length past the end of the frame is rejected", () => {
    rejects([...tag(506, 2), 9, ...tag(1, 0), 1], "TRUNCATED");
  });
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { varint } from "@tickwire/testkit/wire";
import fc from "fast-check";
import { DecodeError, decodeMessage, encodeDelimited, encodeMessage, FrameDecoder } from "../src/index.js";
import { mapBigInts, message, messageBytes, reference, toBytes } from "./arbitraries.js";

const runs = { numRuns: 400 };

/** `actual(input)` deep-equals `expected(input)` for every input drawn from `inputs`. */
function assertAgree<T>(inputs: fc.Arbitrary<T>, actual: (input: T) => unknown, expected: (input: T) => unknown) {
  fc.assert(
    fc.property(inputs, (input) => {
      assert.deepStrictEqual(actual(input), expected(input));
    }),
    runs,
  );
}

describe("decodeMessage equals protobuf-es fromBinary", () => {
  test("for arbitrary valid messages of every kind", () => {
    assertAgree(messageBytes, decodeMessage, reference);
  });

  test("every subtype case is generated and compared", () => {
    const seen = new Set<string | undefined>();
    fc.assert(
      fc.property(message, (m) => {
        seen.add(m.subtype.case);
        assert.deepStrictEqual(decodeMessage(toBytes(m)), reference(toBytes(m)));
      }),
      { numRuns: 300 },
    );
    assert.equal(seen.size, 8);
  });

  test("a frame inside a larger buffer (subarray with an offset) decodes the same", () => {
    fc.assert(
      fc.property(messageBytes, fc.uint8Array({ maxLength: 8 }), (bytes, pad) => {
        const big = new Uint8Array(pad.length + bytes.length + pad.length);
        big.set(pad);
        big.set(bytes, pad.length);
        big.set(pad, pad.length + bytes.length);
        assert.deepStrictEqual(decodeMessage(big.subarray(pad.length, pad.length + bytes.length)), reference(bytes));
      }),
      { numRuns: 200 },
    );
  });

  test("the empty message", () => {
    assert.deepStrictEqual(decodeMessage(new Uint8Array(0)), reference(new Uint8Array(0)));
  });

  test("a small chunk's doubles read right when other bytes are decoded between its frames", () => {
    // A frame's doubles are read from a copy of its buffer that every reader shares (the runtime's
    // frameCopy); a frame decoder's next frame in the same chunk must not read another decode's copy.
    const touch = (price: number, name: string) =>
      create(MarketDataMessageBaseSchema, {
        MessageCode: 1501,
        subtype: {
          case: "TouchLineDataMessage",
          value: { InstrumentName: name, LTP: price, ATP: price + 0.5, Open: price + 1, Close: price + 2 },
        },
      });
    // Frames of 128 bytes or more take the copy (smaller ones copy each double through a scratch).
    const first = touch(101.25, "A".repeat(80));
    const second = touch(202.5, "B".repeat(80));
    const other = encodeMessage(touch(-7.75, "X".repeat(600)));
    const chunk = new Uint8Array([...encodeDelimited(first), ...encodeDelimited(second)]);
    assert.ok(chunk.length >= 128 && other.length > chunk.length && other.length < 2048);
    const seen: unknown[] = [];
    new FrameDecoder().pushEach(chunk, (m) => {
      seen.push(m);
      const between = decodeMessage(other).subtype;
      assert.equal(between.case === "TouchLineDataMessage" && between.value.LTP, -7.75);
    });
    assert.deepStrictEqual(seen, [first, second]);
  });
});

describe("encodeMessage equals protobuf-es toBinary byte for byte", () => {
  test("for arbitrary valid messages", () => {
    assertAgree(message, encodeMessage, toBytes);
  });

  test("re-encodes what the string and number modes decode to the same bytes", () => {
    fc.assert(
      fc.property(messageBytes, (bytes) => {
        const canonical = toBytes(reference(bytes));
        assert.deepStrictEqual(encodeMessage(decodeMessage(bytes, { int64: "string" })), canonical);
        let asNumbers: ReturnType<typeof decodeMessage<"number">> | undefined;
        try {
          asNumbers = decodeMessage(bytes, { int64: "number" });
        } catch (error) {
          assert.ok(error instanceof DecodeError && error.code === "INT64_RANGE");
        }
        if (asNumbers !== undefined) assert.deepStrictEqual(encodeMessage(asNumbers), canonical);
      }),
      { numRuns: 200 },
    );
  });
});

describe("int64 modes", () => {
  test('"string" gives the decimal digits of every 64-bit field', () => {
    assertAgree(
      messageBytes,
      (bytes) => decodeMessage(bytes, { int64: "string" }),
      (bytes) => mapBigInts(reference(bytes), (n) => n.toString()),
    );
  });

  test('"number" is exact below 2^53 and throws INT64_RANGE above, never rounding', () => {
    fc.assert(
      fc.property(messageBytes, (bytes) => {
        let tooWide = false;
        const expected = mapBigInts(reference(bytes), (n) => {
          if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < -BigInt(Number.MAX_SAFE_INTEGER)) tooWide = true;
          return Number(n);
        });
        if (tooWide) {
          assert.throws(
            () => decodeMessage(bytes, { int64: "number" }),
            (e: unknown) => e instanceof DecodeError && e.code === "INT64_RANGE",
          );
        } else {
          assert.deepStrictEqual(decodeMessage(bytes, { int64: "number" }), expected);
        }
      }),
      runs,
    );
  });

  test("boundaries: 2^53 - 1 passes, 2^53 and -(2^53) fail, -(2^53 - 1) passes", () => {
    const build = (ID: bigint, TimeStamp: bigint) =>
      encodeMessage({
        $typeName: "tickwire.marketdata.v1.MarketDataMessageBase",
        MessageCode: 0,
        ID,
        MessageSize: 0,
        subtype: {
          case: "TickDataMessage",
          value: {
            $typeName: "tickwire.marketdata.v1.TickDataMessage",
            InstrumentID: 0n,
            ExchangeSegment: 0,
            ExchangeInstrumentID: 0,
            InstrumentName: "",
            TimeStamp,
            LTP: 0,
            LTQ: 0,
            LTT: 0n,
          },
        },
      });
    const max = 2n ** 53n - 1n;
    const ok = decodeMessage(build(max, -max), { int64: "number" });
    assert.equal(ok.ID, Number.MAX_SAFE_INTEGER);
    assert.equal(ok.subtype.case === "TickDataMessage" && ok.subtype.value.TimeStamp, -Number.MAX_SAFE_INTEGER);
    for (const bytes of [build(max + 1n, 0n), build(0n, -(max + 1n)), build(2n ** 64n - 1n, 0n)]) {
      assert.throws(
        () => decodeMessage(bytes, { int64: "number" }),
        (e: unknown) => e instanceof DecodeError && e.code === "INT64_RANGE" && e.frameIndex === 0,
      );
    }
  });

  test("an unknown mode is a TypeError", () => {
    assert.throws(() => decodeMessage(new Uint8Array(0), { int64: "long" as "number" }), TypeError);
  });
});

describe('"number" mode edges of the direct varint-to-double path', () => {
  // MarketDataMessageBase.ID (field 2, uint64) as a raw varint, so lengths can be over-long.
  const idFrame = (encoded: number[]) => new Uint8Array([0x10, ...encoded]);
  const idOf = (bytes: Uint8Array) => decodeMessage(bytes, { int64: "number" }).ID;

  test("2^53 - 1 is exact; 2^53 and 2^56 - 1 (8 bytes) throw INT64_RANGE", () => {
    assert.equal(idOf(idFrame(varint(2n ** 53n - 1n))), Number.MAX_SAFE_INTEGER);
    for (const wide of [2n ** 53n, 2n ** 53n + 1n, 2n ** 56n - 1n, 2n ** 64n - 1n]) {
      assert.throws(
        () => idOf(idFrame(varint(wide))),
        (e: unknown) => e instanceof DecodeError && e.code === "INT64_RANGE",
      );
    }
  });

  test("over-long encodings of small values (up to 10 bytes) read as the value", () => {
    for (let extra = 1; extra <= 9; extra++) {
      const bytes = [0x85, ...Array(extra - 1).fill(0x80), 0x00]; // 5, padded to extra + 1 bytes
      assert.equal(idOf(idFrame(bytes)), 5, `${bytes.length} bytes`);
    }
  });

  test("every length from 1 to 8 bytes, at its largest and smallest value", () => {
    for (let bytes = 1; bytes <= 8; bytes++) {
      for (const n of [1n << BigInt(7 * (bytes - 1)), (1n << BigInt(7 * bytes)) - 1n]) {
        if (n >= 2n ** 53n) continue;
        assert.equal(idOf(idFrame(varint(n))), Number(n));
      }
    }
  });

  test("int64 negative values (10-byte varints) still read exactly", () => {
    // TickDataMessage.TimeStamp (field 14, int64) = -1 inside subtype 500.
    const inner = [0x70, ...varint(2n ** 64n - 1n)];
    const bytes = new Uint8Array([0xa2, 0x1f, inner.length, ...inner]);
    const decoded = decodeMessage(bytes, { int64: "number" });
    assert.equal(decoded.subtype.case, "TickDataMessage");
    assert.equal(decoded.subtype.value.TimeStamp, -1);
  });
});

test("doubles in a buffer large enough for the DataView path, at an odd offset, equal protobuf-es", () => {
  // readDouble gives a buffer over 2 KiB a DataView of its own (smaller ones: a scratch or the frame copy).
  const specials = [Number.NaN, -0, 0, Infinity, -Infinity, 5e-324, 1.7976931348623157e308, 2456.35];
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 9 }), (offset, seed) => {
      const list = Array.from({ length: 60 }, (_, i) => ({
        InstrumentID: BigInt(i + seed),
        IndexName: `IDX ${i % 7}`,
        Last: specials[(i + seed) % specials.length],
        Open: i * 0.1 + seed,
        High: i + 0.5,
        YearlyLow: -specials[(i * seed) % specials.length],
      }));
      const bytes = toBytes(
        create(MarketDataMessageBaseSchema, {
          subtype: { case: "IndexDataListMessage", value: { IndexDataList: list } },
        }),
      );
      assert.ok(bytes.length >= 2048, `${bytes.length} bytes`);
      const host = new Uint8Array(bytes.length + offset + 5);
      host.set(bytes, offset);
      const framed = host.subarray(offset, offset + bytes.length);
      assert.deepStrictEqual(decodeMessage(framed), reference(bytes));
    }),
    { numRuns: 40 },
  );
});

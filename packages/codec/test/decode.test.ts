import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { DecodeError, decodeMessage, encodeMessage } from "../src/index.js";
import { mapBigInts, message, messageBytes, reference, toBytes } from "./arbitraries.js";

const runs = { numRuns: 400 };

describe("decodeMessage equals protobuf-es fromBinary", () => {
  test("for arbitrary valid messages of every kind", () => {
    fc.assert(
      fc.property(messageBytes, (bytes) => {
        assert.deepStrictEqual(decodeMessage(bytes), reference(bytes));
      }),
      runs,
    );
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
});

describe("encodeMessage equals protobuf-es toBinary byte for byte", () => {
  test("for arbitrary valid messages", () => {
    fc.assert(
      fc.property(message, (m) => {
        assert.deepStrictEqual(encodeMessage(m), toBytes(m));
      }),
      runs,
    );
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
    fc.assert(
      fc.property(messageBytes, (bytes) => {
        assert.deepStrictEqual(
          decodeMessage(bytes, { int64: "string" }),
          mapBigInts(reference(bytes), (n) => n.toString()),
        );
      }),
      runs,
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

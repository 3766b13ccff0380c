// The zero-allocation view: what toObject() gives equals decodeMessage's "number"
// mode on every input, through one reused decoder, so recycling is exercised by
// frames of every kind and size in sequence.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { create, toBinary } from "@bufbuild/protobuf";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { concatBytes } from "@tickwire/testkit/bytes";
import { type Outcome, outcomeOf } from "@tickwire/testkit/outcome";
import { lengthDelimited, tag, varint } from "@tickwire/testkit/wire";
import fc from "fast-check";
import { DecodeError, decodeMessage, delimitBytes, ViewDecoder } from "../src/index.js";
import { messageBytes, streamOfMessages } from "./arbitraries.js";

const views = new ViewDecoder();
function agrees(bytes: Uint8Array): void {
  const ours = outcomeOf(() => views.decode(bytes).toObject());
  const theirs = outcomeOf(() => decodeMessage(bytes, { int64: "number" }));
  if (ours.ok && theirs.ok) assert.deepStrictEqual(ours.value, theirs.value);
  else if (!ours.ok && !theirs.ok) {
    assert.ok(ours.error instanceof DecodeError, `only DecodeError escapes, got ${String(ours.error)}`);
    assert.equal(ours.error.code, (theirs.error as DecodeError).code);
  } else
    assert.fail(`view ${ours.ok ? "accepted" : "rejected"} what decodeMessage ${theirs.ok ? "accepted" : "rejected"}`);
}

const frame = (init: Parameters<typeof create<typeof MarketDataMessageBaseSchema>>[1]) =>
  toBinary(MarketDataMessageBaseSchema, create(MarketDataMessageBaseSchema, init));

describe("ViewDecoder", () => {
  test("equals decodeMessage(int64: number) on arbitrary messages, decoded one after another into one view", () => {
    fc.assert(fc.property(messageBytes, agrees), { numRuns: 500 });
  });

  test("equals it on mutated messages too, or both reject with the same code", () => {
    const flip = fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) });
    fc.assert(
      fc.property(messageBytes, fc.array(flip, { minLength: 1, maxLength: 3 }), (bytes, flips) => {
        const copy = bytes.slice();
        for (const f of flips) if (copy.length > 0) copy[f.at % copy.length] = f.value;
        agrees(copy);
      }),
      { numRuns: 500 },
    );
  });

  test("merges and replaces as protobuf does: a repeated oneof member merges, another member wins", () => {
    const tick = (fields: number[]) => lengthDelimited(506, fields);
    const touch = lengthDelimited(501, [...tag(15, 1), 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]); // LTP 1.0
    const bytes = new Uint8Array([
      ...tick([...tag(1, 0), ...varint(7)]),
      ...tick([...tag(6, 0), ...varint(3)]), // merges: InstrumentID 7 and LTQ 3
      ...touch,
      ...tick([...tag(8, 0), ...varint(1)]), // a new TickData after another member: only Flag
    ]);
    agrees(bytes);
    const merged = new Uint8Array(
      bytes.subarray(0, tick([...tag(1, 0), ...varint(7)]).length + tick([...tag(6, 0), ...varint(3)]).length),
    );
    agrees(merged);
    const both = views.decode(merged);
    assert.equal(both.subtype.case, "TickData");
    assert.deepEqual([both.subtype.value?.InstrumentID, both.subtype.value?.LTQ], [7, 3]);
    const view = views.decode(bytes);
    assert.equal(view.subtype.case, "TickData");
    assert.equal(view.subtype.value?.InstrumentID, 0);
    assert.equal(view.subtype.value?.Flag, 1);
  });

  test("returns the same view every time; lists shrink and grow with the frame", () => {
    const depth = (n: number) =>
      frame({
        subtype: {
          case: "MarketDepthMessage",
          value: {
            InstrumentID: 1010010000002885n,
            BestBidLevel: Array.from({ length: n }, (_, i) => ({ Qty: i + 1, Price: 100 + i / 4, Orders: i })),
          },
        },
      });
    const decoder = new ViewDecoder();
    const first = decoder.decode(depth(20));
    assert.equal(first.subtype.case, "MarketDepthMessage");
    assert.equal(first.subtype.value?.BestBidLevel.length, 20);
    const second = decoder.decode(depth(5));
    assert.equal(second, first);
    assert.equal(second.subtype.case === "MarketDepthMessage" && second.subtype.value.BestBidLevel.length, 5);
    const level = second.subtype.case === "MarketDepthMessage" ? second.subtype.value.BestBidLevel.at(-1) : undefined;
    assert.deepEqual([level?.Qty, level?.Price, level?.Orders], [5, 101, 4]);
    assert.equal(second.subtype.case === "MarketDepthMessage" && second.subtype.value.BestBidLevel.at(5), undefined);
    const third = decoder.decode(frame({ MessageCode: 1512 }));
    assert.equal(third.subtype.case, undefined);
    assert.equal(third.MessageCode, 1512);
  });

  test("a 64-bit value of 2^53 or more fails the frame with INT64_RANGE, as the number mode does", () => {
    const bytes = frame({ ID: 2n ** 53n });
    assert.throws(
      () => new ViewDecoder().decode(bytes),
      (e: unknown) => e instanceof DecodeError && e.code === "INT64_RANGE",
    );
  });

  test("pushEach splits a delimited stream at any chunking and visits every frame; a bad frame is skipped with onError", () => {
    fc.assert(
      fc.property(streamOfMessages, ([list, size]) => {
        const bad = new Uint8Array([0xff, 0xff]); // a truncated varint field
        const parts = [...list.slice(0, 1), bad, ...list.slice(1)].map(delimitBytes);
        const stream = concatBytes(parts);
        const expected: Outcome[] = list.map((b) => outcomeOf(() => decodeMessage(b, { int64: "number" })));
        const errors: DecodeError[] = [];
        const seen: unknown[] = [];
        const decoder = new ViewDecoder({ onError: (e) => errors.push(e) });
        for (let i = 0; i < stream.length; i += size) {
          decoder.pushEach(stream.subarray(i, i + size), (view) => seen.push(view.toObject()));
        }
        decoder.end();
        const good = expected.filter((o) => o.ok).map((o) => (o as { value: unknown }).value);
        assert.deepStrictEqual(seen, good);
        assert.equal(errors.length, 1 + expected.filter((o) => !o.ok).length);
        assert.ok(errors.every((e) => e instanceof DecodeError));
      }),
      { numRuns: 150 },
    );
  });

  test("base64 framing visits the view of each text frame", () => {
    const bytes = frame({
      MessageCode: 1501,
      subtype: { case: "TickData", value: { InstrumentName: "RELIANCE", LTP: 2456.35 } },
    });
    const text = btoa(String.fromCharCode(...bytes));
    const names: string[] = [];
    const decoder = new ViewDecoder({ framing: "base64" });
    decoder.pushEach(text, (view) => {
      if (view.subtype.case === "TickData")
        names.push(`${view.subtype.value.InstrumentName} ${view.subtype.value.LTP}`);
    });
    assert.deepEqual(names, ["RELIANCE 2456.35"]);
  });
});

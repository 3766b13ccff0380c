// The `internals` option's reusing decoder on a schema it was not written for: every
// message, decoded frame after frame into one recycled target with nested messages from
// Pools, deep-equals protobuf-es's fromBinary of that frame, once own properties holding
// undefined are dropped: a recycled message keeps an absent message or `optional` field
// as an own property holding undefined, as the codec's ReusingDecoder documents. No view class is generated for this schema (see
// the README: maps, bytes, recursion and the other non-viewable fields), which is checked too.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type DescMessage, fromBinary, type Message, toBinary } from "@bufbuild/protobuf";
import { Reader } from "@tickwire/runtime";
import fc from "fast-check";
import { viewableMessages } from "../src/views.js";
import { messageArb } from "./arbitrary.js";
import { fuzzRuns } from "./differential-suite.js";
import * as generated from "./gen/internals/tickwire/orders/v1/orders_tw.js";
import { file_tickwire_orders_v1_orders } from "./gen/tickwire/orders/v1/orders_pb.js";
import { shapeName } from "./generated.js";

const RUNS = fuzzRuns(300);

type Fn = (...args: unknown[]) => unknown;
const exported = generated as unknown as Record<string, Fn | undefined>;

function generatedFunction(name: string): Fn {
  const fn = exported[name];
  if (typeof fn !== "function") throw new Error(`the generated module has no ${name}`);
  return fn;
}

/** A copy without own properties holding undefined (`__proto__` map keys kept as own properties). */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (typeof value !== "object" || value === null || value instanceof Uint8Array) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    Object.defineProperty(copy, key, {
      value: withoutUndefined(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function allMessages(messages: readonly DescMessage[]): DescMessage[] {
  return messages.flatMap((m) => [m, ...allMessages(m.nestedMessages)]);
}

for (const desc of allMessages(file_tickwire_orders_v1_orders.messages)) {
  const name = shapeName(desc);
  describe(`${name}: the reusing decoder (internals=true)`, () => {
    test("frame after frame into one recycled target equals fromBinary of each frame", () => {
      const zero = generatedFunction(`zero${name}`);
      const reset = generatedFunction(`reset${name}`);
      const reuse = generatedFunction(`reuse${name}`);
      const reader = new Reader<generated.Pools>();
      reader.unknownFields = false;
      const pools = new generated.Pools(reader);
      reader.pools = pools;
      const target = zero(reader) as Message;
      fc.assert(
        fc.property(fc.array(messageArb(desc), { minLength: 1, maxLength: 4 }), (frames: Message[]) => {
          for (const frame of frames) {
            const bytes = toBinary(desc, frame);
            reader.reset(bytes, 0, bytes.length, 0, 0);
            pools.rewind();
            reset(target, reader);
            reuse(reader, reader.len, target, 1);
            const expected = fromBinary(desc, bytes, { readUnknownFields: false });
            assert.deepStrictEqual(withoutUndefined(target), withoutUndefined(expected));
          }
        }),
        { numRuns: RUNS },
      );
    });
  });
}

test("no message of this schema gets a view class, and none is emitted", () => {
  assert.deepEqual([...viewableMessages(allMessages(file_tickwire_orders_v1_orders.messages))], []);
  assert.deepEqual(
    Object.keys(generated).filter((key) => key.endsWith("View")),
    [],
  );
});

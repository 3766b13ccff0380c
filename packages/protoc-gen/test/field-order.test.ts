// readX reads a message's fields by ascending number, straight through, and leaves whatever
// arrives otherwise to mergeXFrom (src/in-order.ts). Encoders write fields in number order,
// so the other suites rarely reach that hand-over with more than one field left: here every
// message of the test schemas is decoded with its top-level fields in a random order, and
// with a field repeated, and must equal fromBinary of the same bytes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fromBinary, type Message, toBinary } from "@bufbuild/protobuf";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { concatBytes } from "@tickwire/testkit/bytes";
import fc from "fast-check";
import { messageArb } from "./arbitrary.js";
import { fuzzRuns } from "./differential-suite.js";
import { file_tickwire_orders_v1_orders } from "./gen/tickwire/orders/v1/orders_pb.js";
import * as generated from "./gen/tickwire/orders/v1/orders_tw.js";
import { codecsOf, shapeName } from "./generated.js";

/** The bytes of each top-level field of an encoded message, tag included, in the order they lie. */
function fieldsOf(bytes: Uint8Array): Uint8Array[] {
  const reader = new BinaryReader(bytes);
  const fields: Uint8Array[] = [];
  while (reader.pos < reader.len) {
    const start = reader.pos;
    const [fieldNo, wireType] = reader.tag();
    reader.skip(wireType, fieldNo);
    fields.push(bytes.subarray(start, reader.pos));
  }
  return fields;
}

const RUNS = fuzzRuns(100);

for (const codec of codecsOf(file_tickwire_orders_v1_orders, generated)) {
  const messages = messageArb(codec.desc);
  const encoded = messages
    .map((message: Message): Uint8Array | undefined => {
      try {
        return toBinary(codec.desc, message);
      } catch {
        return undefined; // a required field not set: differential.test.ts covers the refusal
      }
    })
    .filter((bytes) => bytes !== undefined)
    .map((bytes) => bytes as Uint8Array);
  describe(`${shapeName(codec.desc)}: fields out of number order`, () => {
    test("its fields in any order decode deep-equal to fromBinary", () => {
      fc.assert(
        fc.property(
          encoded.chain((bytes) => {
            const fields = fieldsOf(bytes);
            return fc.shuffledSubarray(fields, { minLength: fields.length, maxLength: fields.length });
          }),
          (fields) => {
            const bytes = concatBytes(fields);
            assert.deepStrictEqual(codec.decode(bytes), fromBinary(codec.desc, bytes));
            assert.deepStrictEqual(
              codec.decode(bytes, { readUnknownFields: false }),
              fromBinary(codec.desc, bytes, { readUnknownFields: false }),
            );
          },
        ),
        { numRuns: RUNS },
      );
    });

    test("a field seen again, anywhere, decodes deep-equal to fromBinary", () => {
      fc.assert(
        fc.property(encoded, fc.nat(), fc.nat(), (bytes, pick, at) => {
          const fields = fieldsOf(bytes);
          if (fields.length === 0) return;
          const again = fields[pick % fields.length] as Uint8Array;
          fields.splice(at % (fields.length + 1), 0, again);
          const joined = concatBytes(fields);
          assert.deepStrictEqual(codec.decode(joined), fromBinary(codec.desc, joined));
        }),
        { numRuns: RUNS },
      );
    });
  });
}

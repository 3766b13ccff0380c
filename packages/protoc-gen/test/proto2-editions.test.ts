// proto2 and editions features one by one, on Google's conformance messages (test/proto-google):
// what protobuf-es does, ours does too (google-schemas.test.ts checks the same on random input).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  create,
  fromBinary,
  getExtension,
  hasExtension,
  mergeFromBinary,
  setExtension,
  toBinary,
} from "@bufbuild/protobuf";
import { EncodeError } from "@tickwire/runtime";
import {
  extension_int32,
  extension_string,
  TestAllRequiredTypesProto2Schema,
  TestAllTypesProto2Schema,
} from "./gen/google/protobuf/test_messages_proto2_pb.js";
import {
  decodeTestAllTypesProto2,
  encodeTestAllRequiredTypesProto2,
  encodeTestAllTypesProto2,
  mergeTestAllTypesProto2,
} from "./gen/google/protobuf/test_messages_proto2_tw.js";
import { TestAllTypesProto3Schema } from "./gen/google/protobuf/test_messages_proto3_pb.js";
import { decodeTestAllTypesProto3, encodeTestAllTypesProto3 } from "./gen/google/protobuf/test_messages_proto3_tw.js";

const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

describe("proto2", () => {
  test("a decoded message has protobuf-es's prototype: absent fields read their (custom) defaults", () => {
    const decoded = decodeTestAllTypesProto2(hex("08 05".replace(/ /g, "")));
    assert.equal(Object.getPrototypeOf(decoded), Object.getPrototypeOf(create(TestAllTypesProto2Schema)));
    assert.equal(decoded.optionalInt32, 5);
    assert.ok(Object.hasOwn(decoded, "optionalInt32"));
    assert.equal(decoded.defaultInt32, -123456789);
    assert.equal(decoded.defaultInt64, -9123456789123456789n);
    assert.ok(!Object.hasOwn(decoded, "defaultInt32"));
    assert.deepStrictEqual(encodeTestAllTypesProto2(decoded), hex("0805"));
  });

  test("a required field not set: encode refuses, naming the field, as toBinary does; decode accepts, as fromBinary", () => {
    const message = create(TestAllRequiredTypesProto2Schema);
    assert.throws(() => toBinary(TestAllRequiredTypesProto2Schema, message), /required field not set/);
    assert.throws(
      () => encodeTestAllRequiredTypesProto2(message),
      (error: unknown) =>
        error instanceof EncodeError &&
        error.code === "MISSING_REQUIRED" &&
        error.field === "TestAllRequiredTypesProto2.required_int32",
    );
  });

  test("a closed enum's undeclared value goes to $unknown (re-encoded), unless another field is unknown, as fromBinary", () => {
    const enumOnly = hex("a80107"); // optional_nested_enum (21) = 7, undeclared
    assert.deepStrictEqual(decodeTestAllTypesProto2(enumOnly), fromBinary(TestAllTypesProto2Schema, enumOnly));
    assert.deepStrictEqual(decodeTestAllTypesProto2(enumOnly).$unknown?.[0]?.data, hex("07"));
    const negative = hex("a801feffffffffffffffff01"); // -2, undeclared, ten bytes
    assert.deepStrictEqual(decodeTestAllTypesProto2(negative), fromBinary(TestAllTypesProto2Schema, negative));
    // protobuf-es drops the enum's entry when the message also has an ordinary unknown field.
    const both = hex("a80107f8ff0301"); // and field 65535 = 1
    const theirs = fromBinary(TestAllTypesProto2Schema, both);
    assert.equal(theirs.$unknown?.length, 1);
    assert.deepStrictEqual(decodeTestAllTypesProto2(both), theirs);
    // Merging: into a message without unknown fields as fromBinary; into one with some, all kept in order.
    const fresh = () => decodeTestAllTypesProto2(new Uint8Array(0));
    const theirsFresh = () => fromBinary(TestAllTypesProto2Schema, new Uint8Array(0));
    assert.deepStrictEqual(
      mergeTestAllTypesProto2(fresh(), both),
      mergeFromBinary(TestAllTypesProto2Schema, theirsFresh(), both),
    );
    const withUnknown = hex("f8ff0302");
    const mergedInto = mergeTestAllTypesProto2(decodeTestAllTypesProto2(withUnknown), both);
    assert.equal(mergedInto.$unknown?.length, 3);
    assert.deepStrictEqual(
      mergedInto,
      mergeFromBinary(TestAllTypesProto2Schema, fromBinary(TestAllTypesProto2Schema, withUnknown), both),
    );
    const declared = hex("a801ffffffffffffffffff01"); // NEG = -1
    assert.equal(decodeTestAllTypesProto2(declared).optionalNestedEnum, -1);
  });

  test("extensions stay in $unknown exactly as fromBinary keeps them, and getExtension reads them", () => {
    const message = create(TestAllTypesProto2Schema, { optionalInt32: 1 });
    setExtension(message, extension_int32, 42);
    setExtension(message, extension_string, "ext");
    const bytes = toBinary(TestAllTypesProto2Schema, message);
    const decoded = decodeTestAllTypesProto2(bytes);
    assert.deepStrictEqual(decoded, fromBinary(TestAllTypesProto2Schema, bytes));
    assert.ok(hasExtension(decoded, extension_int32));
    assert.equal(getExtension(decoded, extension_int32), 42);
    assert.equal(getExtension(decoded, extension_string), "ext");
    assert.deepStrictEqual(encodeTestAllTypesProto2(decoded), bytes);
    const merged = mergeTestAllTypesProto2(decoded, bytes);
    assert.equal(merged.$unknown?.length, 4);
  });

  test("groups: decoded and encoded as protobuf-es, an end tag of another field refused", () => {
    const message = create(TestAllTypesProto2Schema, { data: { groupInt32: 7, groupUint32: 8 } });
    const bytes = toBinary(TestAllTypesProto2Schema, message);
    // Start tag of field 201 (cb 0c), the group's fields, end tag (cc 0c).
    assert.deepStrictEqual([...bytes.subarray(0, 2)], [0xcb, 0x0c]);
    assert.deepStrictEqual([...bytes.subarray(-2)], [0xcc, 0x0c]);
    assert.deepStrictEqual(decodeTestAllTypesProto2(bytes), fromBinary(TestAllTypesProto2Schema, bytes));
    assert.deepStrictEqual(encodeTestAllTypesProto2(decodeTestAllTypesProto2(bytes)), bytes);
    const wrongEnd = bytes.slice();
    wrongEnd.set([0xd4, 0x0c], wrongEnd.length - 2); // the end tag of field 202
    assert.throws(() => fromBinary(TestAllTypesProto2Schema, wrongEnd));
    assert.throws(() => decodeTestAllTypesProto2(wrongEnd), { name: "DecodeError" });
  });

  test("a string without UTF-8 validation reads invalid bytes as U+FFFD, as fromBinary", () => {
    const bytes = hex("7202ff41"); // optional_string (14) = ff 41
    assert.equal(decodeTestAllTypesProto2(bytes).optionalString, "\ufffdA");
    assert.deepStrictEqual(decodeTestAllTypesProto2(bytes), fromBinary(TestAllTypesProto2Schema, bytes));
  });
});

describe("google.protobuf.Struct as a field", () => {
  test("is the JSON object protobuf-es gives, both ways", () => {
    const json = { a: 1, b: [true, null, "x"], c: { d: -0.5 } };
    const message = create(TestAllTypesProto3Schema, { optionalStruct: json });
    const bytes = toBinary(TestAllTypesProto3Schema, message);
    const decoded = decodeTestAllTypesProto3(bytes);
    assert.deepStrictEqual(decoded.optionalStruct, json);
    assert.deepStrictEqual(decoded, fromBinary(TestAllTypesProto3Schema, bytes));
    assert.deepStrictEqual(encodeTestAllTypesProto3(message), bytes);
  });
});

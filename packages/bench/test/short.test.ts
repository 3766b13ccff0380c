// bench:short's cases: every decoder it times gives the same values for every frame, and the
// check catches a decoder that does not.
import assert from "node:assert/strict";
import { test } from "node:test";
import { shortCases, verifyShortCases } from "../src/short-cpu.js";

test("bench:short: tickwire (int64 number), protobufjs and fromBinary agree on every frame of every case", async () => {
  const cases = shortCases();
  assert.equal(await verifyShortCases(cases), cases.length * 16);
});

test("bench:short: a frame the decoders read differently is refused", async () => {
  const [point] = shortCases().filter((c) => c.name === "Point-2-fields");
  assert.ok(point !== undefined);
  // An unknown field (number 15, varint): protobuf-es and tickwire keep it in $unknown, protobufjs drops it.
  const withUnknown = new Uint8Array([...(point.frames[0] as Uint8Array), 0x78, 0x01]);
  await assert.rejects(verifyShortCases([{ ...point, frames: [withUnknown] }]), /Point-2-fields/);
});

// The runtime on its own, without generated code: the README's example (a string written and read back, the two
// errors with their fields), and its portability (no Node API in src/, no other package imported).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import {
  DecodeError,
  EncodeError,
  Reader,
  readString,
  readTag,
  readVarint64,
  Writer,
  writeString,
  writeUint64,
} from "../src/index.js";

function readerOf(bytes: Uint8Array): Reader {
  const reader = new Reader();
  reader.reset(bytes, 0, bytes.length, 0, 0);
  return reader;
}

describe("writer and reader", () => {
  test("a string round-trips, ASCII and not", () => {
    for (const text of ["", "NIFTY", "Ünïcödé ✓", "x".repeat(300)]) {
      const w = new Writer();
      writeString(w, text, "Instrument.name");
      assert.equal(readString(readerOf(w.buf.slice(0, w.pos))), text);
    }
  });

  test("a uint64 above 2^53 round-trips exactly (low and high words)", () => {
    const value = 2n ** 63n + 12345n;
    const w = new Writer();
    writeUint64(w, value, "Order.id");
    const r = readerOf(w.buf.slice(0, w.pos));
    readVarint64(r);
    assert.equal((BigInt(r.hi >>> 0) << 32n) | BigInt(r.lo >>> 0), value);
  });
});

describe("errors", () => {
  test("a cut varint is TRUNCATED, with its offset", () => {
    assert.throws(
      () => readTag(readerOf(new Uint8Array([0x80]))),
      (e: unknown) => e instanceof DecodeError && e.code === "TRUNCATED" && e.offset === 0 && e.frameIndex === 0,
    );
  });

  test("a value of the wrong type is INVALID_VALUE, naming the field", () => {
    assert.throws(
      () => writeString(new Writer(), 42 as unknown as string, "Instrument.name"),
      (e: unknown) => e instanceof EncodeError && e.code === "INVALID_VALUE" && e.field === "Instrument.name",
    );
  });
});

test("src/ uses no Buffer, no node: imports, no process, and imports only its own modules", () => {
  const dir = new URL("../src/", import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
  assert.ok(files.length > 10);
  for (const file of files) {
    const source = readFileSync(new URL(file, dir), "utf8");
    assert.doesNotMatch(source, /\bBuffer\b|from "node:|\bprocess\./, file);
    for (const [, specifier] of source.matchAll(/\bfrom\s+"([^"]+)"/g)) {
      assert.ok(specifier?.startsWith("./"), `${file} imports ${specifier}`);
    }
  }
});

// The runtime on its own, without generated code: the README's example (a string written and read back, the two
// errors with their fields), and its portability (no Node API in src/, no other package imported).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import {
  DecodeError,
  EncodeError,
  Reader,
  readDouble,
  readString,
  readStringUnvalidated,
  readTag,
  readVarint64,
  Writer,
  writeDouble,
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

describe("the frame's previous string", () => {
  // readString returns the frame's previous short string when the bytes agree with it, compared four at a time
  // through the frame's view once a double made one: every byte of a same-length name must still count.
  const name = "BANKNIFTY24NOVFUT";
  const variants = [...name].map((_, i) => name.slice(0, i) + (name[i] === "X" ? "Y" : "X") + name.slice(i + 1));

  for (const withView of [false, true]) {
    test(`a name differing in any one byte is read as itself (${withView ? "through the view" : "byte by byte"})`, () => {
      const w = new Writer();
      writeDouble(w, 51234.5, "Entry.price");
      for (const variant of variants) {
        writeString(w, name, "Entry.name");
        writeString(w, variant, "Entry.name");
        writeString(w, name, "Entry.name");
      }
      const r = readerOf(w.buf.slice(0, w.pos));
      // A frame of 128 bytes or more gets its view at its first double.
      assert.ok(w.pos >= 128);
      if (withView) assert.equal(readDouble(r), 51234.5);
      else r.pos = 8;
      assert.equal(r.view !== undefined, withView);
      for (const variant of variants) {
        assert.equal(readString(r), name);
        assert.equal(readString(r), variant);
        assert.equal(readString(r), name);
      }
      assert.equal(r.pos, w.pos);
    });
  }
});

describe("unvalidated strings (proto2, utf8_validation = NONE)", () => {
  const lax = new TextDecoder("utf-8", { ignoreBOM: true });
  // Bytes at the edges of UTF-8's rules: ASCII, continuation bytes, overlong and surrogate leads, 4-byte leads, invalid.
  const edges = [0x00, 0x41, 0x7f, 0x80, 0x9f, 0xa0, 0xbb, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xff];

  function unvalidated(bytes: Uint8Array): string {
    const field = new Uint8Array(bytes.length + 1);
    field[0] = bytes.length;
    field.set(bytes, 1);
    const r = readerOf(field);
    const text = readStringUnvalidated(r);
    assert.equal(r.pos, bytes.length + 1);
    return text;
  }

  test("read as the lax TextDecoder reads them: every 1- to 3-byte mix of edge bytes", () => {
    for (const a of edges) {
      assert.equal(unvalidated(Uint8Array.of(a)), lax.decode(Uint8Array.of(a)));
      for (const b of edges) {
        assert.equal(unvalidated(Uint8Array.of(a, b)), lax.decode(Uint8Array.of(a, b)));
        for (const c of edges) assert.equal(unvalidated(Uint8Array.of(a, b, c)), lax.decode(Uint8Array.of(a, b, c)));
      }
    }
  });

  test("read as the lax TextDecoder reads them: texts of up to 40 bytes, short and long, with a BOM", () => {
    const encoder = new TextEncoder();
    for (const text of [
      "",
      "NIFTY",
      "\uFEFFBANKNIFTY",
      "Ünïcödé ✓",
      "₹ 1,234",
      "😀 face",
      "x".repeat(32),
      "é".repeat(16),
      "x".repeat(33),
    ]) {
      const bytes = encoder.encode(text);
      assert.equal(unvalidated(bytes), text);
      const damaged = bytes.slice();
      if (damaged.length > 1) damaged[damaged.length - 1] = 0xc3;
      assert.equal(unvalidated(damaged), lax.decode(damaged));
    }
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

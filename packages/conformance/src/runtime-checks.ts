// @tickwire/runtime on its own, in the runtime under test: strings through the runtime's own UTF-8 paths (short
// ASCII interned, short non-ASCII decoded in JS, long ones through TextDecoder) and TextEncoder, 64-bit values beyond
// 2^53, and invalid UTF-8 refused with INVALID_UTF8: the places where engines' built-ins could differ.
import { DecodeError, Reader, readString, readVarint64, Writer, writeString, writeUint64 } from "@tickwire/runtime";
import { ensure, fail, type NamedCheck } from "./checks.js";

function readerOf(bytes: Uint8Array): Reader {
  const reader = new Reader();
  reader.reset(bytes, 0, bytes.length, 0, 0);
  return reader;
}

export const runtimeChecks: readonly NamedCheck[] = [
  {
    name: "runtime: strings round-trip through Writer and Reader (ASCII, accented, CJK, emoji, long)",
    run: () => {
      const texts = ["", "NIFTY 50", "Société Générale", "日本取引所", "📈 up", "x".repeat(40), "ü".repeat(300)];
      for (const text of texts) {
        const w = new Writer();
        writeString(w, text, "Test.text");
        const bytes = w.buf.slice(0, w.pos);
        const utf8 = new TextEncoder().encode(text);
        ensure(bytes.length - utf8.length >= 1, `${JSON.stringify(text)}: no length prefix`);
        ensure(readString(readerOf(bytes)) === text, `${JSON.stringify(text)} did not round-trip`);
      }
    },
  },
  {
    name: "runtime: a uint64 above 2^53 keeps every bit",
    run: () => {
      const value = 2n ** 64n - 3n;
      const w = new Writer();
      writeUint64(w, value, "Test.id");
      const r = readerOf(w.buf.slice(0, w.pos));
      readVarint64(r);
      const read = (BigInt(r.hi >>> 0) << 32n) | BigInt(r.lo >>> 0);
      ensure(read === value, `read ${read}`);
    },
  },
  {
    name: "runtime: invalid UTF-8 (a bad byte, a cut sequence, a surrogate) is a DecodeError INVALID_UTF8",
    run: () => {
      for (const body of [[0xff], [0x41, 0xc3], [0xe6, 0x97], [0xed, 0xa0, 0x80]]) {
        const bytes = new Uint8Array([body.length, ...body]);
        try {
          readString(readerOf(bytes));
        } catch (error) {
          ensure(error instanceof DecodeError && error.code === "INVALID_UTF8", `${body}: ${String(error)}`);
          continue;
        }
        fail(`${body} was accepted as UTF-8`);
      }
    },
  },
];

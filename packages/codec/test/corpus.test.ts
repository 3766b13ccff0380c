// Replays every input of test/corpus/ (hand-made edge cases and what the fuzz
// campaign of @tickwire/reliability found; docs/reliability/fuzz.md) against
// protobuf-es, through every decoding path. Kept after a fix, so a bug cannot return.
// A file: { description, source, hex, code?, numberCode? }. Without `code` the codec
// must equal protobuf-es (or both reject); `code` is the documented difference
// (protobuf-es accepts, the codec rejects with that code), `numberCode` the same for
// the "number" mode only.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { type Outcome, outcomeOf } from "@tickwire/testkit/outcome";
import { varint } from "@tickwire/testkit/wire";
import {
  DecodeError,
  type DecodeErrorCode,
  decodeMessage,
  FrameDecoder,
  type Int64Mode,
  ReusingDecoder,
  ViewDecoder,
} from "../src/index.js";
import { mapBigInts, reference, toBytes } from "./arbitraries.js";

interface CorpusEntry {
  description: string;
  source: string;
  hex: string;
  code?: DecodeErrorCode;
  numberCode?: DecodeErrorCode;
}

const directory = new URL("./corpus/", import.meta.url);
const files = readdirSync(directory)
  .filter((name) => name.endsWith(".json"))
  .sort();

/** A plain copy without own properties holding undefined (ReusingDecoder keeps an absent IndexData as one). */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = plain(v);
    return out;
  }
  return value;
}

const convert: Record<Int64Mode, (n: bigint) => unknown> = {
  bigint: (n) => n,
  string: (n) => n.toString(),
  number: (n) => Number(n),
};

function codeOf(outcome: Outcome): string {
  assert.ok(!outcome.ok, "expected a rejection");
  assert.ok(outcome.error instanceof DecodeError, `only DecodeError escapes, got ${String(outcome.error)}`);
  return outcome.error.code;
}

const views = new ViewDecoder();
const reusing = new ReusingDecoder();
const neighbour = toBytes({
  $typeName: "tickwire.marketdata.v1.MarketDataMessageBase",
  MessageCode: 1502,
  ID: 2n ** 53n - 1n,
  MessageSize: 0,
  subtype: { case: undefined },
});

describe("fuzz corpus: every input replayed against protobuf-es", () => {
  test("the corpus is there", () => assert.ok(files.length >= 20, `${files.length} files`));

  for (const file of files) {
    const entry = JSON.parse(readFileSync(new URL(file, directory), "utf8")) as CorpusEntry;
    const bytes = new Uint8Array(Buffer.from(entry.hex, "hex"));
    test(`${file}: ${entry.description}`, () => {
      const theirs = outcomeOf(() => reference(bytes));
      if (entry.code !== undefined) assert.ok(theirs.ok, "a documented difference is one protobuf-es accepts");
      for (const mode of ["bigint", "string", "number"] as const) {
        const ours = outcomeOf(() => decodeMessage(bytes, { int64: mode }));
        const expectedCode = entry.code ?? (mode === "number" ? entry.numberCode : undefined);
        if (expectedCode !== undefined) assert.equal(codeOf(ours), expectedCode, mode);
        else if (theirs.ok) {
          assert.ok(ours.ok, `${mode}: rejected what protobuf-es accepts: ${String(!ours.ok && ours.error)}`);
          assert.deepStrictEqual(ours.value, mapBigInts(theirs.value, convert[mode]), mode);
        } else codeOf(ours);
      }

      // The other paths agree with decodeMessage in their mode.
      const asNumber = outcomeOf(() => decodeMessage(bytes, { int64: "number" }));
      const view = outcomeOf(() => views.decode(bytes).toObject());
      if (asNumber.ok) assert.deepStrictEqual(view, asNumber);
      else assert.equal(codeOf(view), codeOf(asNumber));
      const asBigint = outcomeOf(() => decodeMessage(bytes));
      const reused = outcomeOf(() => plain(reusing.decode(bytes)));
      if (asBigint.ok) assert.deepStrictEqual(reused, { ok: true, value: plain(asBigint.value) });
      else assert.equal(codeOf(reused), codeOf(asBigint));

      // Between two good frames, cut into one-byte chunks: both neighbours arrive, the bad frame is reported in place.
      const stream = [...varint(neighbour.length), ...neighbour, ...varint(bytes.length), ...bytes];
      stream.push(...varint(neighbour.length), ...neighbour);
      const errors: DecodeError[] = [];
      const frames = new FrameDecoder({ onError: (e) => errors.push(e) });
      const delivered = stream.flatMap((byte) => frames.push(new Uint8Array([byte])));
      frames.end();
      const good = decodeMessage(neighbour);
      if (asBigint.ok) assert.deepStrictEqual(delivered, [good, asBigint.value, good]);
      else {
        assert.deepStrictEqual(delivered, [good, good]);
        assert.deepStrictEqual(
          errors.map((e) => [e.code, e.frameIndex]),
          [[codeOf(asBigint), 1]],
        );
      }
    });
  }
});

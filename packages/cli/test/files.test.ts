// decode, gen, stats and inspect end to end, through run() in this process: run.test.ts shows that run() writes what
// the bin writes, and keeps the bin's own part (exit codes, a closed pipe, signals) in child processes. A child per
// call here cost about 0.3 CPU-s, some 35 of them a test run.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fromBinary, toJson } from "@bufbuild/protobuf";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { splitDelimited } from "@tickwire/testkit/delimited";
import { jsonLines } from "./helpers.js";
import { runInProcess as tickwire } from "./memory.js";

const dir = mkdtempSync(join(tmpdir(), "tickwire-cli-"));
const capture = join(dir, "gen.bin");
after(() => rmSync(dir, { recursive: true, force: true }));

/** Where each frame of a size-delimited capture lies in it. */
function split(bytes: Uint8Array): { start: number; end: number }[] {
  return splitDelimited(bytes).map((frame) => {
    const start = frame.byteOffset - bytes.byteOffset;
    return { start, end: start + frame.length };
  });
}

before(async () => {
  const result = await tickwire(["gen", "--count", "300", "--seed", "7", "--out", capture]);
  assert.equal(result.code, 0, result.stderr);
});

describe("file commands", { concurrency: true }, () => {
  test("gen is deterministic for a seed and writes --count delimited frames", async () => {
    const again = await tickwire(["gen", "--count", "300", "--seed", "7"]);
    assert.equal(again.code, 0);
    assert.deepEqual(again.stdout, readFileSync(capture));
    assert.equal(split(readFileSync(capture)).length, 300);
    const other = await tickwire(["gen", "--count", "300", "--seed", "8"]);
    assert.notDeepEqual(other.stdout, again.stdout);
  });

  test("gen --kinds keeps only the named subtypes", async () => {
    const result = await tickwire(["gen", "--count", "20", "--kinds", "tickdata,MarketDepthMessage"]);
    assert.equal(result.code, 0, result.stderr);
    const decoded = await tickwire(["decode"], { input: result.stdout });
    const kinds = new Set(jsonLines(decoded.stdout).map((m) => Object.keys(m as object).at(-1)));
    assert.deepEqual([...kinds].sort(), ["MarketDepthMessage", "TickData"]);
    const bad = await tickwire(["gen", "--count", "1", "--kinds", "Nope"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown kind 'Nope'/);
  });

  test("decode writes protobuf-es's canonical JSON, one object a line, in every --int64 mode but number", async () => {
    const bytes = readFileSync(capture);
    const expected = split(bytes).map(({ start, end }) =>
      toJson(MarketDataMessageBaseSchema, fromBinary(MarketDataMessageBaseSchema, bytes.subarray(start, end))),
    );
    for (const int64 of ["bigint", "string"]) {
      const result = await tickwire(["decode", capture, "--int64", int64]);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(jsonLines(result.stdout), expected);
    }
    // The simulator's MCX ids are above 2^53: number mode refuses those frames instead of rounding them.
    const number = await tickwire(["decode", capture, "--int64", "number"]);
    assert.equal(number.code, 1);
    assert.match(number.stderr, /INT64_RANGE.*frame \d+, byte offset \d+/);
  });

  test("decode --limit, --format pretty, stdin and base64 framing", async () => {
    const limited = await tickwire(["decode", "-", "--limit", "3"], { input: readFileSync(capture) });
    assert.equal(limited.code, 0);
    assert.equal(jsonLines(limited.stdout).length, 3);
    const pretty = await tickwire(["decode", capture, "--format", "pretty", "--limit", "1"]);
    assert.match(String(pretty.stdout), /^\{\n {2}"MessageCode": /);
    const base64 = await tickwire(["gen", "--count", "50", "--seed", "7", "--framing", "base64"]);
    assert.equal(String(base64.stdout).trim().split("\n").length, 50);
    const fromText = await tickwire(["decode", "--framing", "base64"], { input: base64.stdout });
    const fromBinaryFile = await tickwire(["decode", capture, "--limit", "50"]);
    assert.equal(fromText.code, 0, fromText.stderr);
    assert.deepEqual(jsonLines(fromText.stdout), jsonLines(fromBinaryFile.stdout));
  });

  test("a corrupt frame in the middle: an error naming frame and offset, or with --keep-going every good frame", async () => {
    const bytes = readFileSync(capture);
    const frames = split(bytes);
    const bad = frames[150];
    const corrupt = Uint8Array.from(bytes);
    corrupt[bad.start] = 0x07; // field 0 with wire type 7: an invalid tag, the frame's length prefix intact
    const path = join(dir, "corrupt.bin");
    writeFileSync(path, corrupt);
    const prefixStart = frames[149].end;

    const strict = await tickwire(["decode", path]);
    assert.equal(strict.code, 1);
    assert.equal(jsonLines(strict.stdout).length, 150);
    assert.match(strict.stderr, /frame 150, byte offset \d+/);

    const lenient = await tickwire(["decode", path, "--keep-going"]);
    assert.equal(lenient.code, 3);
    const good = jsonLines(lenient.stdout) as { ID: string }[];
    assert.equal(good.length, 299);
    assert.equal(good[149].ID, "150");
    assert.equal(good[150].ID, "152");
    const errors = lenient.stderr.split("\n").filter((line) => line.includes("decode error"));
    assert.equal(errors.length, 1, lenient.stderr);
    assert.match(errors[0], /frame 150/);
    assert.ok(prefixStart > 0);
  });

  test("stats counts subtypes, instruments, time range and frame sizes", async () => {
    const result = await tickwire(["stats", capture, "--json"]);
    assert.equal(result.code, 0, result.stderr);
    const stats = JSON.parse(String(result.stdout));
    assert.equal(stats.frames, 300);
    assert.equal(
      Object.values(stats.bySubtype as Record<string, number>).reduce((a, b) => a + b, 0),
      300,
    );
    assert.ok(stats.instruments > 10);
    assert.ok(stats.firstTime < stats.lastTime);
    assert.ok(stats.frameSize.min <= stats.frameSize.median && stats.frameSize.median <= stats.frameSize.max);
    const text = await tickwire(["stats", "-"], { input: readFileSync(capture) });
    assert.match(String(text.stdout), /^frames {7}300\n/);
  });

  test("inspect shows field numbers, wire types and names, and marks unknown fields", async () => {
    const result = await tickwire(["inspect", capture, "--limit", "1"]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(String(result.stdout), /^frame 0 @0: \d+ bytes\n {2}@0 #1 VARINT MessageCode = 15\d\d\n/);
    // A message with an unknown field 99 (varint 5) appended.
    const frame = Uint8Array.from([0x08, 0xdc, 0x0b, 0x98, 0x06, 0x05]);
    const unknown = await tickwire(["inspect", "--framing", "message"], { input: frame });
    assert.match(String(unknown.stdout), /#99 VARINT UNKNOWN = 5/);
  });

  test("usage errors exit 2, a missing file exits 1, --help on every command exits 0", async () => {
    assert.equal((await tickwire(["decode", "--framing", "xml"])).code, 2);
    assert.equal((await tickwire(["nope"])).code, 2);
    const missing = await tickwire(["decode", join(dir, "missing.bin")]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /missing\.bin: ENOENT/);
    for (const command of ["decode", "inspect", "gen", "stats"]) {
      const help = await tickwire([command, "--help"]);
      assert.equal(help.code, 0);
      assert.match(String(help.stdout), new RegExp(`Usage: tickwire ${command}`));
    }
  });
});

test("a bad base64 line is reported with its line number, and --keep-going goes on", async () => {
  const good = await tickwire(["gen", "--count", "3", "--framing", "base64"]);
  const [first, second, third] = String(good.stdout).trim().split("\n");
  const result = await tickwire(["decode", "--framing", "base64", "--keep-going"], {
    input: `${first}\n${second}\n\n@@not base64@@\n${third}\n`,
  });
  assert.equal(result.code, 3);
  assert.equal(jsonLines(result.stdout).length, 3);
  assert.match(result.stderr, /<stdin>: line 4: decode error: INVALID_BASE64/);
});

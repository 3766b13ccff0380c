// run() in-process, as a program embedding the command line calls it: every byte of output, every message and the
// progress bar go to the streams it is given, and the results match the bin's.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { EXIT, run } from "../src/index.js";
import { jsonLines, tickwire } from "./helpers.js";
import { memoryIo } from "./memory.js";

const dir = mkdtempSync(join(tmpdir(), "tickwire-run-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;

describe("run() writes to the streams it is given", () => {
  test("gen: the same bytes as the bin's stdout", async () => {
    const io = memoryIo();
    assert.equal(await run(["gen", "--count", "40", "--seed", "3"], io), EXIT.OK);
    const bin = await tickwire(["gen", "--count", "40", "--seed", "3"]);
    assert.ok(io.out().length > 0);
    assert.deepEqual(io.out(), bin.stdout);
    assert.equal(io.err(), "");
  });

  test("decode, inspect and stats read the given stdin and write the bin's output", async () => {
    const capture = (await tickwire(["gen", "--count", "25", "--seed", "5"])).stdout;
    for (const args of [["decode"], ["decode", "--format", "pretty"], ["inspect"], ["stats"], ["stats", "--json"]]) {
      const io = memoryIo({ stdin: capture });
      assert.equal(await run(args, io), EXIT.OK, `${args.join(" ")}: ${io.err()}`);
      const bin = await tickwire(args, { input: capture });
      assert.ok(io.out().length > 0, args.join(" "));
      assert.equal(io.out().toString(), bin.stdout.toString(), args.join(" "));
    }
    const decoded = memoryIo({ stdin: capture });
    await run(["decode"], decoded);
    assert.equal(jsonLines(decoded.out()).length, 25);
  });

  test("a bad frame's message and the usage errors go to the given stderr", async () => {
    const bad = memoryIo({ stdin: Uint8Array.of(5, 8) });
    assert.equal(await run(["decode"], bad), EXIT.FAILURE);
    assert.match(bad.err(), /^<stdin>: decode error: TRUNCATED: .*\(frame 0, byte offset 0\)\n$/);
    const usage = memoryIo();
    assert.equal(await run(["decode", "--nope"], usage), EXIT.USAGE);
    assert.match(usage.err(), /unknown option '--nope'/);
  });

  test("the progress bar of a long file goes to the given stderr when it is a TTY", async () => {
    const file = join(dir, "big.bin");
    // Over the 1 MiB a file needs before the bar shows.
    assert.equal(await run(["gen", "--count", "12000", "--out", file], memoryIo()), EXIT.OK);
    assert.ok(readFileSync(file).length > 1 << 20);
    const ci = process.env.CI;
    delete process.env.CI;
    try {
      for (const command of ["decode", "inspect", "stats"]) {
        const io = memoryIo({ tty: true });
        assert.equal(await run([command, file], io), EXIT.OK, io.err());
        assert.match(io.err(), new RegExp(`\\r.*${command}.*MiB.*frames/s`), command);
        assert.ok(io.err().endsWith("\r\x1b[K"), `${command}: the bar is erased at the end`);
      }
    } finally {
      if (ci !== undefined) process.env.CI = ci;
    }
  });

  test("gen --out reports on the given stderr and writes nothing to stdout", async () => {
    const io = memoryIo();
    const file = join(dir, "out.bin");
    assert.equal(await run(["gen", "--count", "3", "--out", file], io), EXIT.OK);
    assert.equal(io.out().length, 0);
    assert.equal(io.err(), `wrote 3 messages to ${file}\n`);
  });
});

describe("--version and --help", () => {
  test("--version prints the package.json version, in-process and from the bin", async () => {
    const io = memoryIo();
    assert.equal(await run(["--version"], io), EXIT.OK);
    assert.equal(io.out().toString(), `${version}\n`);
    const bin = await tickwire(["--version"]);
    assert.equal(bin.code, 0);
    assert.equal(bin.stdout.toString(), `${version}\n`);
  });

  test("--help goes to the given stdout and exits 0", async () => {
    const io = memoryIo();
    assert.equal(await run(["decode", "--help"], io), EXIT.OK);
    assert.match(io.out().toString(), /^Usage: tickwire decode/);
  });
});

describe("one base64 decoder: decode, inspect and stats agree", () => {
  test('each refuses "A" (length 4n + 1) with the same error naming the line and the frame', async () => {
    const expected =
      "<stdin>: line 1: decode error: INVALID_BASE64: the text length or padding is not base64 (frame 0, byte offset 0)\n";
    for (const command of ["decode", "inspect", "stats"]) {
      const io = memoryIo({ stdin: "A\n" });
      assert.equal(await run([command, "--framing", "base64"], io), EXIT.FAILURE, command);
      assert.equal(io.err(), expected, command);
    }
  });

  test("on a mix of good and bad lines, decode --keep-going and inspect report the same bad lines", async () => {
    const good = (await tickwire(["gen", "--count", "3", "--framing", "base64"])).stdout.toString().trim().split("\n");
    const text = [good[0], "", "C", good[1], "CA=U", `${good[2]}`, "ÿÿÿÿ"].join("\n");
    const decode = memoryIo({ stdin: text });
    assert.equal(await run(["decode", "--framing", "base64", "--keep-going"], decode), EXIT.PARTIAL);
    const inspect = memoryIo({ stdin: text });
    assert.equal(await run(["inspect", "--framing", "base64"], inspect), EXIT.FAILURE);
    const badLines = (stderr: string) => stderr.split("\n").filter((line) => / line \d+: /.test(line));
    assert.deepEqual(badLines(inspect.err()), badLines(decode.err()));
    assert.deepEqual(
      badLines(decode.err()).map((line) => /line (\d+)/.exec(line)?.[1]),
      ["3", "5", "7"],
    );
    assert.equal(jsonLines(decode.out()).length, 3);
    assert.equal(
      inspect
        .out()
        .toString()
        .match(/^frame \d+ /gm)?.length,
      3,
    );
  });

  test("valid base64 inspects to the same fields as the delimited capture", async () => {
    const delimited = (await tickwire(["gen", "--count", "8", "--seed", "9"])).stdout;
    const base64 = (await tickwire(["gen", "--count", "8", "--seed", "9", "--framing", "base64"])).stdout;
    const fromDelimited = memoryIo({ stdin: delimited });
    const fromBase64 = memoryIo({ stdin: base64 });
    assert.equal(await run(["inspect"], fromDelimited), EXIT.OK);
    assert.equal(await run(["inspect", "--framing", "base64"], fromBase64), EXIT.OK, fromBase64.err());
    // Frame headers give each input's own byte offsets; the field lines must be identical.
    const fields = (out: Buffer) => out.toString().replace(/^frame .*$/gm, "frame");
    assert.equal(fields(fromBase64.out()), fields(fromDelimited.out()));
    assert.ok(fields(fromDelimited.out()).split("\n").length > 8 * 3);
  });
});

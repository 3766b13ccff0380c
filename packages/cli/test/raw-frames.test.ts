// stats and inspect split delimited input with the codec's RawFrameDecoder: the same bound and errors as decode.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { EXIT, run } from "../src/index.js";
import { memoryIo } from "./memory.js";

let capture: Buffer;
before(async () => {
  const io = memoryIo();
  assert.equal(await run(["gen", "--count", "2"], io), EXIT.OK);
  capture = io.out();
});

for (const command of ["stats", "inspect"]) {
  test(`${command}: a truncated tail is a TRUNCATED decode error at its prefix, after the good frames`, async () => {
    const io = memoryIo({ stdin: Buffer.concat([capture, Uint8Array.of(5, 8)]) });
    assert.equal(await run([command], io), EXIT.FAILURE);
    assert.equal(
      io.err(),
      `<stdin>: decode error: TRUNCATED: the stream ends inside a frame (frame 2, byte offset ${capture.length})\n`,
    );
  });

  test(`${command}: a frame over 4 MiB is refused from its prefix (FRAME_TOO_LARGE), nothing buffered`, async () => {
    // A prefix announcing 5 MiB, then a few bytes of it.
    const io = memoryIo({ stdin: Buffer.concat([capture, Uint8Array.of(0x80, 0x80, 0xc0, 0x02, 1, 2, 3)]) });
    assert.equal(await run([command], io), EXIT.FAILURE);
    assert.match(io.err(), /^<stdin>: decode error: FRAME_TOO_LARGE: a frame of 5242880 bytes exceeds maxFrameBytes/);
    assert.match(io.err(), new RegExp(`\\(frame 2, byte offset ${capture.length}\\)\\n$`));
  });

  test(`${command}: a length prefix of more than 10 bytes stops the split`, async () => {
    const io = memoryIo({ stdin: Buffer.concat([capture, Buffer.alloc(11, 0x80), capture]) });
    assert.equal(await run([command], io), EXIT.FAILURE);
    assert.match(io.err(), /^<stdin>: decode error: VARINT_TOO_LONG: .*\(frame 2, byte offset \d+\)\n$/);
  });
}

test("stats counts the good frames before a bad tail", async () => {
  const io = memoryIo({ stdin: Buffer.concat([capture, Uint8Array.of(5, 8)]) });
  await run(["stats", "--json"], io);
  const stats = JSON.parse(io.out().toString()) as { frames: number; badFrames: number };
  assert.deepEqual([stats.frames, stats.badFrames], [2, 1]);
});

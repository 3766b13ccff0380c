import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as ws from "ws";
import type { FeedFrame } from "../src/frame.js";
import { MarketSimulator } from "../src/index.js";
import { SocketBatch, TickFrames, textFrame } from "../src/wire-frames.js";

/** ws's own frame encoder: exported at run time, not declared in its types. */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: object): Buffer[] } };

/** The frame ws itself would write for `payload` (a server's: FIN, not masked). */
const wsFrame = (payload: Buffer, opcode: 1 | 2) =>
  Buffer.concat(Sender.frame(payload, { fin: true, opcode, mask: false, readOnly: false, rsv1: false }));

const frameOf = (length: number, seed: number): FeedFrame => {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return { bytes, message: undefined as never, ids: [], timeMs: 0 };
};

describe("a tick's frames as WebSocket frames", () => {
  // Payload lengths on both sides of the header's 7-bit, 16-bit and 64-bit forms, in base64 and in binary.
  const lengths = [0, 1, 2, 3, 93, 94, 95, 96, 125, 126, 127, 49_151, 49_152, 65_535, 65_536, 70_000];
  const frames = lengths.map(frameOf);

  test("each is byte for byte the frame ws writes for the same message, text and binary", () => {
    for (const binary of [false, true]) {
      const tick = new TickFrames(frames, binary);
      // Asked out of order: each is still encoded once and found again at the same place.
      for (const index of [3, 0, 3, 15, 7]) tick.start(index);
      for (const [index, frame] of frames.entries()) {
        const start = tick.start(index);
        const bytes = Buffer.from(frame.bytes);
        const expected = binary ? wsFrame(bytes, 2) : wsFrame(Buffer.from(bytes.toString("base64")), 1);
        assert.deepEqual(tick.bytes.subarray(start, tick.end(index)), expected, `length ${frame.bytes.length}`);
      }
    }
  });

  test("a socket's batch joins consecutive frames into one run, keeps notices in place, and counts its bytes", () => {
    const simulator = new MarketSimulator({ seed: 3 });
    const real = Array.from({ length: 6 }, () => simulator.next());
    const tick = new TickFrames(real, false);
    const batch = new SocketBatch();
    const add = (index: number) => batch.add(tick.bytes, tick.start(index), tick.end(index));
    add(0);
    add(1);
    const notice = textFrame('{"type":"error","message":"slow consumer"}');
    batch.addFrame(notice);
    add(2);
    add(4);
    const expected = Buffer.concat([
      ...[0, 1].map((i) => wsFrame(Buffer.from(Buffer.from(real[i].bytes).toString("base64")), 1)),
      wsFrame(Buffer.from('{"type":"error","message":"slow consumer"}'), 1),
      ...[2, 4].map((i) => wsFrame(Buffer.from(Buffer.from(real[i].bytes).toString("base64")), 1)),
    ]);
    assert.equal(batch.bytes, expected.length);
    assert.deepEqual(batch.take(), expected);
    assert.equal(new SocketBatch().take(), undefined);
    // One run only: the tick's own buffer, not a copy.
    const single = new SocketBatch();
    single.add(tick.bytes, tick.start(0), tick.end(1));
    assert.equal(single.take()?.buffer, tick.bytes.buffer);
  });
});

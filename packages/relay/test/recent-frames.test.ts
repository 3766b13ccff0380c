// The catch-up format (request, chunked reply, refusal) and subject matching, without NATS.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { RecentFormatError } from "../src/errors.js";
import {
  decodeRecentChunk,
  encodeRecentError,
  encodeRecentReply,
  encodeRecentRequest,
  parseRecentRequest,
  type RecentFrame,
  subjectMatches,
} from "../src/recent-frames.js";

function frame(n: number, size = 10, frameId?: string): RecentFrame {
  return {
    subject: `tickwire.md.NSECM.${100 + (n % 3)}.TickData`,
    position: `abc123.${n}`,
    msgId: `NSECM.${100 + (n % 3)}.TickData.${n}.0badf00d`,
    received: (1_700_000_000_000 + n).toFixed(3),
    frameId,
    data: new Uint8Array(size).fill(n % 256),
  };
}

describe("recent frames: the format", () => {
  test("a reply splits into chunks under the bound, the last flagged, and reads back to the same frames", () => {
    const frames = Array.from({ length: 50 }, (_, i) => frame(i + 1, 100 + i, i % 5 === 0 ? `${i}.f00d` : undefined));
    const chunks = encodeRecentReply(frames, 1234.5, 1000);
    assert.ok(chunks.length > 5, `${chunks.length} chunks`);
    for (const c of chunks.slice(0, -1)) assert.ok(c.length <= 1000, `a chunk of ${c.length} bytes`);
    const read = chunks.map(decodeRecentChunk);
    assert.deepEqual(
      read.map((c) => c.last),
      chunks.map((_, i) => i === chunks.length - 1),
    );
    for (const c of read) assert.equal(c.coversAfterMs, 1234.5);
    assert.deepEqual(
      read.flatMap((c) => c.frames),
      frames,
    );
  });

  test("nothing matched: one empty last chunk; a frame larger than the bound goes alone", () => {
    const [empty] = encodeRecentReply([], 7, 1000);
    assert.deepEqual(decodeRecentChunk(empty), { last: true, coversAfterMs: 7, frames: [] });
    const chunks = encodeRecentReply([frame(1, 5000), frame(2, 10)], 0, 1000);
    assert.equal(chunks.length, 2);
    assert.equal(decodeRecentChunk(chunks[0]).frames[0].data.length, 5000);
  });

  test("a refusal carries its reason", () => {
    const chunk = decodeRecentChunk(encodeRecentError("request.fromMs must be a finite number"));
    assert.equal(chunk.last, true);
    assert.equal(chunk.error, "request.fromMs must be a finite number");
  });

  test("a truncated, extended or foreign reply is a typed error naming where", () => {
    const [chunk] = encodeRecentReply([frame(1, 50)], 0, 1000);
    assert.throws(
      () => decodeRecentChunk(chunk.subarray(0, chunk.length - 3)),
      (e: unknown) => {
        assert.ok(e instanceof RecentFormatError);
        assert.equal(e.code, "RECENT_FORMAT");
        assert.match(e.message, /at byte \d+ is truncated/);
        return true;
      },
    );
    const longer = new Uint8Array(chunk.length + 2);
    longer.set(chunk);
    assert.throws(() => decodeRecentChunk(longer), /2 extra bytes/);
    const other = chunk.slice();
    other[0] = 9;
    assert.throws(() => decodeRecentChunk(other), /version 9/);
    assert.throws(() => decodeRecentChunk(new Uint8Array(3)), /shorter than its header/);
  });

  test("requests: read back, and refused with the field named when malformed", () => {
    const request = { filters: ["tickwire.md.*.101.>"], fromMs: 1_700_000_000_000.5 };
    assert.deepEqual(parseRecentRequest(encodeRecentRequest(request)), request);
    const bad = (text: string, where: RegExp) =>
      assert.throws(() => parseRecentRequest(new TextEncoder().encode(text)), where);
    bad("{", /request is not JSON/);
    bad("null", /request is not an object/);
    bad('{"filters":[],"fromMs":1}', /request\.filters must be/);
    bad('{"filters":["a",""],"fromMs":1}', /request\.filters\[1\] must be/);
    bad('{"filters":["a"],"fromMs":"soon"}', /request\.fromMs must be/);
    bad('{"filters":["a"]}', /request\.fromMs must be/);
  });

  test("subject filters match as NATS does", () => {
    const subject = "tickwire.md.NSECM.101.TickData";
    for (const f of [subject, "tickwire.md.*.101.>", "tickwire.md.>", "tickwire.md.NSECM.*.TickData", ">"]) {
      assert.ok(subjectMatches(f, subject), f);
    }
    for (const f of ["tickwire.md.*.10.>", "tickwire.md.NSECM.101", "tickwire.md.NSECM.101.TickData.x", "*.md.>.x"]) {
      assert.ok(!subjectMatches(f, subject), f);
    }
    assert.ok(!subjectMatches("tickwire.md.NSECM.101.>", "tickwire.md.NSECM.101"), "> needs one token at least");
    assert.ok(!subjectMatches("tickwire.md.*", "tickwire.md.NSECM.101"));
  });
});

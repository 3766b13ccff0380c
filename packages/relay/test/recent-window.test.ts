// The relay's window of recent frames: what it keeps (time and byte bounds), how far back it says it reaches, and
// what it selects for a catch-up request.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { RecentFrame } from "../src/recent-frames.js";
import { RecentWindow } from "../src/recent-window.js";

const T0 = 1_700_000_000_000;

function frame(n: number, at: number, instrument = 101, size = 100): RecentFrame {
  return {
    subject: `tickwire.md.NSECM.${instrument}.TickData`,
    position: `e.${n}`,
    msgId: `m.${n}`,
    received: at.toFixed(3),
    frameId: undefined,
    data: new Uint8Array(size),
  };
}

describe("recent window", () => {
  test("keeps frames for its time bound; the oldest dropped move how far back it reaches", () => {
    const window = new RecentWindow({ ms: 1000 }, T0);
    for (let i = 0; i < 30; i++) window.record(frame(i + 1, T0 + i * 100), T0 + i * 100);
    // At T0 + 2,900 the window holds what was received from T0 + 1,900 on.
    assert.equal(window.size, 11);
    assert.equal(window.coversAfterMs, T0 + 1800);
    const all = window.select([">"], 0, T0 + 2900);
    assert.deepEqual(
      all.map((f) => f.position),
      Array.from({ length: 11 }, (_, i) => `e.${i + 20}`),
    );
  });

  test("keeps at most its byte bound, the oldest going first", () => {
    const window = new RecentWindow({ ms: 60_000, maxBytes: 10_000 }, T0);
    for (let i = 0; i < 100; i++) window.record(frame(i + 1, T0 + i, 101, 500), T0 + i);
    const kept = window.select([">"], 0, T0 + 100);
    assert.ok(kept.length >= 10 && kept.length < 20, `${kept.length} kept`);
    assert.equal(kept.at(-1)?.position, "e.100");
    assert.equal(window.coversAfterMs, T0 + 99 - kept.length);
  });

  test("selects by filter and receive time, in the order published", () => {
    const window = new RecentWindow({}, T0);
    for (let i = 0; i < 20; i++) window.record(frame(i + 1, T0 + i, i % 2 === 0 ? 101 : 202), T0 + i);
    const got = window.select(["tickwire.md.*.202.>"], T0 + 10, T0 + 20);
    assert.deepEqual(
      got.map((f) => f.position),
      ["e.12", "e.14", "e.16", "e.18", "e.20"],
    );
    assert.deepEqual(window.select(["tickwire.md.*.303.>"], 0, T0 + 20), []);
  });

  test("receive times that go back (published out of receive order) are still selected by their own time", () => {
    const window = new RecentWindow({}, T0);
    const times = [10, 20, 30, 25, 26, 40, 35, 50];
    for (const [i, ms] of times.entries()) window.record(frame(i + 1, T0 + ms), T0 + ms);
    assert.deepEqual(
      window.select([">"], T0 + 26, T0 + 60).map((f) => f.received),
      [30, 26, 40, 35, 50].map((ms) => (T0 + ms).toFixed(3)),
    );
    assert.deepEqual(
      window.select([">"], T0 + 36, T0 + 60).map((f) => f.received),
      [40, 50].map((ms) => (T0 + ms).toFixed(3)),
    );
  });

  test("reset: nothing kept, and it reaches back only to then", () => {
    const window = new RecentWindow({}, T0);
    window.record(frame(1, T0 + 1), T0 + 1);
    window.reset(T0 + 500);
    assert.equal(window.size, 0);
    assert.equal(window.coversAfterMs, T0 + 500);
  });

  test("gives each subject's newest frame kept, in the order those were published", () => {
    const window = new RecentWindow({ ms: 1000 }, T0);
    window.record(frame(1, T0, 101), T0);
    window.record(frame(2, T0 + 10, 102), T0 + 10);
    window.record(frame(3, T0 + 20, 101), T0 + 20);
    window.record(frame(4, T0 + 30, 103), T0 + 30);
    assert.deepEqual(
      window.newestPerSubject(T0 + 40).map((f) => f.position),
      ["e.2", "e.3", "e.4"],
    );
    // Past the time bound a subject's frames are gone: nothing of it is given.
    assert.deepEqual(
      window.newestPerSubject(T0 + 1015).map((f) => f.position),
      ["e.3", "e.4"],
    );
  });
});

// The board at 10,000 messages per second for 60 s: the page keeps up (it draws every frame sent, none dropped)
// and the heaps of the page and of its decoding worker stay flat. Not part of `pnpm test` (whose packages run side
// by side on two cores, where the sandbox alone cannot make 10,000 messages a second): `pnpm soak` in this
// package, which .ci/run runs on its own. TICKWIRE_BOARD_SOAK_SECONDS shortens it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, renderedCount, screenshot, waitForDrain } from "./harness.js";
import { heapReader } from "./heap.js";

const SECONDS = Number(process.env.TICKWIRE_BOARD_SOAK_SECONDS ?? 60);
const RATE = 10_000;
/** Heap growth allowed between the first sample after warm-up and the last, per heap. */
const FLAT_BYTES = 3 * 1024 * 1024;
const WARM_UP_MS = 3000;

test(`${RATE} msg/s for ${SECONDS} s: every frame drawn, heaps flat`, { timeout: (SECONDS + 90) * 1000 }, async (t) => {
  const h = await openBoard({ seed: 7, rate: RATE });
  try {
    const heaps = await heapReader(h.browser, h.page);
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    const samples = [await heaps.read()];
    const lags: number[] = [];
    const started = Date.now();
    while (Date.now() - started < SECONDS * 1000) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, SECONDS * 250)));
      lags.push(h.board.stats().framesSent - (await renderedCount(h.page)));
      samples.push(await heaps.read());
    }
    const sentDuringRun = h.board.stats().framesSent;
    h.sandbox.feed.pause();
    const rendered = await waitForDrain(h);
    const stats = h.board.stats();
    const first = samples[1] ?? samples[0];
    const last = samples[samples.length - 1];
    const mb = (bytes: number) => (bytes / 1048576).toFixed(2);
    t.diagnostic(
      `frames sent ${stats.framesSent} (${Math.round(sentDuringRun / (SECONDS + WARM_UP_MS / 1000))}/s), drawn ${rendered}, dropped ${stats.framesDropped}`,
    );
    t.diagnostic(`largest lag seen ${Math.max(...lags)} frames (sent minus drawn, sampled)`);
    t.diagnostic(
      `page heap ${samples.map((s) => mb(s.page)).join(" ")} MB; worker heap ${samples.map((s) => mb(s.worker)).join(" ")} MB`,
    );
    t.diagnostic(`screenshot: ${await screenshot(h.page, "board-soak")}`);
    await heaps.close();
    assert.equal(stats.framesDropped, 0, "frames dropped for a slow page");
    assert.equal(rendered, stats.framesSent, "the page drew every frame sent");
    assert.ok(sentDuringRun > RATE * SECONDS * 0.8, `only ${sentDuringRun} frames in ${SECONDS} s`);
    assert.ok(last.page - first.page < FLAT_BYTES, `page heap grew ${mb(last.page - first.page)} MB`);
    assert.ok(last.worker - first.worker < FLAT_BYTES, `worker heap grew ${mb(last.worker - first.worker)} MB`);
    assert.deepEqual(h.problems, []);
  } finally {
    await h.close();
  }
});

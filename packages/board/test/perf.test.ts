// The perf panel in Chromium at 2,000 msg/s: decode and model-update time per message (p50 / p99, microseconds),
// render time and server-to-drawn latency (milliseconds), the message rate and its history, drops and reconnects,
// and the text saying what each measures.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type BoardHarness, openBoard, renderedCount } from "./harness.js";

let h: BoardHarness;
before(async () => {
  h = await openBoard({ seed: 9, rate: 2000 });
});
after(async () => {
  await h?.close();
});

const pair = async (name: string, unit: string) => {
  const text = (await h.page.textContent(`[data-perf="${name}"]`)) ?? "";
  const match = new RegExp(`^([\\d,.]+) / ([\\d,.]+) ${unit}$`).exec(text);
  assert.ok(match, `${name}: ${text}`);
  return { p50: Number(match[1].replaceAll(",", "")), p99: Number(match[2].replaceAll(",", "")) };
};

test("the panel shows p50/p99 of decode, update, render and latency, the rate, drops and reconnects", async (t) => {
  await h.page.waitForFunction(() => Number(document.querySelector("#messages")?.getAttribute("data-count")) > 6000);
  const decode = await pair("decode", "µs");
  const update = await pair("update", "µs");
  const render = await pair("render", "ms");
  const latency = await pair("latency", "ms");
  t.diagnostic(`decode ${JSON.stringify(decode)} update ${JSON.stringify(update)} µs`);
  t.diagnostic(`render ${JSON.stringify(render)} latency ${JSON.stringify(latency)} ms`);
  for (const value of [decode, update, render, latency]) {
    assert.ok(value.p50 > 0 && value.p50 <= value.p99, JSON.stringify(value));
  }
  // A message decodes in microseconds, not milliseconds; a snapshot is drawn within a second of the server's receipt.
  assert.ok(decode.p50 < 200, `decode p50 ${decode.p50} µs`);
  assert.ok(latency.p50 < 1000 && latency.p99 < 5000, `latency ${JSON.stringify(latency)} ms`);
  // The panel's rate against what the page itself decoded over the same span (its message count), and the board
  // server's count for the record: on a loaded machine the sandbox sends below its nominal 2,000 msg/s, and a starved
  // page decodes below what the server sends (ci67, load 26: the page 629 msg/s, the server 1,755), so the panel must
  // follow what arrives at the page, not the nominal rate nor the server's.
  const sentBefore = h.board.stats().framesSent;
  const decodedBefore = await renderedCount(h.page);
  const startedAt = performance.now();
  const shown: number[] = [];
  for (let i = 0; i < 7; i++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    shown.push(Number(((await h.page.textContent('[data-perf="rate"]')) ?? "").replaceAll(",", "")));
  }
  const span = performance.now() - startedAt;
  const serverRate = ((h.board.stats().framesSent - sentBefore) * 1000) / span;
  const pageRate = (((await renderedCount(h.page)) - decodedBefore) * 1000) / span;
  const rate = shown.sort((a, b) => a - b)[3];
  t.diagnostic(
    `panel msg/s ${rate} (median of ${shown.join(", ")}), page ${pageRate.toFixed(0)}, board server ${serverRate.toFixed(0)}`,
  );
  assert.ok(serverRate > 100, `the board server received ${serverRate.toFixed(0)} msg/s`);
  assert.ok(pageRate > 100, `the page decoded ${pageRate.toFixed(0)} msg/s`);
  assert.ok(
    rate > pageRate / 2 && rate < pageRate * 2,
    `panel msg/s ${rate}, the page decoded ${pageRate.toFixed(0)} msg/s, board server ${serverRate.toFixed(0)}`,
  );
  const points = ((await h.page.getAttribute("#rate-history path", "d")) ?? "").match(/[ML]/g) ?? [];
  assert.ok(points.length > 10, `${points.length} points of rate history`);
  assert.equal(await h.page.getAttribute('[data-perf="dropped"]', "data-count"), String(h.board.stats().framesDropped));
  assert.equal(await h.page.getAttribute('[data-perf="page-reconnects"]', "data-count"), "0");
  assert.equal(await h.page.getAttribute('[data-perf="platform-reconnects"]', "data-count"), "0");
  const explained = (await h.page.textContent("#perf .note")) ?? "";
  for (const words of ["Decode:", "model update:", "p50 / p99", "last 10 s", "Render:", "Server → drawn:"]) {
    assert.ok(explained.includes(words), `the panel explains "${words}"`);
  }
});

// Layout and access in Chromium: usable from a 360 px phone to a 4K screen (the ladder below the table on narrow
// screens, nothing spilling out of the page), light and dark from prefers-color-scheme, price flashes only when a
// price changed and gone before the next redraw, and digit grouping from the locale.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { type BoardHarness, openBoard, screenshot } from "./harness.js";

let h: BoardHarness;
before(async () => {
  h = await openBoard({ seed: 21, rate: 2000 });
  await h.page.waitForFunction(() => Number(document.querySelector("#messages")?.getAttribute("data-count")) > 2000);
});
after(async () => {
  await h?.close();
});

async function boxes(page: Page) {
  const box = (selector: string) =>
    page.$eval(selector, (element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    });
  return {
    watch: await box("section.watch"),
    ladder: await box("section.ladder"),
    ladderTable: await box("section.ladder table"),
    scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth),
    width: await page.evaluate(() => window.innerWidth),
  };
}

test("from 360 px to 4K: nothing spills out, and the ladder moves below the table on narrow screens", async (t) => {
  for (const [width, height] of [
    [360, 740],
    [700, 900],
    [1400, 900],
    [3840, 2160],
  ]) {
    await h.page.setViewportSize({ width, height });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const b = await boxes(h.page);
    assert.ok(b.scrollWidth <= b.width, `${width} px: the page is ${b.scrollWidth} px wide`);
    assert.ok(b.ladderTable.right <= b.ladder.right + 0.5, `${width} px: the ladder spills out of its panel`);
    if (width < 1100) assert.ok(b.ladder.top >= b.watch.bottom, `${width} px: the ladder is below the table`);
    else assert.ok(b.ladder.left >= b.watch.right, `${width} px: the ladder is beside the table`);
    if (width === 360 || width === 3840) t.diagnostic(`${width} px: ${await screenshot(h.page, `board-${width}`)}`);
  }
  await h.page.setViewportSize({ width: 1400, height: 900 });
});

test("light and dark follow prefers-color-scheme", async () => {
  const background = () => h.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await h.page.emulateMedia({ colorScheme: "light" });
  assert.equal(await background(), "rgb(246, 248, 250)");
  await screenshot(h.page, "board-light");
  await h.page.emulateMedia({ colorScheme: "dark" });
  assert.equal(await background(), "rgb(15, 20, 25)");
});

test("a price flashes only when it changed, and the flash ends before the next redraw", async () => {
  await h.page.evaluate(() => {
    const log: { changed: boolean; start: number; end: number | null }[] = [];
    const open = new Map<Element, (typeof log)[number]>();
    (window as unknown as { flashes: typeof log }).flashes = log;
    new MutationObserver((records) => {
      const valueChanged = new Set<Element>();
      for (const record of records) {
        const cell = record.target as Element;
        if (record.attributeName === "data-value" && record.oldValue !== cell.getAttribute("data-value")) {
          valueChanged.add(cell);
        }
        if (record.attributeName !== "class") continue;
        const flashing = cell.classList.contains("tick-up") || cell.classList.contains("tick-down");
        const was = /tick-(up|down)/.test(record.oldValue ?? "");
        const now = performance.now();
        if (flashing && !was) {
          // A flash started again on a flashing cell ends the previous one there.
          const previous = open.get(cell);
          if (previous && previous.end === null) previous.end = now;
          const entry = { changed: valueChanged.has(cell), start: now, end: null };
          log.push(entry);
          open.set(cell, entry);
        } else if (!flashing && was) {
          const entry = open.get(cell);
          if (entry) entry.end = now;
          open.delete(cell);
        }
      }
    }).observe(document.querySelector("#rows") as Node, {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ["class", "data-value"],
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  h.sandbox.feed.pause();
  // The last flashes end on the page's timers, which fire late while the machine is busy (the untimed tiers run at the
  // lowest priority): wait for them up to 10 s instead of a fixed second. A flash that never ends still fails below.
  const readFlashes = () =>
    h.page.evaluate(
      () => (window as unknown as { flashes: { changed: boolean; start: number; end: number | null }[] }).flashes,
    );
  let flashes = await readFlashes();
  for (const until = Date.now() + 10_000; flashes.some((f) => f.end === null) && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    flashes = await readFlashes();
  }
  assert.ok(flashes.length > 20, `${flashes.length} flashes in 3 s at 2,000 msg/s`);
  const lengths: number[] = [];
  for (const flash of flashes) {
    assert.ok(flash.changed, "a flash without a price change");
    assert.ok(flash.end !== null, "a flash that never ended");
    lengths.push(flash.end - flash.start);
  }
  // Not every flash: on a loaded machine the page's timers fire late (CI saw one 180 ms flash last 412 ms). A flash
  // made as long as the redraw or longer reaches 250 ms nearly every time (cut at the next redraw at the earliest).
  const long = lengths.filter((length) => length >= 250);
  const longest = Math.max(...lengths).toFixed(0);
  assert.ok(
    long.length <= lengths.length / 4,
    `${long.length} of ${lengths.length} flashes outlast the 250 ms redraw (longest ${longest} ms)`,
  );
  h.sandbox.feed.resume();
});

test("digits are grouped as the locale groups them: Indian grouping for en-IN only", async () => {
  const volumes = async (locale: string) => {
    const page = await h.browser.newPage({ locale });
    await page.goto(h.board.url);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll("#rows .volume")).some((cell) => (cell.textContent ?? "").length >= 8),
    );
    const texts = await page.$$eval("#rows .volume", (cells) => cells.map((cell) => cell.textContent ?? ""));
    await page.close();
    return texts.filter((text) => text.replaceAll(",", "").length >= 6);
  };
  const indian = await volumes("en-IN");
  assert.ok(indian.length > 0);
  for (const text of indian) assert.match(text, /^\d{1,2}(,\d\d)*,\d{3}$/, `en-IN: ${text}`);
  const american = await volumes("en-US");
  for (const text of american) assert.match(text, /^\d{1,3}(,\d{3})+$/, `en-US: ${text}`);
});

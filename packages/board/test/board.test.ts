// The board in a real browser against a seeded sandbox: the prices it shows are the last prices the sandbox sent,
// the ladder is the last depth message of the selected instrument, nothing is lost and the console stays clean.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { MarketDepthMessage } from "@tickwire/proto";
import { type BoardHarness, createClient, openBoard, renderedCount, screenshot, waitForDrain } from "./harness.js";

let h: BoardHarness;
let depthWatcher: { last: Map<bigint, MarketDepthMessage>; close(): Promise<void> };

before(async () => {
  h = await openBoard({ seed: 42, rate: 2000 });
  // An independent client on the same sandbox records each instrument's last depth message.
  const client = createClient(h.credentials);
  const last = new Map<bigint, MarketDepthMessage>();
  const feed = client.marketData({ instrumentIds: h.board.instruments.map((i) => BigInt(i.id)) });
  feed.on("MarketDepthMessage", (depth) => last.set(depth.InstrumentID, depth));
  depthWatcher = {
    last,
    async close() {
      await feed.close();
      await client.close();
    },
  };
});
after(async () => {
  await depthWatcher?.close();
  await h?.close();
});

test("the page shows the last prices the sandbox sent, the selected ladder, and every frame sent", async (t) => {
  const selected = h.board.instruments[2];
  await h.page.click(`tr[data-id="${selected.id}"]`);
  await h.page.waitForFunction(() => Number(document.querySelector("#messages")?.getAttribute("data-count")) > 3000);
  await h.page.waitForSelector("#ladder-rows tr.bid");
  h.sandbox.feed.pause();
  // Frames in flight reach the page and the watcher; then nothing moves.
  const rendered = await waitForDrain(h);
  assert.equal(h.board.stats().framesDropped, 0);
  t.diagnostic(`rendered ${rendered} frames, sent ${h.board.stats().framesSent}`);

  const client = createClient(h.credentials);
  try {
    const ids = h.board.instruments.slice(0, 3).map((instrument) => BigInt(instrument.id));
    const { prices } = await client.ltp(ids);
    for (const id of ids) {
      const shown = await h.page.getAttribute(`tr[data-id="${id}"] td.ltp`, "data-value");
      assert.equal(Number(shown), prices.get(id)?.ltp, `the page's last price of ${id}`);
    }
  } finally {
    await client.close();
  }

  const depth = depthWatcher.last.get(BigInt(selected.id));
  assert.ok(depth, "the sandbox sent depth for the selected instrument");
  const ladder = await h.page.$$eval("#ladder-rows tr.ask, #ladder-rows tr.bid", (rows) =>
    rows.map((row) => ({
      side: row.className,
      price: Number(row.getAttribute("data-price")),
      qty: Number(row.getAttribute("data-qty")),
      orders: Number(row.getAttribute("data-orders")),
    })),
  );
  const level = (side: string) => (l: { Price: number; Qty: number; Orders: number }) => ({
    side,
    price: l.Price,
    qty: l.Qty,
    orders: l.Orders,
  });
  const expected = [
    ...depth.BestAskLevel.slice(0, 10).reverse().map(level("ask")),
    ...depth.BestBidLevel.slice(0, 10).map(level("bid")),
  ];
  assert.deepEqual(ladder, expected);
  assert.equal(await renderedCount(h.page), h.board.stats().framesSent);
  t.diagnostic(`screenshot: ${await screenshot(h.page, "board")}`);
  assert.deepEqual(h.problems, []);
});

test("a page opened later draws the board server's snapshot: last prices and the selected ladder", async () => {
  // The feed is paused (the first test): everything this page shows comes from the server's snapshot.
  const page = await h.browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    const selected = h.board.instruments[2];
    await page.goto(`${h.board.url}?sel=${selected.id}`);
    await page.waitForSelector("#ladder-rows tr.bid");
    await page.waitForFunction(() => Number(document.querySelector('[data-perf="resynced"]')?.textContent) > 0);
    const client = createClient(h.credentials);
    try {
      const ids = h.board.instruments.slice(0, 8).map((instrument) => BigInt(instrument.id));
      const { prices } = await client.ltp(ids);
      for (const id of ids) {
        assert.equal(Number(await page.getAttribute(`tr[data-id="${id}"] td.ltp`, "data-value")), prices.get(id)?.ltp);
      }
    } finally {
      await client.close();
    }
    const depth = depthWatcher.last.get(BigInt(selected.id));
    const bestBid = await page.getAttribute("#ladder-rows tr.bid", "data-price");
    assert.equal(Number(bestBid), depth?.BestBidLevel[0]?.Price);
    assert.equal(await page.getAttribute("#messages", "data-count"), "0", "no live frame: the feed is paused");
  } finally {
    await page.close();
  }
});

test("the page holds no secret: neither the app key nor a token is in its HTML, scripts or board data", async () => {
  const texts = await Promise.all(
    ["/", "/app.js", "/worker.js", "/api/board", "/api/stats"].map(async (path) => {
      const response = await fetch(new URL(path, h.board.url));
      return response.text();
    }),
  );
  for (const text of texts) {
    assert.ok(!text.includes(h.credentials.appKey), "the app key reached the page");
    assert.ok(!/eyJ[\w-]+\.[\w-]+\./.test(text), "a JWT reached the page");
  }
});

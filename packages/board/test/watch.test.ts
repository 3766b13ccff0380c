// The market watch in Chromium against a seeded sandbox and an independent client on the same feed: the columns
// equal the last touch-line or depth message, change is against the previous close, prices keep the instrument's
// decimals, the exchange time is India's, sorting, filtering, adding and removing work and stay in the URL, the
// ladder of any instrument is its last depth message at once, and the keyboard moves the selection.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { MarketDataMessageBase } from "@tickwire/proto";
import { messageIds } from "@tickwire/proto";
import { type BoardHarness, createClient, openBoard, screenshot, waitForDrain } from "./harness.js";

let h: BoardHarness;
const lastTouch = new Map<bigint, MarketDataMessageBase>();
const lastDepth = new Map<bigint, MarketDataMessageBase>();
let closeWatcher: () => Promise<void>;

before(async () => {
  h = await openBoard({ seed: 42, rate: 1500 });
  const client = createClient(h.credentials);
  const feed = client.marketData({ instrumentIds: h.board.instruments.map((i) => BigInt(i.id)) });
  feed.on("message", (message) => {
    const { subtype } = message;
    if (subtype.case === "TouchLineDataMessage" || subtype.case === "MarketDepthMessage") {
      for (const id of messageIds(message)) lastTouch.set(id, message);
    }
    if (subtype.case === "MarketDepthMessage") lastDepth.set(subtype.value.InstrumentID, message);
  });
  closeWatcher = async () => {
    await feed.close();
    await client.close();
  };
  await h.page.waitForFunction(() => Number(document.querySelector("#messages")?.getAttribute("data-count")) > 3000);
  h.sandbox.feed.pause();
  await waitForDrain(h);
  await new Promise((resolve) => setTimeout(resolve, 500));
});
after(async () => {
  await closeWatcher?.();
  await h?.close();
});

const cell = (id: bigint | string, key: string) => h.page.textContent(`tr[data-id="${id}"] .${key}`);
const us = (digits: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

test("each quote column equals the instrument's last touch line; change is against the previous close", async () => {
  let compared = 0;
  for (const instrument of h.sandbox.instruments.filter((i) => i.kind !== "index" && i.id < 2n ** 53n)) {
    const message = lastTouch.get(instrument.id);
    if (message?.subtype.case !== "TouchLineDataMessage" && message?.subtype.case !== "MarketDepthMessage") continue;
    const v = message.subtype.value;
    const digits = instrument.tickUnits < 100 ? 4 : 2;
    const price = (value: number) => us(digits).format(value);
    const whole = (value: number | bigint) => us(0).format(value);
    assert.equal(await cell(instrument.id, "bid"), v.BestBidLevel[0] ? price(v.BestBidLevel[0].Price) : "");
    assert.equal(await cell(instrument.id, "askQty"), v.BestAskLevel[0] ? whole(v.BestAskLevel[0].Qty) : "");
    assert.equal(await cell(instrument.id, "open"), price(v.Open), `${instrument.name} open`);
    assert.equal(await cell(instrument.id, "close"), price(v.Close), `${instrument.name} previous close`);
    assert.equal(await cell(instrument.id, "buyQty"), whole(v.TBQ));
    assert.equal(await cell(instrument.id, "sellQty"), whole(v.TSQ));
    const oi = await cell(instrument.id, "oi");
    if (instrument.kind === "equity") assert.equal(oi, "", "no open interest on an equity");
    else assert.match(oi ?? "", /^[\d,]+$/, `${instrument.name} open interest`);
    const ltp = Number(await h.page.getAttribute(`tr[data-id="${instrument.id}"] .ltp`, "data-value"));
    const percent = ((ltp - v.Close) / v.Close) * 100;
    const expected = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: "exceptZero",
    }).format(percent);
    assert.equal(await cell(instrument.id, "chgPct"), `${expected}%`, `${instrument.name} change`);
    assert.doesNotMatch((await cell(instrument.id, "chgPct")) ?? "", /^-0\.00/);
    // The sandbox's clock starts at 03:45 UTC, 09:15 in India: the exchange's time, not the browser's (UTC here).
    assert.match((await cell(instrument.id, "time")) ?? "", /^09:\d\d:\d\d$/);
    compared++;
  }
  assert.ok(compared >= 10, `${compared} instruments compared`);
  const usdinr = h.sandbox.instruments.find((i) => i.name.startsWith("USDINR"));
  assert.ok(usdinr);
  assert.match((await cell(usdinr.id, "ltp")) ?? "", /^\d+\.\d{4}$/, "a 0.0025 step shows four decimals");
  assert.match((await cell(h.sandbox.instruments[0].id, "ltp")) ?? "", /^[\d,]+\.\d{2}$/, "a 0.05 step shows two");
});

test("selecting an instrument shows its last depth at once, with spread, cumulative sizes and the exchange", async () => {
  const [id, message] =
    [...lastDepth].find(([other]) => other !== h.sandbox.instruments[0].id && other < 2n ** 53n) ?? [];
  assert.ok(id && message?.subtype.case === "MarketDepthMessage");
  await h.page.click(`tr[data-id="${id}"]`);
  const depth = message.subtype.value;
  await h.page.waitForFunction(
    (price) => document.querySelector("#ladder-rows tr.bid")?.getAttribute("data-price") === String(price),
    depth.BestBidLevel[0].Price,
  );
  const bids = await h.page.$$eval("#ladder-rows tr.bid", (rows) =>
    rows.map((row) => ({ qty: Number(row.getAttribute("data-qty")), cum: row.querySelector(".cum")?.textContent })),
  );
  let total = 0;
  assert.deepEqual(
    bids,
    depth.BestBidLevel.slice(0, 10).map((level) => {
      total += level.Qty;
      return { qty: level.Qty, cum: us(0).format(total) };
    }),
  );
  assert.match((await h.page.textContent("#ladder-rows tr.spread")) ?? "", /^spread [\d.]+ \([\d.]+ bp\)$/);
  const instrument = h.sandbox.instruments.find((i) => i.id === id);
  assert.ok(instrument);
  const exchange = instrument.segment.slice(0, 3);
  assert.equal(
    await h.page.textContent("#ladder-title"),
    `Depth: ${instrument.name} · ${instrument.segment} (${exchange})`,
  );
});

test("the keyboard moves the selection; the table is a table with column headers", async () => {
  const first = h.board.instruments[0].id;
  const second = h.board.instruments[1].id;
  await h.page.focus(`tr[data-id="${first}"]`);
  await h.page.keyboard.press("Enter");
  assert.equal(await h.page.getAttribute(`tr[data-id="${first}"]`, "aria-selected"), "true");
  await h.page.keyboard.press("ArrowDown");
  assert.equal(await h.page.getAttribute(`tr[data-id="${second}"]`, "aria-selected"), "true");
  assert.equal(await h.page.getAttribute(`tr[data-id="${first}"]`, "aria-selected"), "false");
  assert.equal(await h.page.evaluate(() => document.activeElement?.getAttribute("data-id")), second);
  assert.match((await h.page.textContent("#ladder-title")) ?? "", new RegExp(h.board.instruments[1].name));
  const headers = await h.page.$$eval("#watch thead th[scope=col]", (ths) => ths.length);
  assert.ok(headers >= 18);
  assert.equal(await h.page.$$eval("#rows th[scope=row]", (ths) => ths.length), h.board.instruments.length);
});

test("sort, filter, remove and add stay in the URL and survive a reload", async (t) => {
  const changes = async () =>
    (await h.page.$$eval("#rows tr:not([hidden]) .chgPct", (cells) => cells.map((c) => c.textContent ?? "")))
      .filter((text) => text !== "")
      .map((text) => Number.parseFloat(text.replace(/[+%,]/g, "")));
  await h.page.click('th[data-key="chgPct"] button');
  const ascending = await changes();
  assert.deepEqual(
    ascending,
    [...ascending].sort((a, b) => a - b),
  );
  await h.page.click('th[data-key="chgPct"] button');
  const descending = await changes();
  assert.deepEqual(
    descending,
    [...descending].sort((a, b) => b - a),
  );
  assert.match(h.page.url(), /sort=chgPct&dir=desc/);

  await h.page.fill("#search", "reliance");
  const names = () =>
    h.page.$$eval("#rows tr:not([hidden])", (rows) => rows.map((r) => r.querySelector("th")?.textContent));
  assert.deepEqual((await names()).sort(), ["RELIANCE 26JAN FUT NSEFO", "RELIANCE BSECM", "RELIANCE NSECM"]);
  const tcsBse = h.sandbox.instruments.find((i) => i.name === "TCS" && i.segment === "BSECM");
  assert.ok(tcsBse);
  await h.page.fill("#search", "");
  await h.page.click(`tr[data-id="${tcsBse.id}"] button.remove`);
  assert.equal(await h.page.$(`tr[data-id="${tcsBse.id}"]`), null);
  assert.doesNotMatch(decodeURIComponent(h.page.url()), new RegExp(String(tcsBse.id)));
  await h.page.fill("#add", "42");
  await h.page.click("#add-form button");
  await h.page.waitForSelector('tr[data-id="42"].unknown');
  assert.equal(await h.page.textContent('tr[data-id="42"] th'), "Unknown instrument 42 id 42");
  await h.page.fill("#add", "TCS · BSECM");
  await h.page.click("#add-form button");
  await h.page.waitForSelector(`tr[data-id="${tcsBse.id}"]`);
  // Added back while the feed is paused: it shows the last price seen, not the REST price of the board's start.
  const client = createClient(h.credentials);
  try {
    const { prices } = await client.ltp([tcsBse.id]);
    assert.equal(
      Number(await h.page.getAttribute(`tr[data-id="${tcsBse.id}"] .ltp`, "data-value")),
      prices.get(tcsBse.id)?.ltp,
    );
  } finally {
    await client.close();
  }
  await h.page.fill("#search", "tcs");

  await h.page.reload();
  await h.page.waitForSelector("body[data-ready=true]");
  assert.equal(await h.page.inputValue("#search"), "tcs");
  assert.deepEqual((await names()).sort(), ["TCS BSECM", "TCS NSECM"]);
  assert.equal(await h.page.getAttribute('th[data-key="chgPct"]', "aria-sort"), "descending");
  assert.ok(await h.page.$('tr[data-id="42"].unknown'), "the unknown id is still watched");
  t.diagnostic(`screenshot: ${await screenshot(h.page, "board-watch-filtered")}`);
  assert.deepEqual(h.problems, []);
});

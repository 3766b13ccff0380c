// The board's states, told on the page and seen in Chromium: connecting (the page's socket held back), live, stale
// (the feed paused: prices struck through, the age of the last message), platform reconnecting (the sandbox
// stopped: attempt and since when), and board server gone (the board stopped: the page retries with backoff, and
// once a board is back on the same port it resyncs from that board's snapshot). A screenshot of each.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createClient } from "@tickwire/client";
import { type Sandbox, startSandbox } from "@tickwire/sandbox";
import { launchChromium } from "@tickwire/testkit";
import { freePort } from "@tickwire/testkit/ports";
import type { Browser, Page } from "playwright-core";
import { type Board, startBoard } from "../src/index.js";
import { screenshot, waitForValues } from "./harness.js";

const LIMIT = 2n ** 53n;
const resources: { close(): Promise<unknown> }[] = [];
after(async () => {
  for (const resource of resources.reverse()) await resource.close().catch(() => {});
});

const state = (page: Page, name: string) =>
  page.waitForSelector(`body[data-state="${name}"]`, { timeout: 20_000 }).then(() => page.textContent("#status"));

test("each state is said on the page, and the page comes back by itself", { timeout: 120_000 }, async (t) => {
  const sandboxPort = await freePort();
  const boardPort = await freePort();
  const openSandbox = () => startSandbox({ logger: false, seed: 5, rate: 400, port: sandboxPort });
  let sandbox: Sandbox = await openSandbox();
  resources.push({ close: () => sandbox.close() });
  const user = sandbox.demoUser;
  assert.ok(user);
  const credentials = { baseUrl: sandbox.httpUrl, userId: user.userId, appKey: user.appKey };
  const ids = sandbox.instruments.map((i) => i.id).filter((id) => id < LIMIT);
  const openBoardServer = () => startBoard({ ...credentials, instrumentIds: ids, port: boardPort, staleAfterMs: 1500 });
  let board: Board = await openBoardServer();
  resources.push({ close: () => board.close() });
  const browser: Browser = await launchChromium();
  resources.push(browser);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: "dark" });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));

  // The worker's script is held until the test lets it through: until then nobody has said hello to the page.
  let releaseWorker: () => void = () => {};
  const workerHeld = new Promise<void>((resolve) => {
    releaseWorker = resolve;
  });
  await page.route("**/worker.js", async (route) => {
    await workerHeld;
    await route.continue();
  });
  await page.goto(board.url);
  await page.waitForSelector("body[data-ready=true]");
  assert.match((await state(page, "connecting")) ?? "", /Connecting to the board server/);
  t.diagnostic(`connecting: ${await screenshot(page, "state-connecting")}`);

  releaseWorker();
  assert.equal(await state(page, "live"), "Live");
  await page.waitForFunction(() => Number(document.querySelector("#messages")?.getAttribute("data-count")) > 200);
  t.diagnostic(`live: ${await screenshot(page, "state-live")}`);

  sandbox.feed.pause();
  const stale = (await state(page, "stale")) ?? "";
  assert.match(stale, /Stale: .*last message \d+ s ago/);
  const decoration = await page.$eval("#rows td.ltp", (cell) => getComputedStyle(cell).textDecorationLine);
  assert.equal(decoration, "line-through", "stale prices are struck through");
  await page.waitForFunction(() => / [3-9] s ago/.test(document.querySelector("#status")?.textContent ?? ""));
  t.diagnostic(`stale: ${await screenshot(page, "state-stale")}`);

  sandbox.feed.resume();
  await state(page, "live");
  await sandbox.close();
  const reconnecting = (await state(page, "reconnecting")) ?? "";
  assert.match(reconnecting, /Platform feed reconnecting, attempt \d+, since \d\d:\d\d:\d\d/);
  assert.match(reconnecting, /last message \d+ s ago/);
  t.diagnostic(`platform reconnecting: ${await screenshot(page, "state-reconnecting")}`);
  sandbox = await openSandbox();
  await state(page, "live");
  assert.ok(Number(await page.getAttribute('[data-perf="platform-reconnects"]', "data-count")) >= 1);

  await board.close();
  const gone = (await state(page, "gone")) ?? "";
  assert.match(gone, /Board server gone since \d\d:\d\d:\d\d .*reconnecting, attempt \d+, next try in \d+ s/);
  await page.waitForFunction(() => /attempt [3-9]/.test(document.querySelector("#status")?.textContent ?? ""));
  t.diagnostic(`board server gone: ${await screenshot(page, "state-gone")}`);

  // A board back on the same port: the page reconnects by itself and takes that board's snapshot.
  board = await openBoardServer();
  await state(page, "live");
  assert.ok(Number(await page.getAttribute('[data-perf="page-reconnects"]', "data-count")) >= 1);
  await page.waitForFunction(() => Number(document.querySelector('[data-perf="resynced"]')?.textContent) > 0);
  sandbox.feed.pause();
  const client = createClient(credentials);
  try {
    await waitForValues(page, client, ids.slice(0, 6));
  } finally {
    await client.close();
  }
  assert.deepEqual(problems, []);
});

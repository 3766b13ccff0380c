// A sandbox, a board on it and the board's page in headless Chromium, for the browser tests.
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createClient } from "@tickwire/client";
import { type Sandbox, type SandboxOptions, startSandbox } from "@tickwire/sandbox";
import { launchChromium } from "@tickwire/testkit";
import type { Browser, Page } from "playwright-core";
import { type Board, type BoardOptions, startBoard } from "../src/index.js";

export const artifactsDir = fileURLToPath(new URL("../artifacts/", import.meta.url));
const LIMIT = 2n ** 53n;

export interface BoardHarness {
  sandbox: Sandbox;
  board: Board;
  browser: Browser;
  page: Page;
  /** Console errors and uncaught page errors, as they happened. */
  problems: string[];
  credentials: { baseUrl: string; userId: string; appKey: string };
  close(): Promise<void>;
}

export interface HarnessOptions {
  pick?: (ids: bigint[]) => bigint[];
  /** Board options beyond the credentials and ids; the sandbox's segments and price steps are passed by default. */
  board?: Partial<BoardOptions>;
  viewport?: { width: number; height: number };
  locale?: string;
  colorScheme?: "light" | "dark";
  chromiumArgs?: string[];
}

export async function openBoard(options: SandboxOptions, extra: HarnessOptions = {}): Promise<BoardHarness> {
  const pick = extra.pick ?? ((ids: bigint[]) => ids);
  const sandbox = await startSandbox({ logger: false, ...options });
  const user = sandbox.demoUser;
  if (!user) throw new Error("no demo user");
  const credentials = { baseUrl: sandbox.httpUrl, userId: user.userId, appKey: user.appKey };
  const ids = pick(sandbox.instruments.map((instrument) => instrument.id).filter((id) => id < LIMIT));
  const started: { close(): Promise<unknown> }[] = [sandbox];
  // Whatever started is stopped again if a later step fails: a half-built harness must not keep the process alive.
  try {
    const board = await startBoard({
      ...credentials,
      instrumentIds: ids,
      instrumentDetails: sandbox.instruments.map((i) => ({
        id: i.id,
        segment: i.segment,
        tickSize: i.tickUnits / 10_000,
      })),
      ...extra.board,
    });
    started.unshift(board);
    // gc() in the page and the worker, and exact heap figures: the soak test reads them.
    const browser = await launchChromium({
      args: ["--js-flags=--expose-gc", "--enable-precise-memory-info", ...(extra.chromiumArgs ?? [])],
    });
    started.unshift(browser);
    const page = await browser.newPage({
      viewport: extra.viewport ?? { width: 1400, height: 900 },
      locale: extra.locale ?? "en-US",
      colorScheme: extra.colorScheme ?? "dark",
    });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page.goto(board.url);
    await page.waitForSelector("body[data-ready=true]");
    return harness(sandbox, board, browser, page, problems, credentials);
  } catch (error) {
    for (const resource of started) await resource.close().catch(() => {});
    throw error;
  }
}

function harness(
  sandbox: Sandbox,
  board: Board,
  browser: Browser,
  page: Page,
  problems: string[],
  credentials: BoardHarness["credentials"],
): BoardHarness {
  return {
    sandbox,
    board,
    browser,
    page,
    problems,
    credentials,
    async close() {
      await browser.close();
      await board.close();
      await sandbox.close();
    },
  };
}

/** Frames the page has decoded and drawn (its latest snapshot). */
export async function renderedCount(page: Page): Promise<number> {
  return Number(await page.getAttribute("#messages", "data-count"));
}

/** Waits until the page has drawn every frame the board sent, and the count holds for two snapshots. */
export async function waitForDrain(h: BoardHarness, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let steady = 0;
  for (;;) {
    const sent = h.board.stats().framesSent;
    const rendered = await renderedCount(h.page);
    steady = rendered === sent ? steady + 1 : 0;
    if (steady >= 3) return rendered;
    if (Date.now() > deadline) throw new Error(`the page drew ${rendered} of ${sent} frames sent`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const path = `${artifactsDir}${name}.png`;
  await page.screenshot({ path });
  return path;
}

export { createClient };

/** Waits until the page's last price of each id equals the platform's (its LTP endpoint); fails after a while. */
export async function waitForValues(
  page: Page,
  client: ReturnType<typeof createClient>,
  ids: readonly bigint[],
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { prices } = await client.ltp(ids);
    const mismatched: string[] = [];
    for (const id of ids) {
      const shown = Number(await page.getAttribute(`tr[data-id="${id}"] td.ltp`, "data-value"));
      if (shown !== prices.get(id)?.ltp) mismatched.push(`${id}: page ${shown}, platform ${prices.get(id)?.ltp}`);
    }
    if (mismatched.length === 0) return;
    if (Date.now() > deadline) throw new Error(`prices differ: ${mismatched.join("; ")}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

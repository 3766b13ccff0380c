// JS heap of the page and of its decoding worker, each after a full GC, read over the Chrome DevTools Protocol
// (a worker has no performance.memory).
import type { Browser, CDPSession, Page } from "playwright-core";

export interface HeapReader {
  /** Used heap bytes after GC: [page, worker]. */
  read(): Promise<{ page: number; worker: number }>;
  close(): Promise<void>;
}

export async function heapReader(browser: Browser, page: Page): Promise<HeapReader> {
  const pageSession = await page.context().newCDPSession(page);
  const browserSession = await browser.newBrowserCDPSession();
  const { targetInfos } = await browserSession.send("Target.getTargets");
  const worker = targetInfos.find((target) => target.type === "worker");
  if (!worker) throw new Error("the page has no worker");
  const { sessionId } = await browserSession.send("Target.attachToTarget", {
    targetId: worker.targetId,
    flatten: false,
  });
  const workerCall = callThrough(browserSession, sessionId);
  return {
    async read() {
      await pageSession.send("HeapProfiler.collectGarbage");
      const pageHeap = await pageSession.send("Runtime.getHeapUsage");
      await workerCall("HeapProfiler.collectGarbage");
      const workerHeap = (await workerCall("Runtime.getHeapUsage")) as { usedSize: number };
      return { page: pageHeap.usedSize, worker: workerHeap.usedSize };
    },
    async close() {
      await pageSession.detach();
      await browserSession.detach();
    },
  };
}

/** Commands to a non-flattened target session, through the browser session that attached to it. */
function callThrough(browser: CDPSession, sessionId: string) {
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  browser.on("Target.receivedMessageFromTarget", (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  return (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, (result) => {
        pending.delete(id);
        resolve(result);
      });
      void browser.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) });
    });
}

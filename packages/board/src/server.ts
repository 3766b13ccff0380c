// The board's server: it holds the platform session (the app key and token never reach the page), forwards the
// feed's frames unchanged to each page over a WebSocket, and serves the page built at build time.
import { access, readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import { createClient, type InstrumentIdInput, type TickwireClient } from "@tickwire/client";
import { delimitBytes } from "@tickwire/codec";
import { exchangeSegments } from "@tickwire/proto";
import { WebSocket, WebSocketServer } from "ws";

/** The page decodes with the codec's ViewDecoder, whose 64-bit fields are numbers: exact only below 2^53. */
const VIEW_ID_LIMIT = 2n ** 53n;
/** Frames go to the page in batches (one WebSocket message of size-delimited frames) at most this far apart. */
const BATCH_MS = 10;
const BATCH_BYTES = 64 * 1024;
/** A page that falls this far behind loses frames (counted) rather than growing the server's memory. */
const PAGE_BUFFER_LIMIT = 8 * 1024 * 1024;
export const FEED_PATH = "/feed";
/** Segment names by number, from the proto package (the page shows them without loading protobuf-es). */
const SEGMENT_NAMES = Object.fromEntries(exchangeSegments.map((segment) => [segment.number, segment.name]));

export interface BoardOptions {
  /** The platform (or a sandbox): its base URL and the credentials the board's server logs in with. */
  baseUrl: string;
  userId: string;
  appKey: string;
  /** The market-data socket, when it is not derived from baseUrl. */
  wsUrl?: string;
  /** Instruments to show (ids below 2^53; larger ones are listed as refused). */
  instrumentIds: Iterable<InstrumentIdInput>;
  /** Loopback by default: the page is for the person at this machine. */
  host?: string;
  port?: number;
}

export interface BoardInstrument {
  id: string;
  name: string;
  /** Last traded price from the REST API at start, until the feed moves it. */
  ltp: number | null;
}

export interface BoardStats {
  /** Frames forwarded to pages (each page gets every frame; this counts frames, not frames x pages). */
  framesSent: number;
  /** Frames a page lost because it fell behind by more than 8 MiB. */
  framesDropped: number;
  pages: number;
  upstream: { state: string; reconnects: number; decodeErrors: number };
}

export interface Board {
  /** The page, e.g. http://127.0.0.1:43125/ */
  readonly url: string;
  readonly instruments: readonly BoardInstrument[];
  /** Requested ids the board cannot show, with the reason. */
  readonly refused: readonly { id: string; reason: string }[];
  stats(): BoardStats;
  close(): Promise<void>;
}

// The page as the build left it; the same path from src/ (tests through tsx) and from dist/.
const WEB_DIR = fileURLToPath(new URL("../dist/web/", import.meta.url));
const STATIC: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/worker.js": { file: "worker.js", type: "text/javascript; charset=utf-8" },
  "/board.css": { file: "board.css", type: "text/css; charset=utf-8" },
};
// The page loads nothing from anywhere else; a script or style slipped in from elsewhere would not run.
/**
 * Cross-origin isolation: it gives the page a fine-grained performance.now() (coarsened to 100 us otherwise),
 * which the per-message decode time needs.
 */
const ISOLATION = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";

export async function startBoard(options: BoardOptions): Promise<Board> {
  const accepted: bigint[] = [];
  const refused: { id: string; reason: string }[] = [];
  for (const raw of options.instrumentIds) {
    const id = BigInt(raw);
    if (id < 0n || id >= VIEW_ID_LIMIT) refused.push({ id: String(id), reason: "ids of 2^53 or more are not shown" });
    else accepted.push(id);
  }
  if (accepted.length === 0) throw new TypeError("startBoard: no instrument below 2^53 to show");
  try {
    await access(`${WEB_DIR}index.html`);
  } catch {
    throw new Error(`startBoard: the page is not built (no ${WEB_DIR}index.html): run the package's build`);
  }

  const client: TickwireClient = createClient({
    baseUrl: options.baseUrl,
    userId: options.userId,
    appKey: options.appKey,
    ...(options.wsUrl === undefined ? {} : { wsUrl: options.wsUrl }),
  });
  let instruments: BoardInstrument[];
  try {
    const { prices } = await client.ltp(accepted);
    instruments = accepted.map((id) => {
      const entry = prices.get(id);
      return { id: String(id), name: entry?.instrumentName ?? String(id), ltp: entry?.ltp ?? null };
    });
  } catch (error) {
    await client.close();
    throw error;
  }

  const pages = new Set<WebSocket>();
  let framesSent = 0;
  let framesDropped = 0;
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (batch.length === 0) return;
    const frames = batch.length;
    const message = Buffer.concat(batch, batchBytes);
    batch = [];
    batchBytes = 0;
    framesSent += frames;
    for (const page of pages) {
      if (page.readyState !== WebSocket.OPEN) continue;
      if (page.bufferedAmount > PAGE_BUFFER_LIMIT) framesDropped += frames;
      else page.send(message, { binary: true });
    }
  };

  const feed = client.marketData({ instrumentIds: accepted, format: "binary" });
  // The frame's own bytes, never re-encoded: the page decodes exactly what the platform sent.
  feed.on("frame", (bytes) => {
    if (pages.size === 0) return;
    const framed = delimitBytes(bytes);
    batch.push(framed);
    batchBytes += framed.length;
    if (batchBytes >= BATCH_BYTES) flush();
    else timer ??= setTimeout(flush, BATCH_MS);
  });
  feed.on("error", () => {});

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  sockets.on("error", () => {});
  sockets.on("connection", (page) => {
    pages.add(page);
    page.on("error", () => page.terminate());
    page.on("close", () => pages.delete(page));
  });

  const server = createServer((request, response) => {
    void answer(request, response).catch(() => {
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    if (new URL(request.url ?? "/", "http://board").pathname !== FEED_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    sockets.handleUpgrade(request, socket, head, (page) => sockets.emit("connection", page, request));
  });

  const stats = (): BoardStats => {
    const upstream = feed.stats();
    return {
      framesSent,
      framesDropped,
      pages: pages.size,
      upstream: { state: upstream.state, reconnects: upstream.reconnects, decodeErrors: upstream.decodeErrors },
    };
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    request.on("error", () => {});
    response.on("error", () => {});
    const path = new URL(request.url ?? "/", "http://board").pathname;
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    if (path === "/api/board") {
      json(response, { instruments, refused, feedPath: FEED_PATH, segments: SEGMENT_NAMES });
      return;
    }
    if (path === "/api/stats") {
      json(response, stats());
      return;
    }
    const entry = STATIC[path];
    if (entry === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const body = await readFile(WEB_DIR + entry.file);
    response.writeHead(200, {
      "content-type": entry.type,
      "content-security-policy": CONTENT_SECURITY_POLICY,
      ...ISOLATION,
      "cache-control": "no-store",
    });
    response.end(request.method === "HEAD" ? undefined : body);
  }

  const host = options.host ?? "127.0.0.1";
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await client.close();
    throw error;
  }
  server.on("error", () => {});
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;

  let closing: Promise<void> | undefined;
  return {
    url,
    instruments,
    refused,
    stats,
    close() {
      closing ??= (async () => {
        if (timer !== undefined) clearTimeout(timer);
        for (const page of pages) page.terminate();
        sockets.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await client.close();
      })();
      return closing;
    },
  };
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

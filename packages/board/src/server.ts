// The board's server: it holds the platform session (the app key and token never reach the page), forwards the
// feed's frames unchanged to each page over a WebSocket, keeps a snapshot for pages that connect later, tells the
// pages what the platform feed is doing, and serves the page built at build time, to its own origin only.
import { randomUUID } from "node:crypto";
import { access, readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import { createClient, type InstrumentIdInput, type TickwireClient } from "@tickwire/client";
import { delimitBytes } from "@tickwire/codec";
import { exchangeSegments } from "@tickwire/proto";
import { WebSocketServer } from "ws";
import { accessCheck } from "./access.js";
import { describeInstruments, type InstrumentDetails, parseId } from "./instruments.js";
import { batchMessage, Pages } from "./pages.js";
import type { BoardInfo, InstrumentInfo, UpstreamState } from "./protocol.js";
import { FrameSnapshot } from "./snapshot.js";

/** Frames go to the page in batches (one WebSocket message of size-delimited frames) at most this far apart. */
const BATCH_MS = 10;
const BATCH_BYTES = 64 * 1024;
export const FEED_PATH = "/feed";
/** Segment names by number, from the proto package (the page shows them without loading protobuf-es). */
const SEGMENT_NAMES = Object.fromEntries(exchangeSegments.map((segment) => [segment.number, segment.name]));
const RESOLVE_BODY_LIMIT = 16 * 1024;

export interface BoardOptions {
  /** The platform (or a sandbox): its base URL and the credentials the board's server logs in with. */
  baseUrl: string;
  userId: string;
  appKey: string;
  /** The market-data socket, when it is not derived from baseUrl. */
  wsUrl?: string;
  /** Instruments to show (ids below 2^53; larger ones are listed as refused, by name). */
  instrumentIds: Iterable<InstrumentIdInput>;
  /** Segment and price step per instrument, which the platform's REST API does not give. */
  instrumentDetails?: Iterable<InstrumentDetails>;
  /** Loopback by default: the page is for the person at this machine. */
  host?: string;
  port?: number;
  /** Host names the page may be loaded under besides loopback ones (and `host`), e.g. a machine's DNS name. */
  allowedHosts?: readonly string[];
  /** The page marks prices stale when no feed message has arrived for this long (default 5000 ms). */
  staleAfterMs?: number;
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
  /** The requested instruments the platform knows and the page can show. */
  readonly instruments: readonly BoardInstrument[];
  /** Requested ids the board cannot show, with the reason in plain words. */
  readonly refused: readonly { id: string; reason: string }[];
  /** Requested ids the platform's LTP endpoint does not know (the page lists them as unknown). */
  readonly unknown: readonly string[];
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
/**
 * Cross-origin isolation: it gives the page a fine-grained performance.now() (coarsened to 100 us otherwise),
 * which the per-message decode time needs.
 */
const ISOLATION = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
// The page loads nothing from anywhere else; a script or style slipped in from elsewhere would not run.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";

export async function startBoard(options: BoardOptions): Promise<Board> {
  const requested = [...new Set([...options.instrumentIds].map((raw) => parseId(raw)))];
  const details = new Map<string, InstrumentDetails>();
  for (const detail of options.instrumentDetails ?? []) details.set(String(parseId(detail.id)), detail);
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
  let known: InstrumentInfo[];
  try {
    known = await describeInstruments(client, requested, details);
  } catch (error) {
    await client.close();
    throw error;
  }
  const subscribable = (info: InstrumentInfo) => info.shown && info.name !== null;
  if (!known.some(subscribable)) {
    await client.close();
    throw new TypeError("startBoard: no instrument to show (every id is unknown to the platform or 2^53 or more)");
  }

  const serverId = randomUUID();
  const now = () => performance.timeOrigin + performance.now();
  const upstream: UpstreamState = {
    state: "connecting",
    attempt: 0,
    since: Date.now(),
    reconnects: 0,
    lastFrameAt: null,
  };
  const snapshot = new FrameSnapshot();
  const pages = new Pages(
    serverId,
    options.staleAfterMs ?? 5000,
    () => ({ ...upstream }),
    () => snapshot.frames(),
  );
  let framesSent = 0;
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let batchReceivedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (batch.length === 0) return;
    const frames = batch.length;
    const message = batchMessage(batchReceivedAt, batch, batchBytes);
    batch = [];
    batchBytes = 0;
    framesSent += frames;
    pages.broadcast(message, frames);
  };

  const feed = client.marketData({
    instrumentIds: known.filter(subscribable).map((i) => BigInt(i.id)),
    format: "binary",
  });
  // The frame's own bytes, never re-encoded: the page decodes exactly what the platform sent.
  feed.on("frame", (bytes, message) => {
    const receivedAt = now();
    upstream.lastFrameAt = Date.now();
    const framed = delimitBytes(bytes);
    snapshot.keep(framed, message);
    if (pages.size === 0) return;
    if (batch.length === 0) batchReceivedAt = receivedAt;
    batch.push(framed);
    batchBytes += framed.length;
    if (batchBytes >= BATCH_BYTES) flush();
    else timer ??= setTimeout(flush, BATCH_MS);
  });
  const changeState = (state: UpstreamState["state"], attempt: number) => {
    if (upstream.state !== state) upstream.since = Date.now();
    upstream.state = state;
    upstream.attempt = attempt;
    pages.notify({ type: "upstream", upstream: { ...upstream } });
  };
  feed.on("open", () => changeState("open", 0));
  feed.on("reconnecting", ({ attempt }) => {
    upstream.reconnects++;
    changeState("reconnecting", attempt);
  });
  feed.on("error", () => {});

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  sockets.on("error", () => {});
  sockets.on("connection", (page) => pages.add(page));

  let port = 0;
  const allowed = accessCheck(options.host ?? "127.0.0.1", () => port, options.allowedHosts);
  const server = createServer((request, response) => {
    void answer(request, response).catch(() => {
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const refuse = (status: string) =>
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    if (!allowed.host(request.headers.host) || !allowed.origin(request.headers.origin, false)) {
      refuse("403 Forbidden");
      return;
    }
    if (new URL(request.url ?? "/", "http://board").pathname !== FEED_PATH) {
      refuse("404 Not Found");
      return;
    }
    sockets.handleUpgrade(request, socket, head, (page) => sockets.emit("connection", page, request));
  });

  const stats = (): BoardStats => {
    const feedStats = feed.stats();
    return {
      framesSent,
      framesDropped: pages.framesDropped,
      pages: pages.size,
      upstream: { state: feedStats.state, reconnects: feedStats.reconnects, decodeErrors: feedStats.decodeErrors },
    };
  };

  /** Ids a page adds: described once, subscribed when the platform knows them and the page can show them. */
  async function resolve(ids: bigint[]): Promise<InstrumentInfo[]> {
    const fresh = ids.filter((id) => !known.some((info) => info.id === String(id)));
    const described = await describeInstruments(client, fresh, details);
    known = [...known, ...described];
    const subscribe = described.filter(subscribable).map((info) => BigInt(info.id));
    if (subscribe.length > 0) feed.subscribe(subscribe);
    return ids.map((id) => known.find((info) => info.id === String(id)) as InstrumentInfo);
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    request.on("error", () => {});
    response.on("error", () => {});
    const path = new URL(request.url ?? "/", "http://board").pathname;
    const post = request.method === "POST";
    if (!allowed.host(request.headers.host) || !allowed.origin(request.headers.origin, post)) {
      response.writeHead(403, { "content-type": "text/plain" }).end("forbidden: not this board's host or origin");
      return;
    }
    if (post && path === "/api/resolve") {
      const ids = await readIds(request);
      if (ids === undefined) {
        response.writeHead(400, { "content-type": "text/plain" }).end('expected {"ids": ["<uint64>", ...]}');
        return;
      }
      json(response, await resolve(ids));
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD, POST" }).end();
      return;
    }
    if (path === "/api/board") {
      json(response, {
        serverId,
        instruments: known,
        feedPath: FEED_PATH,
        segments: SEGMENT_NAMES,
      } satisfies BoardInfo);
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
    pages.close();
    await client.close();
    throw error;
  }
  server.on("error", () => {});
  port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;

  let closing: Promise<void> | undefined;
  return {
    url,
    instruments: known.filter(subscribable).map((info) => ({ id: info.id, name: info.name ?? info.id, ltp: info.ltp })),
    refused: known.filter((info) => !info.shown).map((info) => ({ id: info.id, reason: info.reason ?? "" })),
    unknown: known.filter((info) => info.shown && info.name === null).map((info) => info.id),
    stats,
    close() {
      closing ??= (async () => {
        if (timer !== undefined) clearTimeout(timer);
        pages.close();
        sockets.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await client.close();
      })();
      return closing;
    },
  };
}

async function readIds(request: IncomingMessage): Promise<bigint[] | undefined> {
  let body = "";
  for await (const chunk of request) {
    body += chunk;
    if (body.length > RESOLVE_BODY_LIMIT) return undefined;
  }
  try {
    const parsed = JSON.parse(body) as { ids?: unknown };
    if (!Array.isArray(parsed.ids) || parsed.ids.length === 0) return undefined;
    return parsed.ids.map((raw) => parseId(String(raw)));
  } catch {
    return undefined;
  }
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

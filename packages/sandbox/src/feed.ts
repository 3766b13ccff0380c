// The market-data WebSocket (docs/platform.md): /md-streaming/ws?key=<token>, JSON subscribe and unsubscribe, one
// MarketDataMessageBase per frame as base64 TEXT (default) or raw BINARY (`&format=binary`), text "ping" heartbeats,
// {"type":"error"} notices, and the socket closed when its token expires.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { parseJson } from "@tickwire/rest-schemas";
import type { Logger } from "pino";
import { WebSocket, WebSocketServer } from "ws";
import type { FeedFrame } from "./frame.js";
import { errorTypeOf, type ResponseForm } from "./http.js";
import { scrub } from "./logging.js";
import { TOKEN_FAILURE_MESSAGES, type TokenClaims, type TokenService } from "./tokens.js";
import { SocketBatch, TickFrames, textFrame } from "./wire-frames.js";

export const FEED_PATH = "/md-streaming/ws";
/** Close codes: the token expired; the client could not keep up (policy violation); server shutdown is 1001. */
export const CLOSE_TOKEN_EXPIRED = 4001;
export const CLOSE_SLOW_CONSUMER = 1008;

export interface SlowConsumerPolicy {
  /** While a socket's bufferedAmount is above this many bytes, new frames for it are dropped (default 1 MiB). */
  highWaterMark: number;
  /** A socket that drops more than this many frames in a row, without draining below the mark, is closed (default 50,000). */
  maxConsecutiveDrops: number;
}

export interface FeedOptions {
  tokens: TokenService;
  logger: Logger;
  /** Whether an instrument id exists: subscriptions to unknown ids are refused with an error frame. */
  knows: (id: bigint) => boolean;
  heartbeatMs: number;
  /** What the server answers to a client's "ping": nothing (default), "ping" or "pong". */
  pingReply: "none" | "ping" | "pong";
  slowConsumer: SlowConsumerPolicy;
  maxSubscriptions: number;
  /** "envelope": a refused upgrade's JSON body carries `error_type`, as the REST error bodies do. */
  responseForm: ResponseForm;
}

const UINT64_MAX = (1n << 64n) - 1n;

class Connection {
  readonly subscriptions = new Set<bigint>();
  /** Frames dropped over the socket's life, and in the current run while over the high-water mark. */
  dropped = 0;
  droppedInRun = 0;
  lastFrame: FeedFrame | undefined;
  expiry: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: WebSocket,
    readonly claims: TokenClaims,
    readonly binary: boolean,
  ) {}
}

export interface FeedStats {
  connections: number;
  dropped: number;
  slowConsumerDisconnects: number;
}

export class FeedHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });
  private readonly connections = new Set<Connection>();
  private readonly subscribers = new Map<bigint, Set<Connection>>();
  private readonly heartbeat: NodeJS.Timeout;
  private droppedClosed = 0;
  private slowConsumerDisconnects = 0;

  constructor(private readonly options: FeedOptions) {
    this.heartbeat = setInterval(() => {
      for (const c of this.connections) if (c.socket.readyState === WebSocket.OPEN) c.socket.send("ping");
    }, options.heartbeatMs);
  }

  stats(): FeedStats {
    let dropped = this.droppedClosed;
    for (const c of this.connections) dropped += c.dropped;
    return { connections: this.connections.size, dropped, slowConsumerDisconnects: this.slowConsumerDisconnects };
  }

  /** Answers an HTTP upgrade: the token is checked before the handshake, and a failure is a plain 401. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? "/", "http://sandbox.invalid");
    const log = this.options.logger.child({ url: scrub(request.url ?? "") });
    // Node's HTTP server drops its own 'error' listener from a socket it hands to 'upgrade': until ws takes the
    // socket over, a client that resets it (the vendor's clients do, after a refused reconnect) would otherwise
    // raise an unhandled ECONNRESET and bring the whole server down.
    const onSocketError = (error: Error) => {
      log.debug({ err: error }, "feed upgrade socket error");
      socket.destroy();
    };
    socket.on("error", onSocketError);
    if (url.pathname !== FEED_PATH) {
      this.refuseUpgrade(socket, 404, `No WebSocket service at ${url.pathname}`);
      return;
    }
    const format = url.searchParams.get("format") ?? "base64";
    if (format !== "base64" && format !== "binary") {
      this.refuseUpgrade(socket, 400, 'format must be "base64" or "binary"');
      return;
    }
    this.options.tokens.verify(url.searchParams.get("key") ?? undefined).then(
      (check) => {
        if (!check.ok) {
          log.info({ reason: check.reason }, "feed upgrade refused");
          this.refuseUpgrade(socket, 401, TOKEN_FAILURE_MESSAGES[check.reason]);
          return;
        }
        if (socket.destroyed) return;
        this.wss.handleUpgrade(request, socket, head, (ws) => {
          // From here the WebSocket owns the socket and listens for its errors.
          socket.off("error", onSocketError);
          this.accept(ws, check.claims, format === "binary");
        });
      },
      (error: unknown) => {
        log.error({ err: error }, "feed upgrade failed");
        this.refuseUpgrade(socket, 500, "Internal server error");
      },
    );
  }

  private refuseUpgrade(socket: Duplex, status: number, message: string): void {
    rejectUpgrade(socket, status, message, this.options.responseForm === "envelope" ? errorTypeOf(status) : undefined);
  }

  private accept(socket: WebSocket, claims: TokenClaims, binary: boolean): void {
    const connection = new Connection(socket, claims, binary);
    this.connections.add(connection);
    this.options.logger.info({ userId: claims.sub, binary }, "feed connected");
    this.scheduleExpiry(connection);
    socket.on("message", (data, isBinary) => this.onMessage(connection, data, isBinary));
    socket.on("error", (error) => this.options.logger.warn({ err: error }, "feed socket error"));
    socket.on("close", () => this.forget(connection));
  }

  /** Closes the socket at the token's `exp`. setTimeout holds at most 2^31-1 ms, so long lifetimes re-arm. */
  private scheduleExpiry(connection: Connection): void {
    const delay = connection.claims.exp * 1000 - this.options.tokens.now();
    if (delay <= 0) {
      connection.socket.close(CLOSE_TOKEN_EXPIRED, "token expired");
      return;
    }
    connection.expiry = setTimeout(() => this.scheduleExpiry(connection), Math.min(delay, 2 ** 31 - 1));
  }

  private forget(connection: Connection): void {
    clearTimeout(connection.expiry);
    if (!this.connections.delete(connection)) return;
    this.droppedClosed += connection.dropped;
    for (const id of connection.subscriptions) this.unsubscribe(connection, id);
    this.options.logger.info({ userId: connection.claims.sub, dropped: connection.dropped }, "feed disconnected");
  }

  private unsubscribe(connection: Connection, id: bigint): void {
    connection.subscriptions.delete(id);
    const set = this.subscribers.get(id);
    set?.delete(connection);
    if (set?.size === 0) this.subscribers.delete(id);
  }

  private sendError(connection: Connection, message: string): void {
    if (connection.socket.readyState === WebSocket.OPEN) {
      connection.socket.send(JSON.stringify({ type: "error", message }));
    }
  }

  private onMessage(connection: Connection, data: WebSocket.RawData, isBinary: boolean): void {
    if (isBinary) {
      this.sendError(
        connection,
        "binary frames are not accepted: send subscribe and unsubscribe requests as JSON text",
      );
      return;
    }
    const text = data.toString();
    if (text === "ping") {
      if (this.options.pingReply !== "none") connection.socket.send(this.options.pingReply);
      return;
    }
    const request = parseRequest(text);
    if (typeof request === "string") {
      this.sendError(connection, request);
      return;
    }
    const unknown = request.ids.filter((id) => !this.options.knows(id));
    const known = request.ids.filter((id) => this.options.knows(id));
    if (request.action === "subscribe") {
      for (const id of known) {
        if (connection.subscriptions.has(id)) continue;
        if (connection.subscriptions.size >= this.options.maxSubscriptions) {
          this.sendError(
            connection,
            `subscription limit reached: at most ${this.options.maxSubscriptions} instruments`,
          );
          break;
        }
        connection.subscriptions.add(id);
        const set = this.subscribers.get(id);
        if (set) set.add(connection);
        else this.subscribers.set(id, new Set([connection]));
      }
    } else {
      for (const id of known) this.unsubscribe(connection, id);
    }
    if (unknown.length > 0) this.sendError(connection, `unknown instrument ids: ${unknown.join(", ")}`);
  }

  /**
   * Sends each frame to the subscribers of any instrument it carries, once each, in order: every frame is encoded as
   * a WebSocket frame once per format, and each socket gets its frames of the tick in one write.
   */
  publish(frames: readonly FeedFrame[]): void {
    if (this.subscribers.size === 0) return;
    let text: TickFrames | undefined;
    let binary: TickFrames | undefined;
    const batches = new Map<Connection, SocketBatch>();
    for (let index = 0; index < frames.length; index++) {
      const frame = frames[index];
      for (const id of frame.ids) {
        const set = this.subscribers.get(id);
        if (!set) continue;
        for (const connection of set) {
          if (connection.lastFrame === frame) continue;
          connection.lastFrame = frame;
          if (connection.socket.readyState !== WebSocket.OPEN) continue;
          let batch = batches.get(connection);
          if (!batch) {
            batch = new SocketBatch();
            batches.set(connection, batch);
          }
          if (!this.admit(connection, batch)) continue;
          let encoded: TickFrames;
          if (connection.binary) {
            binary ??= new TickFrames(frames, true);
            encoded = binary;
          } else {
            text ??= new TickFrames(frames, false);
            encoded = text;
          }
          const start = encoded.start(index);
          batch.add(encoded.bytes, start, encoded.end(index));
        }
      }
    }
    for (const [connection, batch] of batches) {
      const bytes = batch.take();
      const transport = transportOf(connection.socket);
      if (bytes && transport && connection.socket.readyState === WebSocket.OPEN) transport.write(bytes);
    }
  }

  /**
   * The slow-consumer policy: above the high-water mark a frame is dropped and counted rather than queued, so a
   * socket's buffer never holds much more than the mark (what the socket holds and what this tick adds to it). When
   * the buffer drains, the client gets one error frame saying how many frames it lost, before the next frame; a client
   * that stays behind for too many frames is disconnected.
   */
  private admit(connection: Connection, batch: SocketBatch): boolean {
    const { socket } = connection;
    const policy = this.options.slowConsumer;
    if (socket.bufferedAmount + batch.bytes > policy.highWaterMark) {
      connection.dropped++;
      connection.droppedInRun++;
      if (connection.droppedInRun > policy.maxConsecutiveDrops) {
        this.slowConsumerDisconnects++;
        this.options.logger.warn(
          { userId: connection.claims.sub, dropped: connection.dropped },
          "slow consumer closed",
        );
        socket.close(CLOSE_SLOW_CONSUMER, "slow consumer");
        // A client this far behind will not read the close frame soon either: free its buffers shortly after.
        setTimeout(() => socket.terminate(), 1000).unref();
      }
      return false;
    }
    if (connection.droppedInRun > 0) {
      const message = `slow consumer: ${connection.droppedInRun} messages dropped while more than ${policy.highWaterMark} bytes were unsent`;
      batch.addFrame(textFrame(JSON.stringify({ type: "error", message })));
      connection.droppedInRun = 0;
    }
    return true;
  }

  /** Closes every open feed socket with `code` (the sockets of revoked tokens); returns how many. */
  closeAll(code: number, reason: string): number {
    let count = 0;
    for (const c of this.connections) {
      if (c.socket.readyState !== WebSocket.OPEN) continue;
      c.socket.close(code, reason);
      count++;
    }
    return count;
  }

  /** Closes every socket (1001, going away) and stops the heartbeat. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    const closing = [...this.connections].map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.socket.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            c.socket.terminate();
            resolve();
          }, 1000);
          c.socket.once("close", () => {
            clearTimeout(timer);
            resolve();
          });
          c.socket.close(1001, "server shutting down");
        }),
    );
    await Promise.all(closing);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

/**
 * The TCP socket under a ws WebSocket (`_socket`, stable across ws 8); undefined once it is gone. Feed frames are
 * written to it as whole WebSocket frames: without per-message deflate, ws writes its own frames (pings, notices,
 * the close) to it at once too, so the two never interleave inside a frame, and `bufferedAmount` counts both.
 */
function transportOf(socket: WebSocket): { write(bytes: Uint8Array): boolean } | undefined {
  const transport = (socket as unknown as { _socket?: { write(bytes: Uint8Array): boolean; destroyed?: boolean } })
    ._socket;
  return transport && !transport.destroyed ? transport : undefined;
}

/** Answers a refused upgrade and frees the socket once the answer is written, whether or not the client closes. */
function rejectUpgrade(socket: Duplex, status: number, message: string, errorType: string | undefined): void {
  if (socket.destroyed) return;
  socket.once("finish", () => socket.destroy());
  const body = JSON.stringify({ status: "error", message, ...(errorType ? { error_type: errorType } : {}) });
  const reason = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 500: "Internal Server Error" }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n${status === 401 ? 'WWW-Authenticate: Bearer error="invalid_token"\r\n' : ""}\r\n${body}`,
  );
}

/** A subscribe or unsubscribe request, or the text of what is wrong with it. Ids are parsed losslessly. */
function parseRequest(text: string): { action: "subscribe" | "unsubscribe"; ids: bigint[] } | string {
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    return `request is not JSON: ${(error as Error).message}`;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "request must be a JSON object";
  const { action, instrumentIds } = value as Record<string, unknown>;
  if (action !== "subscribe" && action !== "unsubscribe") {
    return `action must be "subscribe" or "unsubscribe", received ${JSON.stringify(action) ?? "nothing"}`;
  }
  if (!Array.isArray(instrumentIds) || instrumentIds.length === 0) return "instrumentIds must be a non-empty array";
  const ids: bigint[] = [];
  for (const [index, raw] of instrumentIds.entries()) {
    // Numbers as the platform documents them; digit strings too, for clients that guard ids from JSON.parse.
    const id =
      typeof raw === "bigint"
        ? raw
        : Number.isSafeInteger(raw)
          ? BigInt(raw as number)
          : typeof raw === "string" && /^[0-9]{1,20}$/.test(raw)
            ? BigInt(raw)
            : undefined;
    if (id === undefined || id < 0n || id > UINT64_MAX) {
      return `instrumentIds[${index}] must be an unsigned 64-bit integer written as digits`;
    }
    ids.push(id);
  }
  return { action, ids };
}

// One feed's connection to the platform, as a state machine: connect (a URL with a currently valid token), open
// (resubscribe, start pinging), frames (heartbeats and notices handled here, data handed to the feed), close (which
// token to drop, when to come back), the stall watchdog and the reconnect backoff. What the frames mean, who listens
// and what is counted per message is the feed's (market-data.ts): the split undici makes between its dispatcher and
// its HTTP/1 connection.
import { backoffDelay } from "../backoff.js";
import { AuthError, NetworkError } from "../errors.js";
import type { Log, Redactor } from "../redact.js";
import type { TokenSession } from "../session.js";
import type { ConnectionOptions } from "./options.js";
import { closeSocket, detach, handshakeStatus, terminate, type WebSocketSource } from "./socket.js";

export type FeedState = "connecting" | "open" | "reconnecting" | "closed";

export interface ConnectionContext {
  session: TokenSession;
  sockets: WebSocketSource;
  wsUrl: string;
  random: () => number;
  redactor: Redactor;
  log: Log;
}

/** What the connection asks of its feed. */
export interface ConnectionHost {
  /** A connection opened: send every subscription again. */
  resubscribe(): void;
  /** A data frame: base64 text or binary bytes. */
  data(frame: string | Uint8Array): void;
  emit(event: "open" | "disconnect" | "reconnecting" | "serverError", args: unknown[]): void;
  /** A problem for "error" listeners or the log; never thrown. */
  report(error: unknown): void;
}

/** The connection's counters (part of the feed's stats). */
export interface ConnectionStats {
  connections: number;
  reconnects: number;
  reconnectAttempts: number;
  serverErrors: number;
  pingsReceived: number;
  pingsSent: number;
  stalls: number;
}

/** A "ping" is answered only if we sent none this recently: two peers that both echo cannot ping-pong forever. */
const PING_REPLY_MIN_INTERVAL_MS = 1000;
/** How long close() waits for the closing handshake before cutting the connection. */
const CLOSE_GRACE_MS = 1000;
const CLOSE_TOKEN_EXPIRED = 4001;

export class FeedConnection {
  readonly stats: ConnectionStats = {
    connections: 0,
    reconnects: 0,
    reconnectAttempts: 0,
    serverErrors: 0,
    pingsReceived: 0,
    pingsSent: 0,
    stalls: 0,
  };
  readonly #ctx: ConnectionContext;
  readonly #options: ConnectionOptions;
  readonly #host: ConnectionHost;
  #state: FeedState = "connecting";
  #socket: WebSocket | undefined;
  #socketToken: string | undefined;
  #opened = false;
  #flowing = false;
  #handshakeStatus: number | undefined;
  #handshakeFailures = 0;
  #attempt = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #stallTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  #lastActivity = 0;
  #lastPingSent = 0;

  constructor(context: ConnectionContext, options: ConnectionOptions, host: ConnectionHost) {
    this.#ctx = context;
    this.#options = options;
    this.#host = host;
  }

  get state(): FeedState {
    return this.#state;
  }

  /** Whether a connection is open now (subscriptions sent now reach the platform). */
  get opened(): boolean {
    return this.#opened;
  }

  /** Connects on the next microtask: the feed's constructor returns first, so listeners can be added. */
  start(): void {
    queueMicrotask(() => void this.#connect());
  }

  /** Data flowed: the next reconnect counts its attempts from the start again. */
  flowing(): void {
    if (!this.#flowing) {
      this.#flowing = true;
      this.#attempt = 0;
    }
  }

  /** Sends a text frame on an open connection; false if there is none or the send failed (reported). */
  send(text: string): boolean {
    const socket = this.#socket;
    if (socket === undefined || socket.readyState !== 1 /* OPEN */) return false;
    try {
      socket.send(text);
      return true;
    } catch (error) {
      this.#host.report(error);
      return false;
    }
  }

  /** Ends the state machine for good: timers stopped, the socket forgotten. Resolves when the socket has closed. */
  close(): Promise<void> {
    this.#state = "closed";
    clearTimeout(this.#reconnectTimer);
    this.#stopConnectionTimers();
    const socket = this.#socket;
    this.#socket = undefined;
    this.#opened = false;
    return socket ? closeSocket(socket, 1000, "client closing", CLOSE_GRACE_MS) : Promise.resolve();
  }

  /** A method, not a field read, so TypeScript does not narrow the state across an await. */
  #isClosed(): boolean {
    return this.#state === "closed";
  }

  async #connect(): Promise<void> {
    if (this.#state === "closed") return;
    let token: string;
    let Impl: Awaited<ReturnType<WebSocketSource["get"]>>;
    try {
      token = await this.#ctx.session.token();
      Impl = await this.#ctx.sockets.get();
    } catch (error) {
      if (this.#isClosed()) return;
      this.#host.report(error);
      this.#scheduleReconnect(false, error instanceof AuthError ? error.retryAfterMs : undefined);
      return;
    }
    if (this.#isClosed()) return;
    // Built afresh on every attempt, with the token of this moment: never a stale URL (docs/platform.md).
    const url = new URL(this.#ctx.wsUrl);
    url.searchParams.set("key", token);
    if (this.#options.binary) url.searchParams.set("format", "binary");
    let socket: WebSocket;
    try {
      socket = new Impl(url.href);
    } catch (error) {
      this.#host.report(
        new NetworkError("could not create the feed socket", "NETWORK", {
          cause: this.#ctx.redactor.copyError(error),
        }),
      );
      this.#scheduleReconnect(false);
      return;
    }
    socket.binaryType = "arraybuffer";
    this.#socket = socket;
    this.#socketToken = token;
    this.#opened = false;
    this.#flowing = false;
    this.#handshakeStatus = undefined;
    socket.onopen = () => this.#onOpen(socket);
    socket.onmessage = (event) => this.#onFrame(socket, event.data);
    socket.onerror = (event) => {
      if (socket === this.#socket && !this.#opened) this.#handshakeStatus = handshakeStatus(event);
    };
    socket.onclose = (event) => this.#onClose(socket, event.code, event.reason);
    this.#lastActivity = Date.now();
    this.#armStallWatchdog();
  }

  #onOpen(socket: WebSocket): void {
    if (socket !== this.#socket) return;
    this.#opened = true;
    this.#state = "open";
    this.#handshakeFailures = 0;
    this.stats.connections++;
    if (this.stats.connections > 1) this.stats.reconnects++;
    this.#lastActivity = Date.now();
    this.#host.resubscribe();
    const pingIntervalMs = this.#options.pingIntervalMs;
    if (pingIntervalMs > 0) this.#pingTimer = setInterval(() => this.#sendPing(), pingIntervalMs);
    this.#ctx.log("info", "feed connected", { connection: this.stats.connections });
    this.#host.emit("open", []);
  }

  #onFrame(socket: WebSocket, data: unknown): void {
    if (socket !== this.#socket) return;
    this.#lastActivity = Date.now();
    if (typeof data === "string") {
      // "ping" (and "pong") are valid base64: heartbeats and JSON notices are filtered before decoding.
      if (data === "ping") {
        this.stats.pingsReceived++;
        if (Date.now() - this.#lastPingSent >= PING_REPLY_MIN_INTERVAL_MS) this.#sendPing();
        return;
      }
      if (data === "pong") return;
      if (data.startsWith("{")) {
        this.#onNotice(data);
        return;
      }
      this.#host.data(data);
      return;
    }
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : undefined;
    if (bytes !== undefined) this.#host.data(bytes);
  }

  #onNotice(text: string): void {
    let message = text;
    try {
      const notice = JSON.parse(text) as { type?: unknown; message?: unknown };
      if (notice.type !== "error") return;
      if (typeof notice.message === "string") message = notice.message;
    } catch {
      // Not JSON after all: report the text as it came.
    }
    this.stats.serverErrors++;
    const safe = this.#ctx.redactor.scrub(message);
    this.#ctx.log("warn", "feed server error", { message: safe });
    this.#host.emit("serverError", [safe]);
  }

  #onClose(socket: WebSocket, code: number, reason: string): void {
    if (socket !== this.#socket) return;
    const opened = this.#opened;
    const status = this.#handshakeStatus;
    const token = this.#socketToken;
    this.#dropSocket();
    if (this.#state === "closed") return;
    if (token !== undefined) {
      if (code === CLOSE_TOKEN_EXPIRED) {
        this.#ctx.session.invalidate(token);
      } else if (!opened) {
        // A refused handshake: `ws` tells the status (401: the token), a browser's WebSocket does not. Without a
        // status, a second failure in a row with the same token is taken as the token's fault: log in again.
        this.#handshakeFailures++;
        if (status === 401 || (status === undefined && this.#handshakeFailures >= 2)) {
          this.#ctx.session.invalidate(token);
        }
        const said = status === undefined ? "" : ` (HTTP ${status})`;
        this.#host.report(new NetworkError(`the feed connection failed${said}`, "NETWORK"));
      }
    }
    const safeReason = this.#ctx.redactor.scrub(reason);
    this.#ctx.log("info", "feed disconnected", { code, reason: safeReason, opened });
    this.#host.emit("disconnect", [{ code, reason: safeReason, opened, ...(status === undefined ? {} : { status }) }]);
    // A token that expired on an open, healthy connection is routine: reconnect at once with a new login.
    this.#scheduleReconnect(code === CLOSE_TOKEN_EXPIRED && opened);
  }

  #scheduleReconnect(immediately: boolean, atLeastMs = 0): void {
    if (this.#state === "closed" || this.#reconnectTimer !== undefined) return;
    const attempt = this.#attempt++;
    const delay = Math.max(
      immediately && attempt === 0 ? 0 : backoffDelay(this.#options.reconnect, attempt, this.#ctx.random()),
      atLeastMs,
    );
    this.#state = "reconnecting";
    this.stats.reconnectAttempts++;
    this.#host.emit("reconnecting", [{ attempt: attempt + 1, delayMs: delay }]);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      this.#state = "connecting";
      void this.#connect();
    }, delay);
  }

  /** Forgets the current socket: timers stopped, handlers detached. The caller closes or terminates it. */
  #dropSocket(): WebSocket | undefined {
    const socket = this.#socket;
    this.#stopConnectionTimers();
    if (socket) detach(socket);
    this.#socket = undefined;
    this.#opened = false;
    return socket;
  }

  #stopConnectionTimers(): void {
    clearTimeout(this.#stallTimer);
    clearInterval(this.#pingTimer);
    this.#stallTimer = undefined;
    this.#pingTimer = undefined;
  }

  /** One timer per connection, re-armed for the remaining time, so frames do not touch timers. */
  #armStallWatchdog(): void {
    const stallTimeoutMs = this.#options.stallTimeoutMs;
    if (stallTimeoutMs === 0) return;
    const check = () => {
      const idle = Date.now() - this.#lastActivity;
      if (idle < stallTimeoutMs) {
        this.#stallTimer = setTimeout(check, stallTimeoutMs - idle);
        return;
      }
      this.stats.stalls++;
      const opened = this.#opened;
      const socket = this.#dropSocket();
      if (socket) terminate(socket);
      this.#ctx.log("warn", "feed stalled; reconnecting", { idleMs: idle, opened });
      this.#host.emit("disconnect", [{ code: 4000, reason: "stalled", opened }]);
      this.#scheduleReconnect(false);
    };
    this.#stallTimer = setTimeout(check, stallTimeoutMs);
  }

  #sendPing(): void {
    if (this.send("ping")) {
      this.stats.pingsSent++;
      this.#lastPingSent = Date.now();
    }
  }
}

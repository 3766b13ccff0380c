// The live feed (docs/platform.md "Feed delivery"): a WebSocket at {ws}/md-streaming/ws?key=<token>, JSON
// subscribe/unsubscribe, one MarketDataMessageBase per frame (base64 TEXT or BINARY), text "ping" heartbeats both
// ways, {"type":"error"} notices. Reconnects with backoff and jitter, each time with a URL built from a currently
// valid token, and resubscribes; a watchdog reconnects a silent connection.
import { type DecodedMessage, DecodeError, FrameDecoder, type Int64Mode } from "@tickwire/codec";
import type { SubtypeCase } from "@tickwire/proto";
import { type BackoffOptions, backoffDelay } from "../backoff.js";
import { AuthError, ClosedError, InvalidArgumentError, NetworkError, TickwireError } from "../errors.js";
import { type InstrumentIdInput, idsJson, toInstrumentIds } from "../ids.js";
import { nonNegativeInteger, positiveInteger } from "../options.js";
import type { Log, Redactor } from "../redact.js";
import type { TokenSession } from "../session.js";
import { type FeedEventName, type FeedEvents, Listeners, SUBTYPES } from "./events.js";
import { BoundedQueue, type OverflowPolicy } from "./queue.js";
import { closeSocket, detach, handshakeStatus, terminate, type WebSocketSource } from "./socket.js";

export interface MarketDataOptions<M extends Int64Mode = "bigint"> {
  /** Instruments to subscribe to from the start. */
  instrumentIds?: Iterable<InstrumentIdInput>;
  /** "base64" (default: TEXT frames, the platform's usual form) or "binary" (asks for BINARY with `&format=binary`). */
  format?: "base64" | "binary";
  /** How 64-bit fields are decoded: "bigint" (default), "string" or "number" (exact below 2^53, else a decode error). */
  int64?: M;
  /**
   * The codec's zero-allocation path: one message object recycled for every frame. Messages reach listeners only
   * (no async iterator), and each is valid until the listener returns: copy what you keep.
   */
  reuse?: boolean;
  /** Messages an async iterator may hold while its consumer is busy (default 10,000). */
  bufferSize?: number;
  /** What a full iterator buffer gives up: "drop-oldest" (default) or "drop-newest". Drops are counted. */
  overflow?: OverflowPolicy;
  /** Reconnect delays (default 500 ms doubling to 30,000 ms, each drawn from [d/2, d]). */
  reconnect?: Partial<BackoffOptions>;
  /** Reconnect when no frame (data or "ping") arrives for this long, handshake included (default 75,000; 0: off). */
  stallTimeoutMs?: number;
  /** Send "ping" this often (default 30,000 ms; 0: never, only answer). */
  pingIntervalMs?: number;
  /** Largest accepted frame (default 4 MiB). */
  maxFrameBytes?: number;
}

export type FeedState = "connecting" | "open" | "reconnecting" | "closed";

export interface FeedStats {
  state: FeedState;
  /** Connections opened, and how many of those were reconnections. */
  connections: number;
  reconnects: number;
  reconnectAttempts: number;
  /** Decoded messages per subtype. */
  messages: Record<SubtypeCase, number>;
  messagesTotal: number;
  /** Data frames and their size on the wire (base64 text counted as its characters). */
  frames: number;
  bytes: number;
  /** Messages an async iterator's buffer dropped (see `overflow`). */
  drops: number;
  decodeErrors: number;
  serverErrors: number;
  pingsReceived: number;
  pingsSent: number;
  stalls: number;
  subscriptions: number;
  /** app_login calls of the client (shared by its REST calls and feeds). */
  logins: number;
}

export interface FeedContext {
  session: TokenSession;
  sockets: WebSocketSource;
  wsUrl: string;
  random: () => number;
  redactor: Redactor;
  log: Log;
  onClosed: () => void;
}

/** Ids per subscribe or unsubscribe frame. */
const IDS_PER_FRAME = 1000;
/** A "ping" is answered only if we sent none this recently: two peers that both echo cannot ping-pong forever. */
const PING_REPLY_MIN_INTERVAL_MS = 1000;
/** How long close() waits for the closing handshake before cutting the connection. */
const CLOSE_GRACE_MS = 1000;
const CLOSE_TOKEN_EXPIRED = 4001;
const EVENT_NAMES = new Set<string>([
  "message",
  "frame",
  "open",
  "disconnect",
  "reconnecting",
  "serverError",
  "error",
  ...SUBTYPES,
]);

export class MarketDataFeed<M extends Int64Mode = "bigint"> {
  readonly #ctx: FeedContext;
  readonly #binary: boolean;
  readonly #reuse: boolean;
  readonly #bufferSize: number;
  readonly #overflow: OverflowPolicy;
  readonly #reconnect: BackoffOptions;
  readonly #stallTimeoutMs: number;
  readonly #pingIntervalMs: number;
  readonly #decoder: FrameDecoder<M>;
  readonly #subscriptions = new Set<bigint>();
  readonly #listeners = new Listeners();
  readonly #queues = new Set<BoundedQueue<DecodedMessage<M>>>();
  readonly #closeWaiters = new Set<() => void>();
  readonly #stats: Omit<FeedStats, "state" | "subscriptions" | "logins">;
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
  #closing: Promise<void> | undefined;

  constructor(options: MarketDataOptions<M>, context: FeedContext) {
    if (options === null || typeof options !== "object") throw new InvalidArgumentError("options", "must be an object");
    const format = options.format ?? "base64";
    if (format !== "base64" && format !== "binary") {
      throw new InvalidArgumentError("options.format", 'must be "base64" or "binary"');
    }
    const overflow = options.overflow ?? "drop-oldest";
    if (overflow !== "drop-oldest" && overflow !== "drop-newest") {
      throw new InvalidArgumentError("options.overflow", 'must be "drop-oldest" or "drop-newest"');
    }
    const reconnect = options.reconnect ?? {};
    const initialDelayMs = positiveInteger("options.reconnect.initialDelayMs", reconnect.initialDelayMs, 500);
    const maxDelayMs = positiveInteger("options.reconnect.maxDelayMs", reconnect.maxDelayMs, 30_000);
    if (maxDelayMs < initialDelayMs) {
      throw new InvalidArgumentError("options.reconnect.maxDelayMs", "must not be below initialDelayMs");
    }
    const factor = reconnect.factor ?? 2;
    if (typeof factor !== "number" || !(factor >= 1 && factor <= 10)) {
      throw new InvalidArgumentError("options.reconnect.factor", "must be a number from 1 to 10");
    }
    this.#ctx = context;
    this.#binary = format === "binary";
    this.#reuse = options.reuse === true;
    this.#bufferSize = positiveInteger("options.bufferSize", options.bufferSize, 10_000, 10_000_000);
    this.#overflow = overflow;
    this.#reconnect = { initialDelayMs, maxDelayMs, factor };
    this.#stallTimeoutMs = nonNegativeInteger("options.stallTimeoutMs", options.stallTimeoutMs, 75_000);
    this.#pingIntervalMs = nonNegativeInteger("options.pingIntervalMs", options.pingIntervalMs, 30_000);
    try {
      this.#decoder = new FrameDecoder<M>({
        framing: "base64",
        int64: options.int64,
        maxFrameBytes: options.maxFrameBytes,
        reuse: this.#reuse,
        onError: (error) => this.#onDecodeError(error),
      });
    } catch (error) {
      throw new InvalidArgumentError("options", (error as Error).message);
    }
    if (options.instrumentIds !== undefined) {
      for (const id of toInstrumentIds(options.instrumentIds, "options.instrumentIds")) this.#subscriptions.add(id);
    }
    this.#stats = {
      connections: 0,
      reconnects: 0,
      reconnectAttempts: 0,
      messages: Object.fromEntries(SUBTYPES.map((name) => [name, 0])) as Record<SubtypeCase, number>,
      messagesTotal: 0,
      frames: 0,
      bytes: 0,
      drops: 0,
      decodeErrors: 0,
      serverErrors: 0,
      pingsReceived: 0,
      pingsSent: 0,
      stalls: 0,
    };
    queueMicrotask(() => void this.#connect());
  }

  get state(): FeedState {
    return this.#state;
  }

  /** Adds instruments; sent now when connected, and again after every reconnect. */
  subscribe(ids: Iterable<InstrumentIdInput>): void {
    this.#assertOpen();
    const added = toInstrumentIds(ids, "ids").filter((id) => !this.#subscriptions.has(id));
    for (const id of added) this.#subscriptions.add(id);
    if (this.#opened) this.#sendIds("subscribe", added);
  }

  unsubscribe(ids: Iterable<InstrumentIdInput>): void {
    this.#assertOpen();
    const removed = toInstrumentIds(ids, "ids").filter((id) => this.#subscriptions.delete(id));
    if (this.#opened) this.#sendIds("unsubscribe", removed);
  }

  /** The instruments subscribed to (kept across reconnects). */
  subscriptions(): bigint[] {
    return [...this.#subscriptions];
  }

  /** Adds a listener; returns the function that removes it. */
  on<E extends FeedEventName>(event: E, listener: FeedEvents<M>[E]): () => void {
    if (!EVENT_NAMES.has(event)) throw new InvalidArgumentError("event", `is not a feed event: ${String(event)}`);
    if (typeof listener !== "function") throw new InvalidArgumentError("listener", "must be a function");
    this.#listeners.add(event, listener);
    return () => this.off(event, listener);
  }

  off<E extends FeedEventName>(event: E, listener: FeedEvents<M>[E]): void {
    this.#listeners.remove(event, listener);
  }

  /** Resolves when a connection is open (at once if one is); rejects with a ClosedError if the feed closes first. */
  ready(): Promise<void> {
    if (this.#state === "open") return Promise.resolve();
    if (this.#state === "closed") return Promise.reject(new ClosedError("the feed is closed", "TICKWIRE_ERR_CLOSED"));
    return new Promise<void>((resolve, reject) => {
      const offOpen = this.on("open", () => {
        offOpen();
        offClosed();
        resolve();
      });
      const onClosed = () => reject(new ClosedError("the feed closed before it connected", "TICKWIRE_ERR_CLOSED"));
      this.#closeWaiters.add(onClosed);
      const offClosed = () => this.#closeWaiters.delete(onClosed);
    });
  }

  /** Decoded messages from now on, through a bounded buffer (see `bufferSize` and `overflow`). Ends at close(). */
  messages(): AsyncIterableIterator<DecodedMessage<M>> {
    if (this.#reuse) {
      throw new InvalidArgumentError("options.reuse", "is on: recycled messages are delivered to listeners only");
    }
    const queue = new BoundedQueue<DecodedMessage<M>>(this.#bufferSize, this.#overflow, () => this.#stats.drops++);
    if (this.#state === "closed") queue.end();
    else this.#queues.add(queue);
    const iterator: AsyncIterableIterator<DecodedMessage<M>> = {
      next: () => queue.next(),
      return: () => {
        queue.clear();
        this.#queues.delete(queue);
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<DecodedMessage<M>> {
    return this.messages();
  }

  stats(): FeedStats {
    const s = this.#stats;
    return {
      ...s,
      messages: { ...s.messages },
      state: this.#state,
      subscriptions: this.#subscriptions.size,
      logins: this.#ctx.session.stats.logins,
    };
  }

  /** Closes the connection, stops every timer, ends the iterators and drops the listeners. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#state = "closed";
      clearTimeout(this.#reconnectTimer);
      this.#stopConnectionTimers();
      for (const queue of this.#queues) queue.end();
      this.#queues.clear();
      for (const waiter of this.#closeWaiters) waiter();
      this.#closeWaiters.clear();
      this.#listeners.clear();
      const socket = this.#socket;
      this.#socket = undefined;
      this.#opened = false;
      this.#ctx.onClosed();
      if (socket) await closeSocket(socket, 1000, "client closing", CLOSE_GRACE_MS);
      this.#ctx.log("debug", "feed closed");
    })();
    return this.#closing;
  }

  /** A method, not a field read, so TypeScript does not narrow the state across an await. */
  #isClosed(): boolean {
    return this.#state === "closed";
  }

  #assertOpen(): void {
    if (this.#state === "closed") throw new ClosedError("the feed is closed", "TICKWIRE_ERR_CLOSED");
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
      this.#report(error);
      this.#scheduleReconnect(false, error instanceof AuthError ? error.retryAfterMs : undefined);
      return;
    }
    if (this.#isClosed()) return;
    // Built afresh on every attempt, with the token of this moment: never a stale URL (docs/platform.md).
    const url = new URL(this.#ctx.wsUrl);
    url.searchParams.set("key", token);
    if (this.#binary) url.searchParams.set("format", "binary");
    let socket: WebSocket;
    try {
      socket = new Impl(url.href);
    } catch (error) {
      this.#report(
        new NetworkError("could not create the feed socket", "TICKWIRE_ERR_NETWORK", {
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
    this.#stats.connections++;
    if (this.#stats.connections > 1) this.#stats.reconnects++;
    this.#lastActivity = Date.now();
    this.#sendIds("subscribe", [...this.#subscriptions]);
    if (this.#pingIntervalMs > 0) this.#pingTimer = setInterval(() => this.#sendPing(), this.#pingIntervalMs);
    this.#ctx.log("info", "feed connected", { connection: this.#stats.connections });
    this.#emit("open", []);
  }

  #onFrame(socket: WebSocket, data: unknown): void {
    if (socket !== this.#socket) return;
    this.#lastActivity = Date.now();
    if (typeof data === "string") {
      // "ping" (and "pong") are valid base64: heartbeats and JSON notices are filtered before decoding.
      if (data === "ping") {
        this.#stats.pingsReceived++;
        if (Date.now() - this.#lastPingSent >= PING_REPLY_MIN_INTERVAL_MS) this.#sendPing();
        return;
      }
      if (data === "pong") return;
      if (data.startsWith("{")) {
        this.#onNotice(data);
        return;
      }
      this.#stats.frames++;
      this.#stats.bytes += data.length;
      this.#decoder.pushEach(data, this.#visit);
      return;
    }
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : undefined;
    if (bytes === undefined) return;
    this.#stats.frames++;
    this.#stats.bytes += bytes.byteLength;
    this.#decoder.pushEach(bytes, this.#visit);
  }

  readonly #visit = (message: DecodedMessage<M>): void => {
    const stats = this.#stats;
    stats.messagesTotal++;
    if (!this.#flowing) {
      this.#flowing = true;
      this.#attempt = 0;
    }
    const subtype = message.subtype as { case: SubtypeCase | undefined; value?: unknown };
    if (subtype.case !== undefined) {
      stats.messages[subtype.case]++;
      if (this.#listeners.has(subtype.case)) this.#emit(subtype.case, [subtype.value, message]);
    }
    if (this.#listeners.has("message")) this.#emit("message", [message]);
    if (this.#listeners.has("frame")) this.#emit("frame", [this.#decoder.frameBytes(), message]);
    for (const queue of this.#queues) queue.push(message);
  };

  #onNotice(text: string): void {
    let message = text;
    try {
      const notice = JSON.parse(text) as { type?: unknown; message?: unknown };
      if (notice.type !== "error") return;
      if (typeof notice.message === "string") message = notice.message;
    } catch {
      // Not JSON after all: report the text as it came.
    }
    this.#stats.serverErrors++;
    const safe = this.#ctx.redactor.scrub(message);
    this.#ctx.log("warn", "feed server error", { message: safe });
    this.#emit("serverError", [safe]);
  }

  #onDecodeError(error: DecodeError): void {
    this.#stats.decodeErrors++;
    this.#report(error);
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
        this.#report(new NetworkError(`the feed connection failed${said}`, "TICKWIRE_ERR_NETWORK"));
      }
    }
    const safeReason = this.#ctx.redactor.scrub(reason);
    this.#ctx.log("info", "feed disconnected", { code, reason: safeReason, opened });
    this.#emit("disconnect", [{ code, reason: safeReason, opened, ...(status === undefined ? {} : { status }) }]);
    // A token that expired on an open, healthy connection is routine: reconnect at once with a new login.
    this.#scheduleReconnect(code === CLOSE_TOKEN_EXPIRED && opened);
  }

  #scheduleReconnect(immediately: boolean, atLeastMs = 0): void {
    if (this.#state === "closed" || this.#reconnectTimer !== undefined) return;
    const attempt = this.#attempt++;
    const delay = Math.max(
      immediately && attempt === 0 ? 0 : backoffDelay(this.#reconnect, attempt, this.#ctx.random()),
      atLeastMs,
    );
    this.#state = "reconnecting";
    this.#stats.reconnectAttempts++;
    this.#emit("reconnecting", [{ attempt: attempt + 1, delayMs: delay }]);
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
    if (this.#stallTimeoutMs === 0) return;
    const check = () => {
      const idle = Date.now() - this.#lastActivity;
      if (idle < this.#stallTimeoutMs) {
        this.#stallTimer = setTimeout(check, this.#stallTimeoutMs - idle);
        return;
      }
      this.#stats.stalls++;
      const opened = this.#opened;
      const socket = this.#dropSocket();
      if (socket) terminate(socket);
      this.#ctx.log("warn", "feed stalled; reconnecting", { idleMs: idle, opened });
      this.#emit("disconnect", [{ code: 4000, reason: "stalled", opened }]);
      this.#scheduleReconnect(false);
    };
    this.#stallTimer = setTimeout(check, this.#stallTimeoutMs);
  }

  #sendIds(action: "subscribe" | "unsubscribe", ids: readonly bigint[]): void {
    for (let i = 0; i < ids.length; i += IDS_PER_FRAME) {
      this.#send(`{"action":"${action}","instrumentIds":${idsJson(ids.slice(i, i + IDS_PER_FRAME))}}`);
    }
  }

  #sendPing(): void {
    if (this.#send("ping")) {
      this.#stats.pingsSent++;
      this.#lastPingSent = Date.now();
    }
  }

  #send(text: string): boolean {
    const socket = this.#socket;
    if (socket === undefined || socket.readyState !== 1 /* OPEN */) return false;
    try {
      socket.send(text);
      return true;
    } catch (error) {
      this.#report(error);
      return false;
    }
  }

  #emit(event: string, args: unknown[]): void {
    this.#listeners.emit(event, args, (error) => {
      if (event !== "error") this.#report(error);
    });
  }

  /** Reports a problem to "error" listeners, else to the log: never thrown, never an unhandled rejection. */
  #report(error: unknown): void {
    const safe =
      error instanceof TickwireError || error instanceof DecodeError ? error : this.#ctx.redactor.copyError(error);
    if (this.#listeners.has("error")) this.#emit("error", [safe]);
    else this.#ctx.log("warn", "feed problem", { error: safe.message });
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `MarketDataFeed { state: ${JSON.stringify(this.#state)}, subscriptions: ${this.#subscriptions.size} }`;
  }

  toJSON(): Record<string, unknown> {
    return this.stats() as unknown as Record<string, unknown>;
  }
}

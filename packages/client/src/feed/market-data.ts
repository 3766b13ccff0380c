// The live feed (docs/platform.md "Feed delivery"): a WebSocket at {ws}/md-streaming/ws?key=<token>, JSON
// subscribe/unsubscribe, one MarketDataMessageBase per frame (base64 TEXT or BINARY), text "ping" heartbeats both
// ways, {"type":"error"} notices. This file is the feed callers hold: subscriptions, listeners, decoding and delivery,
// stats. The connection (reconnects with backoff, a fresh token each time, the stall watchdog, pings) is
// connection.ts; the options are checked in options.ts.
import { type DecodedMessage, DecodeError, FrameDecoder, type Int64Mode } from "@tickwire/codec";
import type { SubtypeCase } from "@tickwire/proto";
import { ClosedError, InvalidArgumentError, TickwireError } from "../errors.js";
import { type InstrumentIdInput, idsJson, toInstrumentIds } from "../ids.js";
import { type ConnectionContext, FeedConnection, type FeedState } from "./connection.js";
import { type FeedEventName, type FeedEvents, Listeners, SUBTYPES } from "./events.js";
import { type MarketDataOptions, resolveFeedOptions } from "./options.js";
import { IteratorFanout } from "./queue.js";

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

export interface FeedContext extends ConnectionContext {
  onClosed: () => void;
}

/** The feed's own counters; the connection keeps the others. */
type DeliveryStats = Pick<FeedStats, "messages" | "messagesTotal" | "frames" | "bytes" | "drops" | "decodeErrors">;

/** Ids per subscribe or unsubscribe frame. */
const IDS_PER_FRAME = 1000;
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
  readonly #reuse: boolean;
  readonly #decoder: FrameDecoder<M>;
  readonly #connection: FeedConnection;
  readonly #subscriptions = new Set<bigint>();
  readonly #listeners = new Listeners();
  readonly #fanout: IteratorFanout<DecodedMessage<M>>;
  readonly #closeWaiters = new Set<() => void>();
  readonly #stats: DeliveryStats;
  #closing: Promise<void> | undefined;

  constructor(options: MarketDataOptions<M>, context: FeedContext) {
    const resolved = resolveFeedOptions(options);
    const delivery = resolved.delivery;
    this.#ctx = context;
    this.#reuse = delivery.reuse;
    try {
      this.#decoder = new FrameDecoder<M>({
        framing: "base64",
        int64: delivery.int64,
        maxFrameBytes: delivery.maxFrameBytes,
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
      messages: Object.fromEntries(SUBTYPES.map((name) => [name, 0])) as Record<SubtypeCase, number>,
      messagesTotal: 0,
      frames: 0,
      bytes: 0,
      drops: 0,
      decodeErrors: 0,
    };
    this.#fanout = new IteratorFanout(delivery.bufferSize, delivery.overflow, () => this.#stats.drops++);
    this.#connection = new FeedConnection(context, resolved.connection, {
      resubscribe: () => this.#sendIds("subscribe", [...this.#subscriptions]),
      data: (frame) => this.#onData(frame),
      emit: (event, args) => this.#emit(event, args),
      report: (error) => this.#report(error),
    });
    this.#connection.start();
  }

  get state(): FeedState {
    return this.#connection.state;
  }

  /** Adds instruments; sent now when connected, and again after every reconnect. */
  subscribe(ids: Iterable<InstrumentIdInput>): void {
    this.#assertOpen();
    const added = toInstrumentIds(ids, "ids").filter((id) => !this.#subscriptions.has(id));
    for (const id of added) this.#subscriptions.add(id);
    if (this.#connection.opened) this.#sendIds("subscribe", added);
  }

  unsubscribe(ids: Iterable<InstrumentIdInput>): void {
    this.#assertOpen();
    const removed = toInstrumentIds(ids, "ids").filter((id) => this.#subscriptions.delete(id));
    if (this.#connection.opened) this.#sendIds("unsubscribe", removed);
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
    if (this.state === "open") return Promise.resolve();
    if (this.state === "closed") return Promise.reject(new ClosedError("the feed is closed", "CLOSED"));
    return new Promise<void>((resolve, reject) => {
      const offOpen = this.on("open", () => {
        offOpen();
        offClosed();
        resolve();
      });
      const onClosed = () => reject(new ClosedError("the feed closed before it connected", "CLOSED"));
      this.#closeWaiters.add(onClosed);
      const offClosed = () => this.#closeWaiters.delete(onClosed);
    });
  }

  /** Decoded messages from now on, through a bounded buffer (see `bufferSize` and `overflow`). Ends at close(). */
  messages(): AsyncIterableIterator<DecodedMessage<M>> {
    if (this.#reuse) {
      throw new InvalidArgumentError("options.reuse", "is on: recycled messages are delivered to listeners only");
    }
    return this.#fanout.iterator();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<DecodedMessage<M>> {
    return this.messages();
  }

  stats(): FeedStats {
    const s = this.#stats;
    const c = this.#connection.stats;
    return {
      connections: c.connections,
      reconnects: c.reconnects,
      reconnectAttempts: c.reconnectAttempts,
      messages: { ...s.messages },
      messagesTotal: s.messagesTotal,
      frames: s.frames,
      bytes: s.bytes,
      drops: s.drops,
      decodeErrors: s.decodeErrors,
      serverErrors: c.serverErrors,
      pingsReceived: c.pingsReceived,
      pingsSent: c.pingsSent,
      stalls: c.stalls,
      state: this.state,
      subscriptions: this.#subscriptions.size,
      logins: this.#ctx.session.stats.logins,
    };
  }

  /** Closes the connection, stops every timer, ends the iterators and drops the listeners. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const socketClosed = this.#connection.close();
      this.#fanout.end();
      for (const waiter of this.#closeWaiters) waiter();
      this.#closeWaiters.clear();
      this.#listeners.clear();
      this.#ctx.onClosed();
      await socketClosed;
      this.#ctx.log("debug", "feed closed");
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.state === "closed") throw new ClosedError("the feed is closed", "CLOSED");
  }

  #onData(frame: string | Uint8Array): void {
    this.#stats.frames++;
    this.#stats.bytes += typeof frame === "string" ? frame.length : frame.byteLength;
    this.#decoder.pushEach(frame, this.#visit);
  }

  readonly #visit = (message: DecodedMessage<M>): void => {
    const stats = this.#stats;
    stats.messagesTotal++;
    this.#connection.flowing();
    const subtype = message.subtype as { case: SubtypeCase | undefined; value?: unknown };
    if (subtype.case !== undefined) {
      stats.messages[subtype.case]++;
      if (this.#listeners.has(subtype.case)) this.#emit(subtype.case, [subtype.value, message]);
    }
    if (this.#listeners.has("message")) this.#emit("message", [message]);
    if (this.#listeners.has("frame")) this.#emit("frame", [this.#decoder.frameBytes(), message]);
    this.#fanout.push(message);
  };

  #onDecodeError(error: DecodeError): void {
    this.#stats.decodeErrors++;
    this.#report(error);
  }

  #sendIds(action: "subscribe" | "unsubscribe", ids: readonly bigint[]): void {
    for (let i = 0; i < ids.length; i += IDS_PER_FRAME) {
      this.#connection.send(`{"action":"${action}","instrumentIds":${idsJson(ids.slice(i, i + IDS_PER_FRAME))}}`);
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
    return `MarketDataFeed { state: ${JSON.stringify(this.state)}, subscriptions: ${this.#subscriptions.size} }`;
  }

  toJSON(): Record<string, unknown> {
    return this.stats() as unknown as Record<string, unknown>;
  }
}

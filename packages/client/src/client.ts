// createClient: the REST calls on fetch, with the token session behind them, and the factory of market-data feeds.
import type { Int64Mode } from "@tickwire/codec";
import type {
  EnvelopeForm,
  LastTradedPrice,
  LtpForm,
  PositionKeys,
  Positions,
  TradeRecord,
} from "@tickwire/rest-schemas";
import { ClosedError, HttpError, InvalidArgumentError } from "./errors.js";
import { MarketDataFeed } from "./feed/market-data.js";
import type { MarketDataOptions } from "./feed/options.js";
import { WebSocketSource } from "./feed/socket.js";
import { type HttpAnswer, HttpTransport } from "./http.js";
import { type InstrumentIdInput, idsJson, toInstrumentIds } from "./ids.js";
import { type ClientOptions, positiveInteger, type ResolvedOptions, resolveOptions } from "./options.js";
import { type Log, Redactor, redactingLog } from "./redact.js";
import { errorBodyOf, readLtp, readPositions, readTrades } from "./responses.js";
import { type SessionStats, TokenSession } from "./session.js";

export interface RequestOptions {
  /** Aborts the call (an AbortError); a login it waits for goes on for the other callers. */
  signal?: AbortSignal;
  /** Overrides the client's timeoutMs for each HTTP exchange of this call. */
  timeoutMs?: number;
}

export interface PositionsResult {
  /** `contract`: the bare object of docs/contract.md ("Positions"); `envelope`: the newer `{status, message, data}` form. */
  readonly form: EnvelopeForm;
  readonly message?: string;
  /** The keys the records came with: the contract's `snake_case` or the newer docs' `camelCase`. */
  readonly keys: PositionKeys;
  /** Keyed by client code, in the contract's snake_case shape whatever came; `instrument_id` is a bigint. */
  readonly positions: Positions;
}

export interface TradesResult {
  readonly form: EnvelopeForm;
  readonly message?: string;
  /**
   * Trade records: the documented fields typed (`blitzOrderId` and `instrumentId` as bigint, exact), each optional
   * since older listings carry other fields; any other field as sent, an integer beyond 2^53 as bigint.
   */
  readonly trades: TradeRecord[];
}

export interface LtpResult {
  /** `contract` (InstrumentID / LTP entries) or `camelCase` (instrumentId / ltp); `contract` when nothing came back. */
  readonly form: LtpForm;
  /** Keyed by instrument id. */
  readonly prices: Map<bigint, LastTradedPrice>;
  /** Requested ids the platform returned no price for, in request order. */
  readonly missing: bigint[];
  /** How many HTTP requests the list took (lists above maxLtpIdsPerRequest are split). */
  readonly requests: number;
}

export interface ClientStats extends SessionStats {
  /** REST calls started (positions, ltp requests, trades). */
  requests: number;
  feeds: number;
}

export interface TickwireClient {
  positions(options?: RequestOptions): Promise<PositionsResult>;
  trades(options?: RequestOptions): Promise<TradesResult>;
  /** Last traded prices; ids as bigint, exact numbers or digit strings. */
  ltp(ids: Iterable<InstrumentIdInput>, options?: RequestOptions): Promise<LtpResult>;
  /** A live feed: connects at once, reconnects until closed. */
  marketData<M extends Int64Mode = "bigint">(options?: MarketDataOptions<M>): MarketDataFeed<M>;
  stats(): ClientStats;
  /** Closes every feed and ends in-flight requests with a ClosedError. Idempotent. */
  close(): Promise<void>;
}

/** Creates a client. Options are checked now; nothing touches the network until the first call. */
export function createClient(options: ClientOptions): TickwireClient {
  return new Client(options);
}

class Client implements TickwireClient {
  readonly #options: ResolvedOptions;
  readonly #redactor = new Redactor();
  readonly #log: Log;
  readonly #transport: HttpTransport;
  readonly #session: TokenSession;
  readonly #sockets: WebSocketSource;
  readonly #feeds = new Set<MarketDataFeed<Int64Mode>>();
  readonly #closer = new AbortController();
  #closing: Promise<void> | undefined;
  #requests = 0;
  #feedsCreated = 0;

  constructor(options: ClientOptions) {
    this.#options = resolveOptions(options);
    const o = this.#options;
    this.#log = redactingLog(o.logger, this.#redactor);
    this.#transport = new HttpTransport(o.baseUrl, o.fetch, this.#redactor);
    // The app key goes to the session's private field and nowhere else; `options` itself is not kept.
    this.#session = new TokenSession({
      userId: o.userId,
      appKey: options.appKey,
      loginPath: o.paths.login,
      timeoutMs: o.timeoutMs,
      refreshSkewMs: o.tokenRefreshSkewMs,
      backoff: o.loginBackoff,
      clock: o.clock,
      random: o.random,
      transport: this.#transport,
      redactor: this.#redactor,
      log: this.#log,
    });
    this.#sockets = new WebSocketSource(o.WebSocket);
  }

  async positions(options?: RequestOptions): Promise<PositionsResult> {
    const path = this.#options.paths.positions;
    const answer = await this.#secured("GET", path, undefined, options);
    return readPositions(answer.text, { method: "GET", path, status: answer.status }, this.#redactor);
  }

  async trades(options?: RequestOptions): Promise<TradesResult> {
    const path = this.#options.paths.trades;
    const answer = await this.#secured("GET", path, undefined, options);
    return readTrades(answer.text, { method: "GET", path, status: answer.status }, this.#redactor);
  }

  async ltp(ids: Iterable<InstrumentIdInput>, options?: RequestOptions): Promise<LtpResult> {
    const wanted = toInstrumentIds(ids, "ids");
    if (wanted.length === 0) throw new InvalidArgumentError("ids", "must hold at least one instrument id");
    const size = this.#options.maxLtpIdsPerRequest;
    const chunks: bigint[][] = [];
    for (let i = 0; i < wanted.length; i += size) chunks.push(wanted.slice(i, i + size));
    const path = this.#options.paths.ltp;
    const prices = new Map<bigint, LastTradedPrice>();
    let form: LtpForm | undefined;
    // A few chunks in flight at once; the first failure fails the call and stops the others from starting more.
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && next < chunks.length) {
        const chunk = chunks[next++];
        const body = `{"InstrumentIds":${idsJson(chunk)}}`;
        try {
          const answer = await this.#secured("POST", path, body, options);
          const result = readLtp(answer.text, { method: "POST", path, status: answer.status }, this.#redactor);
          if (result.prices.size > 0) form ??= result.form;
          for (const [id, price] of result.prices) prices.set(id, price);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    const workers = Math.min(this.#options.ltpConcurrency, chunks.length);
    await Promise.all(Array.from({ length: workers }, worker));
    const missing = wanted.filter((id) => !prices.has(id));
    return { form: form ?? "contract", prices, missing, requests: chunks.length };
  }

  marketData<M extends Int64Mode = "bigint">(options: MarketDataOptions<M> = {}): MarketDataFeed<M> {
    this.#assertOpen();
    const feed: MarketDataFeed<M> = new MarketDataFeed<M>(options, {
      session: this.#session,
      sockets: this.#sockets,
      wsUrl: this.#options.wsUrl,
      random: this.#options.random,
      redactor: this.#redactor,
      log: this.#log,
      onClosed: () => this.#feeds.delete(feed as unknown as MarketDataFeed<Int64Mode>),
    });
    this.#feeds.add(feed as unknown as MarketDataFeed<Int64Mode>);
    this.#feedsCreated++;
    return feed;
  }

  stats(): ClientStats {
    return { ...this.#session.stats, requests: this.#requests, feeds: this.#feedsCreated };
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#closer.abort();
      this.#transport.close();
      await Promise.all([...this.#feeds].map((feed) => feed.close()));
      this.#session.clear();
      this.#log("debug", "client closed");
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.#closer.signal.aborted) throw new ClosedError("the client is closed", "CLOSED");
  }

  /** A request with the Bearer token; on a 401, one shared login and one retry with the new token. */
  async #secured(
    method: "GET" | "POST",
    path: string,
    body: string | undefined,
    options: RequestOptions = {},
  ): Promise<HttpAnswer> {
    this.#assertOpen();
    const timeoutMs = positiveInteger("options.timeoutMs", options.timeoutMs, this.#options.timeoutMs);
    const { signal } = options;
    this.#requests++;
    const used = await this.#session.token(signal);
    let answer = await this.#transport.send({ method, path, body, token: used, signal, timeoutMs });
    if (answer.status === 401) {
      this.#log("info", "token refused; logging in again and retrying once", { method, path });
      const fresh = await this.#session.renew(used, signal);
      answer = await this.#transport.send({ method, path, body, token: fresh, signal, timeoutMs });
      if (answer.status === 401) throw this.#session.rejected(fresh, answer.status);
    }
    if (answer.status < 200 || answer.status > 299) {
      const said = errorBodyOf(answer.text, this.#redactor);
      throw new HttpError({
        status: answer.status,
        method,
        path,
        serverMessage: said.message,
        serverError: said.error,
        serverErrorType: said.errorType,
      });
    }
    return answer;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    const o = this.#options;
    return `TickwireClient { baseUrl: ${JSON.stringify(o.baseUrl)}, userId: ${JSON.stringify(o.userId)}, closed: ${this.#closer.signal.aborted} }`;
  }

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#options.baseUrl, userId: this.#options.userId, closed: this.#closer.signal.aborted };
  }
}

// startSandbox: the HTTP API and the feed on one port, the simulator (or a replay) behind them, and a close() that
// takes everything down in order: stop producing, close sockets, stop HTTP, flush the capture.
import type { AddressInfo, Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { CaptureWriter } from "./capture.js";
import { type FeedControl, ReplayDriver, type ReplayOptions, SimulatorDriver } from "./engine.js";
import { CLOSE_TOKEN_EXPIRED, FeedHub, type FeedStats, type SlowConsumerPolicy } from "./feed.js";
import type { FeedFrame } from "./frame.js";
import { buildHttpApp, type ResponseForm } from "./http.js";
import { defaultInstruments, type Instrument } from "./instruments.js";
import { resolveLimits, type ServerLimits } from "./limits.js";
import { createLogger, type LoggerOptions } from "./logging.js";
import { MarketSimulator } from "./market-simulator.js";
import { seedTradeBook, type TradeBook } from "./positions.js";
import { PriceBook } from "./prices.js";
import { JWT_SECRET_ENV, TokenService } from "./tokens.js";
import { resolveUsers, type SandboxUser, type UserLookup } from "./users.js";

export interface SandboxOptions {
  /** Address to bind (default 127.0.0.1). The demo user exists only on a loopback address. */
  host?: string;
  /** Port (default 0: a free port). */
  port?: number;

  /** Users: a list or a lookup function. Default: `usersFile`, then $TICKWIRE_SANDBOX_USERS_FILE, then $TICKWIRE_SANDBOX_USERS. */
  users?: readonly SandboxUser[] | UserLookup;
  usersFile?: string;
  /** The public demo user (DEMO_USER). Default: on when bound to loopback and no users are configured. */
  demoUser?: boolean;
  /** HS256 secret, at least 32 bytes. Default: $TICKWIRE_SANDBOX_JWT_SECRET, else random per start. */
  jwtSecret?: string | Uint8Array;
  /** Access token lifetime (default 3600 s). */
  tokenLifetimeSeconds?: number;
  /** The server's clock for issuing and checking tokens, epoch ms (default Date.now); tests move it forward. */
  clock?: () => number;
  /** Environment to read the defaults from (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;

  /** Maximum InstrumentIds per LTP request (default 1000); more is a 400. */
  maxLtpIds?: number;
  /**
   * "legacy" (default): the contract's shapes. "envelope": the newer documented forms: {status, message, data} with
   * camelCase positions, documented trade records, camelCase LTP entries, and `error_type` in error bodies.
   */
  responseForm?: ResponseForm;
  /**
   * Origins whose pages may call the REST API from a browser (CORS), e.g. ["http://127.0.0.1:5173"], or ["*"].
   * Default: none, no CORS headers. The feed needs no CORS: browsers open WebSockets across origins.
   */
  corsOrigins?: readonly string[];
  /**
   * Also serve the vendor's spellings of the REST paths (`VENDOR_PATHS`: /api_interactive/api/v1/positions,
   * /api/v1/trades, /md-api/marketfeed/ltp, /marketfeed/ltp), each answering like its contract path (default true).
   */
  vendorPaths?: boolean;
  /** Check every response against its schema before sending it (default true). */
  validateResponses?: boolean;
  /** Body, header and time limits on HTTP requests, and failed-login limiting (README: Hostile input). */
  limits?: ServerLimits;

  /** Simulator seed (default 1). */
  seed?: number;
  instruments?: readonly Instrument[];
  /** Messages per second, all instruments together (default 1000). */
  rate?: number;
  /** The simulated clock's start, epoch ms (default 2026-01-05T03:45:00Z). */
  startTime?: number;
  /** Timer period of the feed (default 10 ms). */
  tickMs?: number;
  /** Play a capture instead of running the simulator. */
  replay?: ReplayOptions;
  /** Write the feed (every message produced, subscribed or not) to this size-delimited capture file. */
  capture?: string;
  /** Start with the feed paused (default false); `sandbox.feed.resume()` starts it. */
  paused?: boolean;

  /** Interval of the server's text "ping" (default 30,000 ms). */
  heartbeatMs?: number;
  /** Answer to a client's "ping": "none" (default), "ping" or "pong". */
  pingReply?: "none" | "ping" | "pong";
  slowConsumer?: Partial<SlowConsumerPolicy>;
  /** Maximum instruments one socket may subscribe to (default 5000). */
  maxSubscriptions?: number;

  /** false for silence; default level "info" to standard output. */
  logger?: false | LoggerOptions;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:43125 (the contract's {base_url}). */
  readonly httpUrl: string;
  /** e.g. ws://127.0.0.1:43125/md-streaming/ws (add ?key=<token>). */
  readonly wsUrl: string;
  readonly host: string;
  readonly port: number;
  /** Present when the demo user is enabled. */
  readonly demoUser: SandboxUser | undefined;
  readonly instruments: readonly Instrument[];
  readonly feed: FeedControl;
  /**
   * Feed counters, plus `sockets`: the TCP connections the server holds right now (HTTP keep-alive, feed, and ones
   * in the middle of an upgrade), so fault tests can check that nothing leaks.
   */
  stats(): FeedStats & { produced: number; captured: number; sockets: number };
  /**
   * Revokes every token issued so far, as a signing-key rotation would (with a `jwtSecret` option, until the next
   * start only), and closes their feed sockets with 4001 "token revoked". New logins work. Returns the sockets closed.
   */
  revokeTokens(): number;
  /** Stops the feed, closes every socket and the HTTP server, and flushes the capture. Idempotent. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1";
  const env = options.env ?? process.env;
  const logger = createLogger(options.logger);
  const clock = options.clock ?? Date.now;
  const users = resolveUsers({
    users: options.users,
    usersFile: options.usersFile,
    demoUser: options.demoUser,
    host,
    env,
  });
  const limits = resolveLimits(options.limits);
  const tokens = new TokenService(
    options.jwtSecret ?? env[JWT_SECRET_ENV],
    options.tokenLifetimeSeconds ?? 3600,
    clock,
  );
  const instruments = options.instruments ?? defaultInstruments;
  const seed = options.seed ?? 1;
  const rate = options.rate ?? 1000;
  const simulator = new MarketSimulator({ seed, instruments, rate, startTime: options.startTime });
  const prices = new PriceBook(instruments);
  const books = new Map<string, TradeBook>();
  const tradeBook = (clientCode: string) => {
    let book = books.get(clientCode);
    if (!book) {
      book = seedTradeBook(seed, clientCode, instruments, simulator.startTime);
      books.set(clientCode, book);
    }
    return book;
  };

  const hub = new FeedHub({
    tokens,
    logger,
    knows: (id) => prices.has(id),
    heartbeatMs: options.heartbeatMs ?? 30_000,
    pingReply: options.pingReply ?? "none",
    slowConsumer: {
      highWaterMark: options.slowConsumer?.highWaterMark ?? 1024 * 1024,
      maxConsecutiveDrops: options.slowConsumer?.maxConsecutiveDrops ?? 50_000,
    },
    maxSubscriptions: options.maxSubscriptions ?? 5000,
    responseForm: options.responseForm ?? "legacy",
  });
  const capture = options.capture ? new CaptureWriter(options.capture) : undefined;
  const sink = (frames: FeedFrame[]) => {
    for (const frame of frames) prices.observe(frame.message);
    capture?.write(frames);
    hub.publish(frames);
  };
  const tickMs = options.tickMs ?? 10;
  const driver = options.replay
    ? new ReplayDriver(options.replay, sink, tickMs, logger)
    : new SimulatorDriver(simulator, rate, sink, tickMs, logger);

  const sockets = new Set<Socket>();
  let app: FastifyInstance | undefined;
  try {
    app = await buildHttpApp({
      users,
      tokens,
      prices,
      tradeBook,
      logger,
      maxLtpIds: options.maxLtpIds ?? 1000,
      responseForm: options.responseForm ?? "legacy",
      vendorPaths: options.vendorPaths ?? true,
      validateResponses: options.validateResponses ?? true,
      limits,
      corsOrigins: options.corsOrigins ?? [],
    });
    app.server.on("upgrade", (request, socket, head) => hub.handleUpgrade(request, socket, head));
    app.server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
    });
    await app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    driver.close();
    await hub.close();
    await app?.close();
    await capture?.close();
    throw error;
  }
  const address = app.server.address() as AddressInfo;
  const authority = `${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  if (!options.paused) driver.resume();
  logger.info({ url: `http://${authority}`, demoUser: users.demo !== undefined, seed, rate }, "sandbox listening");

  let closing: Promise<void> | undefined;
  const server = app;
  return {
    httpUrl: `http://${authority}`,
    wsUrl: `ws://${authority}/md-streaming/ws`,
    host: address.address,
    port: address.port,
    demoUser: users.demo,
    instruments,
    feed: driver,
    stats: () => ({ ...hub.stats(), produced: driver.produced, captured: capture?.frames ?? 0, sockets: sockets.size }),
    revokeTokens: () => {
      tokens.revokeAll();
      return hub.closeAll(CLOSE_TOKEN_EXPIRED, "token revoked");
    },
    close: () => {
      closing ??= (async () => {
        driver.close();
        await hub.close();
        await server.close();
        await capture?.close();
      })();
      return closing;
    },
  };
}

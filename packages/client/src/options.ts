// createClient's options, checked up front: a wrong option is an InvalidArgumentError naming it, before any request.
import type { BackoffOptions } from "./backoff.js";
import { InvalidArgumentError } from "./errors.js";
import type { FetchFunction } from "./http.js";
import type { Logger } from "./redact.js";

/** The WHATWG WebSocket constructor shape: the runtime's global, the `ws` package, or a compatible one. */
export type WebSocketConstructor = new (url: string) => WebSocket;

export interface EndpointPaths {
  /** Default `/api_gateway/v1/api/app_login`. */
  login?: string;
  /** Default `/api/v1/positions`. */
  positions?: string;
  /** Default `/api/marketfeed/ltp` (newer docs also show `/md-api/marketfeed/ltp` and `/marketfeed/ltp`). */
  ltp?: string;
  /** Default `/api_interactive/api/v1/trades`. */
  trades?: string;
}

/**
 * Named path sets. `contract`: the paths of the contract (the default). `vendor`: the spellings the platform vendor's
 * own SDK, docs and Postman collection use (positions under `/api_interactive`, LTP under `/md-api`).
 */
export type PathPreset = "contract" | "vendor";

/** A preset, or paths of your own over a preset (`{ preset: "vendor", ltp: "/marketfeed/ltp" }`; default contract). */
export type PathsOption = PathPreset | (EndpointPaths & { preset?: PathPreset });

export interface ClientOptions {
  /** The platform's {base_url}, e.g. `https://api.example.com` (http or https). */
  baseUrl: string;
  userId: string;
  /** Kept in a private field; never logged, never in an error. */
  appKey: string;
  /** Per-request timeout, login included, covering headers and body (default 10,000 ms). */
  timeoutMs?: number;
  /** Log in again this long before the token's `exp` (default 60,000 ms; at most half the token's life). */
  tokenRefreshSkewMs?: number;
  /** Backoff between failed logins (default 1,000 ms doubling to 60,000 ms, with jitter). */
  loginBackoff?: Partial<BackoffOptions>;
  /** Most instrument ids per LTP request; longer lists are split (default 1000, the sandbox's limit). */
  maxLtpIdsPerRequest?: number;
  /** LTP requests in flight at once for a split list (default 4). */
  ltpConcurrency?: number;
  /** Which REST paths to call: `"contract"` (default), `"vendor"`, or an object of paths over a preset. */
  paths?: PathsOption;
  /** The market-data socket address without the key (default: baseUrl with ws/wss and `/md-streaming/ws`). */
  wsUrl?: string;
  /** A fetch implementation (default the global `fetch`). */
  fetch?: FetchFunction;
  /** A WebSocket implementation (default the global `WebSocket`, else the `ws` package, loaded on first use). */
  WebSocket?: WebSocketConstructor;
  /** Where the client reports logins, reconnects and failures; every line is redacted first. */
  logger?: Logger;
  /** Epoch ms; the clock token expiry is judged by (default Date.now). */
  clock?: () => number;
  /** A random number in [0, 1) for backoff jitter (default Math.random). */
  random?: () => number;
}

export interface ResolvedOptions {
  baseUrl: string;
  userId: string;
  timeoutMs: number;
  tokenRefreshSkewMs: number;
  loginBackoff: BackoffOptions;
  maxLtpIdsPerRequest: number;
  ltpConcurrency: number;
  paths: Required<EndpointPaths>;
  wsUrl: string;
  fetch: FetchFunction;
  WebSocket: WebSocketConstructor | undefined;
  logger: Logger | undefined;
  clock: () => number;
  random: () => number;
}

export const DEFAULT_PATHS: Required<EndpointPaths> = Object.freeze({
  login: "/api_gateway/v1/api/app_login",
  positions: "/api/v1/positions",
  ltp: "/api/marketfeed/ltp",
  trades: "/api_interactive/api/v1/trades",
});

export const PATH_PRESETS: Readonly<Record<PathPreset, Readonly<Required<EndpointPaths>>>> = Object.freeze({
  contract: DEFAULT_PATHS,
  vendor: Object.freeze({
    login: "/api_gateway/v1/api/app_login",
    positions: "/api_interactive/api/v1/positions",
    ltp: "/md-api/marketfeed/ltp",
    trades: "/api_interactive/api/v1/trades",
  }),
});

export const FEED_PATH = "/md-streaming/ws";

function resolvePaths(option: unknown): Required<EndpointPaths> {
  const given = typeof option === "string" ? { preset: option } : (option ?? {});
  if (given === null || typeof given !== "object" || Array.isArray(given)) {
    throw new InvalidArgumentError(
      "options.paths",
      `must be "contract", "vendor" or an object, received ${describe(option)}`,
    );
  }
  const paths = given as EndpointPaths & { preset?: unknown };
  const preset = paths.preset ?? "contract";
  if (preset !== "contract" && preset !== "vendor") {
    const name = typeof option === "string" ? "options.paths" : "options.paths.preset";
    throw new InvalidArgumentError(name, `must be "contract" or "vendor", received ${describe(preset)}`);
  }
  const base = PATH_PRESETS[preset];
  return {
    login: path("options.paths.login", paths.login, base.login),
    positions: path("options.paths.positions", paths.positions, base.positions),
    ltp: path("options.paths.ltp", paths.ltp, base.ltp),
    trades: path("options.paths.trades", paths.trades, base.trades),
  };
}

export function positiveInteger(name: string, value: unknown, fallback: number, max = 2 ** 31 - 1): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > max) {
    throw new InvalidArgumentError(name, `must be an integer from 1 to ${max}, received ${describe(value)}`);
  }
  return value;
}

export function nonNegativeInteger(name: string, value: unknown, fallback: number, max = 2 ** 31 - 1): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max) {
    throw new InvalidArgumentError(name, `must be an integer from 0 to ${max}, received ${describe(value)}`);
  }
  return value;
}

/**
 * A backoff option (`loginBackoff`, a feed's `reconnect`) checked and completed from `defaults`; `name` is the
 * option's path in error messages. Absent (or null) means all defaults.
 */
export function resolveBackoff(
  name: string,
  value: Partial<BackoffOptions> | undefined,
  defaults: { initialDelayMs: number; maxDelayMs: number },
): Required<BackoffOptions> {
  const given = value ?? {};
  if (given === null || typeof given !== "object") throw new InvalidArgumentError(name, "must be an object");
  const initialDelayMs = positiveInteger(`${name}.initialDelayMs`, given.initialDelayMs, defaults.initialDelayMs);
  const maxDelayMs = positiveInteger(`${name}.maxDelayMs`, given.maxDelayMs, defaults.maxDelayMs);
  if (maxDelayMs < initialDelayMs) {
    throw new InvalidArgumentError(`${name}.maxDelayMs`, "must not be below initialDelayMs");
  }
  const factor = given.factor ?? 2;
  if (typeof factor !== "number" || !(factor >= 1 && factor <= 10)) {
    throw new InvalidArgumentError(`${name}.factor`, "must be a number from 1 to 10");
  }
  return { initialDelayMs, maxDelayMs, factor };
}

export function optionalFunction<T>(name: string, value: unknown): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "function")
    throw new InvalidArgumentError(name, `must be a function, received ${describe(value)}`);
  return value as T;
}

/** Never prints a string's content: an option could be a misplaced secret. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `a string of ${value.length} characters`;
  if (typeof value === "number") return String(value);
  return typeof value;
}

function nonEmptyString(name: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidArgumentError(name, `must be a non-empty string, received ${describe(value)}`);
  }
  return value;
}

function httpUrl(name: string, value: unknown): URL {
  const text = nonEmptyString(name, value);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidArgumentError(name, "must be an absolute http or https URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InvalidArgumentError(name, `must use http or https, not ${url.protocol.slice(0, -1)}`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidArgumentError(name, "must not carry credentials, a query or a fragment");
  }
  return url;
}

function path(name: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  const text = nonEmptyString(name, value);
  if (!text.startsWith("/")) throw new InvalidArgumentError(name, 'must start with "/"');
  return text;
}

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  if (options === null || typeof options !== "object") {
    throw new InvalidArgumentError("options", `must be an object, received ${describe(options)}`);
  }
  const base = httpUrl("options.baseUrl", options.baseUrl);
  const baseUrl = base.href.replace(/\/+$/, "");
  const userId = nonEmptyString("options.userId", options.userId);
  nonEmptyString("options.appKey", options.appKey);

  let wsUrl: string;
  if (options.wsUrl === undefined) {
    wsUrl = `${baseUrl.replace(/^http/, "ws")}${FEED_PATH}`;
  } else {
    const text = nonEmptyString("options.wsUrl", options.wsUrl);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new InvalidArgumentError("options.wsUrl", "must be an absolute ws or wss URL");
    }
    if (url.protocol !== "ws:" && url.protocol !== "wss:") {
      throw new InvalidArgumentError("options.wsUrl", `must use ws or wss, not ${url.protocol.slice(0, -1)}`);
    }
    if (url.searchParams.has("key")) {
      throw new InvalidArgumentError("options.wsUrl", "must not carry a key: the client adds a fresh token itself");
    }
    wsUrl = url.href;
  }

  const loginBackoff = resolveBackoff("options.loginBackoff", options.loginBackoff, {
    initialDelayMs: 1000,
    maxDelayMs: 60_000,
  });

  const custom = optionalFunction<FetchFunction>("options.fetch", options.fetch);
  if (custom === undefined && typeof globalThis.fetch !== "function") {
    throw new InvalidArgumentError("options.fetch", "is required: this runtime has no global fetch");
  }
  // Called as a plain function: a browser's fetch throws "Illegal invocation" when called as a method of another object.
  const fetchFn: FetchFunction = custom ?? ((input, init) => globalThis.fetch(input, init));
  const logger = options.logger;
  if (logger !== undefined && (logger === null || typeof logger !== "object")) {
    throw new InvalidArgumentError("options.logger", "must be an object with debug/info/warn/error functions");
  }

  return {
    baseUrl,
    userId,
    timeoutMs: positiveInteger("options.timeoutMs", options.timeoutMs, 10_000),
    tokenRefreshSkewMs: nonNegativeInteger("options.tokenRefreshSkewMs", options.tokenRefreshSkewMs, 60_000),
    loginBackoff,
    maxLtpIdsPerRequest: positiveInteger("options.maxLtpIdsPerRequest", options.maxLtpIdsPerRequest, 1000, 1_000_000),
    ltpConcurrency: positiveInteger("options.ltpConcurrency", options.ltpConcurrency, 4, 64),
    paths: resolvePaths(options.paths),
    wsUrl,
    fetch: fetchFn,
    WebSocket: optionalFunction<WebSocketConstructor>("options.WebSocket", options.WebSocket),
    logger,
    clock: optionalFunction<() => number>("options.clock", options.clock) ?? Date.now,
    random: optionalFunction<() => number>("options.random", options.random) ?? Math.random,
  };
}

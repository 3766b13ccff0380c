// The server's defences against hostile clients: size and time limits on HTTP requests, JSON error answers for the
// requests Node rejects before Fastify sees them, and a failed-login limiter per userId and per remote address.
import { createHash } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

export interface LoginRateLimit {
  /** Length of the counting window (default 60,000 ms); the count starts at a key's first failure. */
  windowMs?: number;
  /** Failed logins per userId in a window before every login for it is refused (default 10). */
  maxFailuresPerUser?: number;
  /** Failed logins per remote address in a window before every login from it is refused (default 100). */
  maxFailuresPerAddress?: number;
  /** Most keys remembered at once; the oldest are forgotten first (default 10,000), so memory stays bounded. */
  maxTrackedKeys?: number;
}

export interface ServerLimits {
  /** Largest request body (default 1 MiB); more is a 413. */
  bodyLimitBytes?: number;
  /** Largest request head, request line and headers together (default 16 KiB, Node's); more is a 431. */
  maxHeaderBytes?: number;
  /** Time for a request's head to arrive in full (default 10,000 ms); then a 408 and the connection is closed. */
  headersTimeoutMs?: number;
  /** Time for a whole request, head and body (default 30,000 ms); then a 408 and the connection is closed. */
  requestTimeoutMs?: number;
  /** A connection with no traffic for this long is closed (default 60,000 ms). */
  idleTimeoutMs?: number;
  /** Failed-login limiting (defaults above); `false` turns it off. */
  loginRateLimit?: LoginRateLimit | false;
}

export interface ResolvedLimits {
  bodyLimitBytes: number;
  maxHeaderBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  loginRateLimit: Required<LoginRateLimit> | false;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isSafeInteger(resolved) || resolved < 1) {
    throw new RangeError(`limits.${name} must be a positive integer, received ${String(value)}`);
  }
  return resolved;
}

export function resolveLimits(limits: ServerLimits = {}): ResolvedLimits {
  const resolved: ResolvedLimits = {
    bodyLimitBytes: positiveInteger("bodyLimitBytes", limits.bodyLimitBytes, 1024 * 1024),
    maxHeaderBytes: positiveInteger("maxHeaderBytes", limits.maxHeaderBytes, 16 * 1024),
    headersTimeoutMs: positiveInteger("headersTimeoutMs", limits.headersTimeoutMs, 10_000),
    requestTimeoutMs: positiveInteger("requestTimeoutMs", limits.requestTimeoutMs, 30_000),
    idleTimeoutMs: positiveInteger("idleTimeoutMs", limits.idleTimeoutMs, 60_000),
    loginRateLimit:
      limits.loginRateLimit === false
        ? false
        : {
            windowMs: positiveInteger("loginRateLimit.windowMs", limits.loginRateLimit?.windowMs, 60_000),
            maxFailuresPerUser: positiveInteger(
              "loginRateLimit.maxFailuresPerUser",
              limits.loginRateLimit?.maxFailuresPerUser,
              10,
            ),
            maxFailuresPerAddress: positiveInteger(
              "loginRateLimit.maxFailuresPerAddress",
              limits.loginRateLimit?.maxFailuresPerAddress,
              100,
            ),
            maxTrackedKeys: positiveInteger(
              "loginRateLimit.maxTrackedKeys",
              limits.loginRateLimit?.maxTrackedKeys,
              10_000,
            ),
          },
  };
  // Node refuses a head timeout longer than the whole-request one.
  if (resolved.headersTimeoutMs > resolved.requestTimeoutMs) {
    throw new RangeError(
      `limits.headersTimeoutMs (${resolved.headersTimeoutMs}) must not exceed limits.requestTimeoutMs (${resolved.requestTimeoutMs})`,
    );
  }
  return resolved;
}

/** Node's http server options for these limits; timeouts are checked every quarter of the head timeout (at most 1 s). */
export function nodeServerOptions(limits: ResolvedLimits) {
  return {
    maxHeaderSize: limits.maxHeaderBytes,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** A body Fastify read but which is not text the JSON parser may see (bad UTF-8, another charset). */
export class InvalidBodyError extends Error {
  readonly statusCode = 400;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The body as text, refusing invalid UTF-8 (which a lenient decoder would turn into U+FFFD and let through). */
export function decodeUtf8Body(body: Uint8Array, contentType: string | undefined): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw new InvalidBodyError(`JSON must be UTF-8, the Content-Type says charset=${charset.slice(0, 40)}`);
  }
  try {
    return strictUtf8.decode(body);
  } catch {
    throw new InvalidBodyError("the body is not valid UTF-8");
  }
}

/**
 * Node's own refusals (a head too large, a request too slow, malformed HTTP) happen before Fastify routes anything;
 * this answers them with the same JSON error body as the routes instead of an empty or differently shaped one.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex, limits: ResolvedLimits): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  let status = 400;
  let message = `Bad request: malformed HTTP (${error.code ?? "parse error"})`;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    message = `Request timeout: the request did not arrive within ${limits.headersTimeoutMs} ms (head) or ${limits.requestTimeoutMs} ms (whole)`;
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    status = 431;
    message = `Request header fields too large: at most ${limits.maxHeaderBytes} bytes of request line and headers`;
  }
  const body = JSON.stringify({ status: "error", message });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** A userId can be up to a body's size; long ones are hashed so 10,000 keys stay a few hundred KB. */
function userKey(userId: string): string {
  return `user:${userId.length <= 64 ? userId : createHash("sha256").update(userId).digest("base64url")}`;
}

interface Counter {
  failures: number;
  windowEnds: number;
}

/** Counts failed logins per userId and per address in fixed windows; refuses every login for a key over its limit. */
export class LoginLimiter {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly policy: Required<LoginRateLimit>,
    private readonly clock: () => number,
  ) {}

  /** Seconds until a login for (userId, address) is allowed again; 0 when it is allowed now. */
  retryAfterSeconds(userId: string, address: string): number {
    const now = this.clock();
    let wait = 0;
    for (const [key, limit] of this.keys(userId, address)) {
      const counter = this.live(key, now);
      if (counter && counter.failures >= limit) wait = Math.max(wait, counter.windowEnds - now);
    }
    return Math.ceil(wait / 1000);
  }

  recordFailure(userId: string, address: string): void {
    const now = this.clock();
    for (const [key] of this.keys(userId, address)) {
      const counter = this.live(key, now);
      if (counter) counter.failures++;
      else {
        if (this.counters.size >= this.policy.maxTrackedKeys) this.forgetOldest(now);
        this.counters.set(key, { failures: 1, windowEnds: now + this.policy.windowMs });
      }
    }
  }

  /** A good login clears its userId's count (not the address's: one valid account must not launder a spray). */
  recordSuccess(userId: string): void {
    this.counters.delete(userKey(userId));
  }

  private keys(userId: string, address: string): [string, number][] {
    return [
      [userKey(userId), this.policy.maxFailuresPerUser],
      [`addr:${address}`, this.policy.maxFailuresPerAddress],
    ];
  }

  private live(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.windowEnds <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  private forgetOldest(now: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.windowEnds <= now) this.counters.delete(key);
    }
    // Still full: Map keeps insertion order, so the first key is the oldest window.
    const oldest = this.counters.keys().next();
    if (this.counters.size >= this.policy.maxTrackedKeys && !oldest.done) this.counters.delete(oldest.value);
  }
}

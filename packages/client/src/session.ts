// The token lifecycle of docs/contract.md ("Authentication"), without the defects docs/platform.md lists: one login
// at first use, reused until shortly before its `exp`; after a 401, one login shared by every request that saw it,
// and a retry with the new token; failed logins back off, so app_login is never hammered.
import { loginSuccessKind, parseJson, SchemaValidationError } from "@tickwire/rest-schemas";
import { type BackoffOptions, backoffDelay } from "./backoff.js";
import { AbortError, AuthError, HttpError, type TickwireError } from "./errors.js";
import type { HttpTransport } from "./http.js";
import { tokenExpiry } from "./jwt.js";
import type { Log, Redactor } from "./redact.js";
import { errorBodyOf, validationErrorOf } from "./responses.js";

export interface SessionOptions {
  userId: string;
  appKey: string;
  loginPath: string;
  timeoutMs: number;
  refreshSkewMs: number;
  backoff: BackoffOptions;
  clock: () => number;
  random: () => number;
  transport: HttpTransport;
  redactor: Redactor;
  log: Log;
}

export interface SessionStats {
  /** app_login calls made (each one reached the network or failed trying). */
  logins: number;
  loginFailures: number;
  /** Secured requests retried after a 401. */
  authRetries: number;
}

/** How many earlier tokens the redactor keeps matching exactly (the JWT pattern catches the rest anyway). */
const REMEMBERED_TOKENS = 4;

export class TokenSession {
  readonly #appKey: string;
  readonly #options: Omit<SessionOptions, "appKey">;
  #token: string | undefined;
  /** When to log in again ahead of `exp`; undefined: use the token until it is refused. */
  #refreshAt: number | undefined;
  #login: Promise<string> | undefined;
  #failures = 0;
  #nextLoginAt = 0;
  #lastFailure: TickwireError | undefined;
  readonly #issued: string[] = [];
  readonly stats: SessionStats = { logins: 0, loginFailures: 0, authRetries: 0 };

  constructor(options: SessionOptions) {
    const { appKey, ...rest } = options;
    this.#appKey = appKey;
    this.#options = rest;
    options.redactor.add(appKey);
  }

  /** A token to use now: the current one while it is fresh, else the result of a (shared) login. */
  token(signal?: AbortSignal): Promise<string> {
    const token = this.#token;
    if (token !== undefined && (this.#refreshAt === undefined || this.#options.clock() < this.#refreshAt)) {
      return Promise.resolve(token);
    }
    return this.#sharedLogin(signal);
  }

  /**
   * After `used` was refused with a 401: a newer token if another request already logged in, else a new login.
   * Requests that saw the 401 together all land on the same login.
   */
  renew(used: string, signal?: AbortSignal): Promise<string> {
    this.stats.authRetries++;
    this.invalidate(used);
    return this.token(signal);
  }

  /** Forgets `token` if it is the current one (a 401, a 4001 close): the next use logs in. */
  invalidate(token: string): void {
    if (this.#token === token) {
      this.#token = undefined;
      this.#refreshAt = undefined;
    }
  }

  /** A token straight from a login was refused too: count it as a failed login, so the next one backs off. */
  rejected(token: string, status: number): AuthError {
    this.invalidate(token);
    const error = new AuthError(
      `the platform refused a token from a fresh login (HTTP ${status}); not retrying again`,
      "token-rejected",
      { status },
    );
    this.#recordFailure(error);
    return error;
  }

  /** Drops the token, e.g. when the client closes. */
  clear(): void {
    this.#token = undefined;
    this.#refreshAt = undefined;
  }

  #sharedLogin(signal?: AbortSignal): Promise<string> {
    if (this.#login === undefined) {
      const wait = this.#nextLoginAt - this.#options.clock();
      if (wait > 0) {
        const last = this.#lastFailure;
        return Promise.reject(
          new AuthError(
            `app_login is backing off after ${this.#failures} failed attempt${this.#failures === 1 ? "" : "s"}; ` +
              `next attempt allowed in ${wait} ms${last ? ` (last failure: ${last.message})` : ""}`,
            "backoff",
            { retryAfterMs: wait, cause: last },
          ),
        );
      }
      const login = this.#loginOnce();
      this.#login = login;
      const settle = () => {
        if (this.#login === login) this.#login = undefined;
      };
      login.then(settle, settle);
    }
    return withSignal(this.#login, signal);
  }

  async #loginOnce(): Promise<string> {
    const { transport, loginPath, timeoutMs, userId, log } = this.#options;
    this.stats.logins++;
    log("debug", "logging in", { userId });
    try {
      const body = JSON.stringify({ userId, appKey: this.#appKey });
      const answer = await transport.send({ method: "POST", path: loginPath, body, timeoutMs });
      const token = this.#tokenFrom(answer.status, answer.text);
      this.#accept(token, answer.serverDate);
      log("info", "logged in", { userId, refreshInMs: this.#refreshAt && this.#refreshAt - this.#options.clock() });
      return token;
    } catch (error) {
      this.#recordFailure(error as TickwireError);
      throw error;
    }
  }

  #tokenFrom(status: number, text: string): string {
    const { loginPath, userId, redactor } = this.#options;
    if (status === 200) {
      try {
        return parseJson(text, loginSuccessKind).data.accessToken;
      } catch (error) {
        const cause =
          error instanceof SchemaValidationError || error instanceof SyntaxError
            ? validationErrorOf(error, "loginSuccess", redactor)
            : error;
        throw new AuthError("app_login answered 200 without a usable access token", "login-failed", {
          status,
          cause,
        });
      }
    }
    const body = errorBodyOf(text, redactor);
    const said = body.message ? `: ${body.message}` : "";
    if (status === 401) {
      throw new AuthError(`app_login refused user ${userId} (HTTP 401${said})`, "invalid-credentials", { status });
    }
    if (status === 403)
      throw new AuthError(`app_login denied user ${userId} (HTTP 403${said})`, "forbidden", { status });
    const cause = new HttpError({ status, method: "POST", path: loginPath, serverMessage: body.message });
    throw new AuthError(`app_login failed for user ${userId} (HTTP ${status}${said})`, "login-failed", {
      status,
      cause,
    });
  }

  #accept(token: string, serverDate: number | undefined): void {
    const { clock, refreshSkewMs, redactor, log } = this.#options;
    redactor.add(token);
    this.#issued.push(token);
    if (this.#issued.length > REMEMBERED_TOKENS) redactor.forget(this.#issued.shift() as string);
    this.#token = token;
    this.#failures = 0;
    this.#nextLoginAt = 0;
    this.#lastFailure = undefined;
    const exp = tokenExpiry(token);
    const now = clock();
    // `exp` is on the server's clock. The login answer's Date header says what that clock read (to the second: take
    // the middle of it), so the token's remaining life does not depend on how far our clock is off. Without the
    // header (a browser's CORS hides it), our clock stands in for the server's.
    const serverNow = serverDate === undefined ? now : serverDate + 500;
    if (exp === undefined) {
      this.#refreshAt = undefined;
    } else if (exp <= serverNow) {
      // The token is already past its exp: the clocks disagree. Use it until the server refuses it, rather than
      // logging in again at once (and again, and again).
      this.#refreshAt = undefined;
      log("warn", "the new token's exp is already past; using it until it is refused", { skewMs: serverNow - exp });
    } else {
      // Refresh `refreshSkewMs` ahead of exp, but never sooner than half the token's remaining life; the time is
      // counted on our clock from now, so a skewed clock neither refreshes in a loop nor misses the expiry.
      const remaining = exp - serverNow;
      this.#refreshAt = now + remaining - Math.min(refreshSkewMs, remaining / 2);
    }
  }

  #recordFailure(error: TickwireError): void {
    const { backoff, clock, random, log } = this.#options;
    this.stats.loginFailures++;
    const delay = backoffDelay(backoff, this.#failures, random());
    this.#failures++;
    this.#nextLoginAt = clock() + delay;
    this.#lastFailure = error;
    log("warn", "login failed; backing off", { failures: this.#failures, retryInMs: delay, error: error.message });
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `TokenSession { userId: ${JSON.stringify(this.#options.userId)}, hasToken: ${this.#token !== undefined} }`;
  }

  toJSON(): Record<string, unknown> {
    return { userId: this.#options.userId, hasToken: this.#token !== undefined, ...this.stats };
  }
}

/** `promise`, or an AbortError as soon as `signal` fires; the listener is removed either way. */
export function withSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(new AbortError("the request was aborted", "ABORTED"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError("the request was aborted", "ABORTED"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

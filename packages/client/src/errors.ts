// Typed errors, each with a stable `code` in the vocabulary every tickwire package uses (CONTRIBUTING.md, "Error
// codes"). None of them ever holds the app key or a token: messages are scrubbed where they are built, causes from
// outside (fetch, WebSocket) are replaced by scrubbed copies, and toJSON lists the safe fields only.
import { brandErrorClass, codedErrorJSON } from "@tickwire/runtime/internal";

export type TickwireErrorCode =
  | "INVALID_ARGUMENT"
  | "AUTH"
  | "HTTP"
  | "VALIDATION"
  | "TIMEOUT"
  | "NETWORK"
  | "ABORTED"
  | "CLOSED";

/** The base of every error this package throws or reports. */
export class TickwireError extends Error {
  static {
    brandErrorClass(TickwireError, "TickwireError");
  }

  override name = "TickwireError";
  readonly code: TickwireErrorCode;

  constructor(message: string, code: TickwireErrorCode, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** A plain, log-safe object: name, code, message, the subclass's fields, and the cause's summary. */
  toJSON(): Record<string, unknown> {
    return codedErrorJSON(this);
  }
}

/** An option or argument is wrong; thrown synchronously (or as the first rejection) before any request is made. */
export class InvalidArgumentError extends TickwireError {
  static {
    brandErrorClass(InvalidArgumentError, "InvalidArgumentError");
  }

  override name = "InvalidArgumentError";
  /** The option or argument, e.g. `options.baseUrl` or `ids[3]`. */
  readonly argument: string;

  constructor(argument: string, problem: string) {
    super(`${argument} ${problem}`, "INVALID_ARGUMENT");
    this.argument = argument;
  }
}

/**
 * Why authentication failed:
 * - `invalid-credentials`: app_login answered 401 (wrong userId or appKey);
 * - `forbidden`: app_login answered 403;
 * - `login-failed`: app_login answered another status, or a body without a token;
 * - `token-rejected`: a secured request was refused with 401 even with a token from a fresh login;
 * - `backoff`: logins failed recently, and the next attempt is not due yet (`retryAfterMs`); the cause is the last failure.
 */
export type AuthFailure = "invalid-credentials" | "forbidden" | "login-failed" | "token-rejected" | "backoff";

export class AuthError extends TickwireError {
  static {
    brandErrorClass(AuthError, "AuthError");
  }

  override name = "AuthError";
  readonly reason: AuthFailure;
  /** The HTTP status that said so, when there was one. */
  readonly status: number | undefined;
  /** For `backoff`: how long until the client will try app_login again. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    reason: AuthFailure,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, "AUTH", details.cause === undefined ? undefined : { cause: details.cause });
    this.reason = reason;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** The platform answered with an error status (or an error body). */
export class HttpError extends TickwireError {
  static {
    brandErrorClass(HttpError, "HttpError");
  }

  override name = "HttpError";
  readonly status: number;
  readonly method: string;
  /** The request path, without query. */
  readonly path: string;
  /** The body's `message`, when it had one. */
  readonly serverMessage: string | undefined;
  /** The body's `error` text (the LTP endpoint's detail), when it had one. */
  readonly serverError: string | undefined;
  /** The body's `error_type` (newer documented error bodies, e.g. "InputException"), when it had one. */
  readonly serverErrorType: string | undefined;

  constructor(details: {
    status: number;
    method: string;
    path: string;
    serverMessage?: string;
    serverError?: string;
    serverErrorType?: string;
  }) {
    const said = [details.serverMessage, details.serverError].filter((s) => s !== undefined && s !== "").join(": ");
    super(`${details.method} ${details.path} answered HTTP ${details.status}${said ? `: ${said}` : ""}`, "HTTP");
    this.status = details.status;
    this.method = details.method;
    this.path = details.path;
    this.serverMessage = details.serverMessage;
    this.serverError = details.serverError;
    this.serverErrorType = details.serverErrorType;
  }
}

/** One problem in a response body: where it is (a JSON Pointer), what was expected, what came. */
export interface ValidationProblem {
  readonly path: string;
  readonly expected: string;
  readonly received: string;
}

/** A response did not match its schema, or was not JSON. `path` is the first problem's JSON Pointer. */
export class ValidationError extends TickwireError {
  static {
    brandErrorClass(ValidationError, "ValidationError");
  }

  override name = "ValidationError";
  /** The payload kind checked, e.g. `positions` or `ltpSuccess`. */
  readonly kind: string;
  readonly path: string;
  readonly problems: readonly ValidationProblem[];

  constructor(message: string, kind: string, problems: readonly ValidationProblem[]) {
    super(message, "VALIDATION");
    this.kind = kind;
    this.path = problems[0]?.path ?? "";
    this.problems = problems;
  }
}

/** A request (login included) took longer than its timeout; the request was aborted. */
export class TimeoutError extends TickwireError {
  static {
    brandErrorClass(TimeoutError, "TimeoutError");
  }

  override name = "TimeoutError";
  readonly timeoutMs: number;

  constructor(what: string, timeoutMs: number) {
    super(`${what} timed out after ${timeoutMs} ms`, "TIMEOUT");
    this.timeoutMs = timeoutMs;
  }
}

/** The request never got an HTTP answer: connection refused, reset, DNS failure and the like. */
export class NetworkError extends TickwireError {
  static {
    brandErrorClass(NetworkError, "NetworkError");
  }

  override name = "NetworkError";
}

/** The caller's AbortSignal fired. `name` is "AbortError", as fetch's own. */
export class AbortError extends TickwireError {
  static {
    brandErrorClass(AbortError, "AbortError");
  }

  override name = "AbortError";
}

/** The client or feed was closed. */
export class ClosedError extends TickwireError {
  static {
    brandErrorClass(ClosedError, "ClosedError");
  }

  override name = "ClosedError";
}

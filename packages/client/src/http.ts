// One HTTP exchange on the standard fetch: a timeout covering the whole exchange (headers and body), the caller's
// AbortSignal, and fetch's failures turned into typed errors. No Node-only API: this runs wherever fetch does.
import { AbortError, ClosedError, NetworkError, TimeoutError } from "./errors.js";
import type { Redactor } from "./redact.js";

export interface HttpRequest {
  method: "GET" | "POST";
  path: string;
  /** JSON text. */
  body?: string;
  token?: string;
  signal?: AbortSignal;
  timeoutMs: number;
}

export interface HttpAnswer {
  status: number;
  text: string;
  /** The server's clock from its `Date` header (epoch ms, whole seconds), when it sent a readable one. */
  serverDate?: number;
}

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export class HttpTransport {
  /** Aborters of the exchanges in flight, for close(). A set rather than a listener per request on one shared
   * signal: fifty concurrent requests would otherwise trip the runtime's listener-leak warning. */
  readonly #inflight = new Set<() => void>();
  #closed = false;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchFn: FetchFunction,
    private readonly redactor: Redactor,
  ) {}

  /** Aborts every exchange in flight (they end with a ClosedError) and refuses new ones. */
  close(): void {
    this.#closed = true;
    for (const abort of this.#inflight) abort();
    this.#inflight.clear();
  }

  async send(request: HttpRequest): Promise<HttpAnswer> {
    const what = `${request.method} ${request.path}`;
    const external = request.signal;
    if (external?.aborted) throw abortError(what);
    // One controller per exchange, so the timeout and the caller's signal both abort it, and both are released after.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs);
    if (this.#closed) throw closedError(what);
    const onAbort = () => controller.abort();
    external?.addEventListener("abort", onAbort, { once: true });
    this.#inflight.add(onAbort);
    const headers: Record<string, string> = { accept: "*/*" };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
    try {
      const response = await this.fetchFn(this.baseUrl + request.path, {
        method: request.method,
        headers,
        body: request.body,
        signal: controller.signal,
        redirect: "error",
      });
      const text = await response.text();
      const serverDate = dateHeader(response);
      return serverDate === undefined
        ? { status: response.status, text }
        : { status: response.status, text, serverDate };
    } catch (error) {
      if (timedOut) throw new TimeoutError(what, request.timeoutMs);
      if (external?.aborted) throw abortError(what);
      if (this.#closed) throw closedError(what);
      throw new NetworkError(`${what} failed: ${this.redactor.scrub(describeFailure(error))}`, "NETWORK", {
        cause: this.redactor.copyError(error),
      });
    } finally {
      clearTimeout(timer);
      external?.removeEventListener("abort", onAbort);
      this.#inflight.delete(onAbort);
    }
  }
}

function closedError(what: string): ClosedError {
  return new ClosedError(`${what} ended: the client was closed`, "CLOSED");
}

function abortError(what: string): AbortError {
  return new AbortError(`${what} was aborted`, "ABORTED");
}

/** fetch says only "fetch failed"; the reason (ECONNREFUSED and the like) is in the cause. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return `${error.message} (${typeof code === "string" ? `${code}: ` : ""}${cause.message})`;
  }
  return error.message;
}

/** The `Date` header in epoch ms; undefined when absent, unreadable (a browser's CORS hides it) or malformed. */
function dateHeader(response: Response): number | undefined {
  const value = response.headers?.get?.("date");
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

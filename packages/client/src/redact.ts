// Keeps the app key and tokens out of everything the client says: error messages, causes and log lines. What is
// shaped like a secret is defined once in @tickwire/rest-schemas/internal, shared with the sandbox's logger.
import { isSecretFieldName, REDACTED, scrubSecrets } from "@tickwire/rest-schemas/internal";

export { REDACTED };

/** Replaces known secrets (exact values), anything shaped like a JWT, Bearer credentials and `key=` query values. */
export class Redactor {
  readonly #secrets = new Set<string>();

  /** Remembers a secret; values shorter than 4 characters are not worth matching (they would blank ordinary text). */
  add(secret: string): void {
    if (secret.length >= 4) this.#secrets.add(secret);
  }

  /** Forgets a token no longer in use, keeping the set small; the shape patterns still catch it. */
  forget(secret: string): void {
    this.#secrets.delete(secret);
  }

  scrub(text: string): string {
    let out = text;
    for (const secret of this.#secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return scrubSecrets(out);
  }

  /**
   * A scrubbed stand-in for an error from outside (fetch's TypeError, a socket error): same name, message scrubbed,
   * `code` kept, and its cause chain copied the same way (three levels at most). The original is dropped, since its
   * other properties (a request, a URL, headers) are not ours to vouch for.
   */
  copyError(error: unknown, depth = 0): Error {
    if (!(error instanceof Error)) return new Error(this.scrub(String(error)));
    const cause =
      error.cause !== undefined && depth < 3 ? { cause: this.copyError(error.cause, depth + 1) } : undefined;
    const copy = new Error(this.scrub(error.message), cause);
    copy.name = error.name;
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") Object.assign(copy, { code });
    copy.stack = `${copy.name}: ${copy.message}`;
    return copy;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `Redactor { secrets: ${this.#secrets.size} }`;
  }

  toJSON(): Record<string, unknown> {
    return { secrets: this.#secrets.size };
  }
}

/** A URL with its query removed: what error messages and logs may show of a feed address. */
export function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

export type LogLevel = "debug" | "info" | "warn" | "error";

/** Where the client reports what it does. Every line is scrubbed before it gets here. */
export interface Logger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
  error?(message: string, fields?: Record<string, unknown>): void;
}

export type Log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

/** Wraps a logger so that messages and field values pass the redactor; a throwing logger never breaks the client. */
export function redactingLog(logger: Logger | undefined, redactor: Redactor): Log {
  if (!logger) return () => {};
  return (level, message, fields) => {
    const write = logger[level];
    if (typeof write !== "function") return;
    try {
      write.call(logger, redactor.scrub(message), fields === undefined ? undefined : scrubFields(fields, redactor));
    } catch {
      // A logger's own failure is not the caller's problem.
    }
  };
}

function scrubFields(fields: Record<string, unknown>, redactor: Redactor): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (isSecretFieldName(key)) out[key] = REDACTED;
    else if (typeof value === "string") out[key] = redactor.scrub(value);
    else if (value instanceof Error) out[key] = redactor.copyError(value);
    else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      out[key] = scrubFields(value as Record<string, unknown>, redactor);
    } else out[key] = value;
  }
  return out;
}

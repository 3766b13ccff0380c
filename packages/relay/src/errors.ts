// The relay's and its consumer's runtime failures, typed: a stable `code` from the toolkit's one vocabulary (bare
// codes, no package prefix: CONTRIBUTING.md, "Error codes"; the class says the error is the relay's), a message that
// says what failed and where, and the underlying error as `cause`, never folded into the text. A class of its own
// rather than the client's TickwireError: that one's `code` is the client's closed union, which these codes are not
// part of. Branded like every tickwire error, so that `instanceof` holds across installed copies. No message or cause
// holds a secret: the relay's errors are about NATS and the stream, which it reaches without the platform's app key or
// token, and the platform client's own errors (which it reports as they are) are scrubbed by the client.
import { brandErrorClass, codedErrorJSON } from "@tickwire/runtime/internal";

export type RelayErrorCode =
  /** A catch-up (the stream's start, or a replay after a gap or a reconnect) failed: the feed goes on live. */
  | "CATCH_UP_FAILED"
  /** A catch-up's stream read failed and is being tried again (reported once per feed). */
  | "STREAM_READ_RETRYING"
  /** Messages missing from a subject's numbering were passed over: the stream did not hold them within gapWaitMs. */
  | "GAP_PASSED_OVER"
  /** A batch from `tickwire.batch.<segment>` could not be read: none of its frames were delivered. */
  | "BAD_BATCH"
  /** The active relay refused a catch-up request. */
  | "CATCH_UP_REFUSED"
  /** A catch-up request or reply is malformed (RecentFormatError, or its wrapper). */
  | "RECENT_FORMAT"
  /** No relay answered an interest request in time, or the answer could not be read. */
  | "INTEREST_FAILED"
  /** The relay refused an interest request. */
  | "INTEREST_REFUSED"
  /** A NATS subscription or a JetStream consumer of the feed reported an error. */
  | "SUBSCRIPTION_FAILED"
  /** A relayed frame could not be decoded by anything but the codec's own DecodeError. */
  | "BAD_FRAME"
  /** The relay could not hand a publish to NATS: it waits in the backlog. */
  | "PUBLISH_FAILED"
  /** JetStream answered a publish with an error: it waits in the backlog. */
  | "PUBLISH_REFUSED"
  /** Publishes got no ack within publishTimeoutMs: they wait in the backlog. */
  | "PUBLISH_UNACKNOWLEDGED"
  /** JetStream did not answer a catch-up's request before its deadline. */
  | "TIMEOUT"
  /** A catch-up's requests were stopped (the feed closed, or the catch-up ended without them). */
  | "ABORTED"
  /** A stream holds another format than the relay stores, or than the consumer reads (a relay pair's mismatch). */
  | "STREAM_FORMAT"
  /** The relay or the feed is closed. */
  | "CLOSED";

/** The base of every error the relay and subscribeRelay's feed raise themselves. */
export class RelayError extends Error {
  static {
    brandErrorClass(RelayError, "RelayError");
  }

  override name = "RelayError";
  readonly code: RelayErrorCode;

  constructor(message: string, code: RelayErrorCode, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** A plain, log-safe object: name, code, message, the subclass's fields, and the cause's summary. */
  toJSON(): Record<string, unknown> {
    return codedErrorJSON(this);
  }
}

/** A malformed catch-up request or reply: `where` names the part (a field, a byte offset). */
export class RecentFormatError extends RelayError {
  static {
    brandErrorClass(RecentFormatError, "RecentFormatError");
  }

  override name = "RecentFormatError";
  readonly where: string;

  constructor(where: string, what: string) {
    super(`recent frames: ${where} ${what}`, "RECENT_FORMAT");
    this.where = where;
  }
}

// A feed's options, checked up front: a wrong option is an InvalidArgumentError naming it, before any connection.
import type { Int64Mode } from "@tickwire/codec";
import type { BackoffOptions } from "../backoff.js";
import { InvalidArgumentError } from "../errors.js";
import type { InstrumentIdInput } from "../ids.js";
import { nonNegativeInteger, positiveInteger, resolveBackoff } from "../options.js";
import type { OverflowPolicy } from "./queue.js";

export interface MarketDataOptions<M extends Int64Mode = "bigint"> {
  /** Instruments to subscribe to from the start. */
  instrumentIds?: Iterable<InstrumentIdInput>;
  /** "base64" (default: TEXT frames, the platform's usual form) or "binary" (asks for BINARY with `&format=binary`). */
  format?: "base64" | "binary";
  /** How 64-bit fields are decoded: "bigint" (default), "string" or "number" (exact below 2^53, else a decode error). */
  int64?: M;
  /**
   * The codec's zero-allocation path: one message object recycled for every frame. Messages reach listeners only
   * (no async iterator), and each is valid until the listener returns: copy what you keep.
   */
  reuse?: boolean;
  /** Messages an async iterator may hold while its consumer is busy (default 10,000). */
  bufferSize?: number;
  /** What a full iterator buffer gives up: "drop-oldest" (default) or "drop-newest". Drops are counted. */
  overflow?: OverflowPolicy;
  /** Reconnect delays (default 500 ms doubling to 30,000 ms, each drawn from [d/2, d]). */
  reconnect?: Partial<BackoffOptions>;
  /** Reconnect when no frame (data or "ping") arrives for this long, handshake included (default 75,000; 0: off). */
  stallTimeoutMs?: number;
  /** Send "ping" this often (default 30,000 ms; 0: never, only answer). */
  pingIntervalMs?: number;
  /** Largest accepted frame (default 4 MiB). */
  maxFrameBytes?: number;
}

/** The options the connection needs, complete. */
export interface ConnectionOptions {
  binary: boolean;
  reconnect: Required<BackoffOptions>;
  stallTimeoutMs: number;
  pingIntervalMs: number;
}

/**
 * The options delivery needs, complete; `int64` and `maxFrameBytes` are the codec's to check, and `instrumentIds` are
 * checked by the feed after them (the first wrong option is the one reported).
 */
export interface DeliveryOptions<M extends Int64Mode> {
  int64: M | undefined;
  reuse: boolean;
  bufferSize: number;
  overflow: OverflowPolicy;
  maxFrameBytes: number | undefined;
}

export function resolveFeedOptions<M extends Int64Mode>(
  options: MarketDataOptions<M>,
): { connection: ConnectionOptions; delivery: DeliveryOptions<M> } {
  if (options === null || typeof options !== "object") throw new InvalidArgumentError("options", "must be an object");
  const format = options.format ?? "base64";
  if (format !== "base64" && format !== "binary") {
    throw new InvalidArgumentError("options.format", 'must be "base64" or "binary"');
  }
  const overflow = options.overflow ?? "drop-oldest";
  if (overflow !== "drop-oldest" && overflow !== "drop-newest") {
    throw new InvalidArgumentError("options.overflow", 'must be "drop-oldest" or "drop-newest"');
  }
  const reconnect = resolveBackoff("options.reconnect", options.reconnect, { initialDelayMs: 500, maxDelayMs: 30_000 });
  const bufferSize = positiveInteger("options.bufferSize", options.bufferSize, 10_000, 10_000_000);
  const stallTimeoutMs = nonNegativeInteger("options.stallTimeoutMs", options.stallTimeoutMs, 75_000);
  const pingIntervalMs = nonNegativeInteger("options.pingIntervalMs", options.pingIntervalMs, 30_000);
  return {
    connection: { binary: format === "binary", reconnect, stallTimeoutMs, pingIntervalMs },
    delivery: {
      int64: options.int64,
      reuse: options.reuse === true,
      bufferSize,
      overflow,
      maxFrameBytes: options.maxFrameBytes,
    },
  };
}

// The feed's events, typed per subtype, and a small listener registry (no node:events: the feed runs in browsers).
import type { DecodedMessage, DecodeError, Int64Mode } from "@tickwire/codec";
// The names' own entry, not the package root: the root pulls in the protobuf-es runtime and the descriptor.
import { type SubtypeCase, subtypeCases } from "@tickwire/proto/subtypes";

/** The seven subtypes, in field-number order: `@tickwire/proto`'s `subtypeCases`, generated from the descriptor. */
export const SUBTYPES: readonly SubtypeCase[] = subtypeCases;

/** The value of subtype `K` in a message decoded with int64 mode `M`, e.g. `SubtypeValue<"bigint", "TickData">`. */
export type SubtypeValue<M extends Int64Mode, K extends SubtypeCase> = Extract<
  DecodedMessage<M>["subtype"],
  { case: K }
>["value"];

export interface DisconnectInfo {
  /** The WebSocket close code (1006: the connection failed or dropped; 4001: the token expired). */
  code: number;
  reason: string;
  /** Whether the connection had opened (false: the handshake failed). */
  opened: boolean;
  /** The HTTP status of a refused handshake, where the WebSocket implementation tells it (`ws` does). */
  status?: number;
}

export interface ReconnectInfo {
  /** Consecutive reconnect attempts since data last flowed, from 1. */
  attempt: number;
  delayMs: number;
}

export type FeedEvents<M extends Int64Mode> = {
  /** Every decoded message. With `reuse: true` the object is recycled after the listener returns. */
  message: (message: DecodedMessage<M>) => void;
  /**
   * Every decoded message with the bytes it was decoded from (a text frame's base64 decoded), for forwarding the
   * frame unchanged. The bytes are a view valid until the listener returns: copy them to keep them.
   */
  frame: (bytes: Uint8Array, message: DecodedMessage<M>) => void;
  /** A connection opened and the subscriptions were sent. */
  open: () => void;
  disconnect: (info: DisconnectInfo) => void;
  reconnecting: (info: ReconnectInfo) => void;
  /** A `{"type":"error","message":...}` notice from the server (unknown ids, slow-consumer drops, ...). */
  serverError: (message: string) => void;
  /** A frame that could not be decoded, a failed connection attempt or login, a listener that threw. */
  error: (error: Error | DecodeError) => void;
} & {
  [K in SubtypeCase]: (value: SubtypeValue<M, K>, message: DecodedMessage<M>) => void;
};

export type FeedEventName = keyof FeedEvents<"bigint">;

// biome-ignore lint/suspicious/noExplicitAny: listeners of different events have different signatures
type AnyListener = (...args: any[]) => void;

/** A feed's listeners by event name; exported for feeds of the same shape (the relay's consumer). */
export class Listeners {
  readonly #byEvent = new Map<string, AnyListener[]>();

  add(event: string, listener: AnyListener): void {
    const list = this.#byEvent.get(event);
    // Copy on write: a listener removed during an emit does not disturb that emit.
    this.#byEvent.set(event, list ? [...list, listener] : [listener]);
  }

  remove(event: string, listener: AnyListener): void {
    const list = this.#byEvent.get(event);
    if (!list) return;
    const kept = list.filter((l) => l !== listener);
    if (kept.length === 0) this.#byEvent.delete(event);
    else this.#byEvent.set(event, kept);
  }

  has(event: string): boolean {
    return this.#byEvent.has(event);
  }

  count(): number {
    let total = 0;
    for (const list of this.#byEvent.values()) total += list.length;
    return total;
  }

  clear(): void {
    this.#byEvent.clear();
  }

  /** Calls each listener; one that throws is reported to `onThrow` and the others still run. */
  emit(event: string, args: unknown[], onThrow: (error: unknown) => void): void {
    const list = this.#byEvent.get(event);
    if (!list) return;
    for (const listener of list) {
      try {
        listener(...args);
      } catch (error) {
        onThrow(error);
      }
    }
  }
}

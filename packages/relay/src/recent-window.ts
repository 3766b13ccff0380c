// The active relay's recent frames, kept to answer a consumer's catch-up over core NATS (recent-frames.ts has the
// format). A consumer whose NATS server died misses the frames of its reconnect; reading them from the stream needs
// ephemeral consumers, which need JetStream's metadata leader: when the node killed led it, the cluster took seconds
// past the election to create them and serve the reads. The relay published those frames a moment ago and still has
// them: it answers within a round trip, whatever JetStream is doing.
import type { NatsConnection, Subscription } from "@nats-io/transport-node";
import type { RecentStats, RecentWindowOptions } from "./public-types.js";
import {
  encodeRecentError,
  encodeRecentReply,
  parseRecentRequest,
  RECENT_SUBJECT,
  type RecentFrame,
  subjectMatches,
} from "./recent-frames.js";

/** Bytes a kept frame is charged beyond its payload and header texts. */
const ENTRY_OVERHEAD = 64;
/** A reply chunk's size bound: well under nats-server's default max_payload (1 MiB). */
const CHUNK_BYTES = 256 * 1024;

interface Kept {
  frame: RecentFrame;
  receivedAt: number;
  size: number;
}

export class RecentWindow {
  readonly #ms: number;
  readonly #maxBytes: number;
  #kept: Kept[] = [];
  #head = 0;
  #bytes = 0;
  /** Every frame published with a receive time after this is kept. */
  #coversAfterMs: number;
  readonly stats: RecentStats = { requests: 0, refused: 0, framesSent: 0 };

  constructor(options: RecentWindowOptions = {}, now = Date.now()) {
    this.#ms = options.ms ?? 10_000;
    this.#maxBytes = options.maxBytes ?? 16 * 1024 ** 2;
    this.#coversAfterMs = now;
  }

  get coversAfterMs(): number {
    return this.#coversAfterMs;
  }

  get size(): number {
    return this.#kept.length - this.#head;
  }

  /**
   * Starts again from `now`: what was kept was published before another relay held the lock meanwhile (or before this
   * one stood by), so it no longer says everything published since.
   */
  reset(now = Date.now()): void {
    this.#kept = [];
    this.#head = 0;
    this.#bytes = 0;
    this.#coversAfterMs = now;
  }

  /**
   * Keeps a frame the relay has just numbered and published (in numbering order); `receivedAt` is its receive time in
   * epoch ms when the caller has it as a number (else read from the text).
   */
  record(frame: RecentFrame, now = Date.now(), receivedAt = Number(frame.received)): void {
    const size =
      frame.data.length +
      frame.subject.length +
      frame.position.length +
      frame.msgId.length +
      frame.received.length +
      ENTRY_OVERHEAD;
    this.#kept.push({ frame, receivedAt, size });
    this.#bytes += size;
    this.#evict(now);
  }

  #evict(now: number): void {
    const oldest = now - this.#ms;
    while (this.#head < this.#kept.length) {
      const first = this.#kept[this.#head];
      if (this.#bytes <= this.#maxBytes && first.receivedAt >= oldest) break;
      this.#bytes -= first.size;
      if (first.receivedAt > this.#coversAfterMs) this.#coversAfterMs = first.receivedAt;
      this.#kept[this.#head++] = undefined as unknown as Kept;
    }
    if (this.#head > 4096 && this.#head * 2 > this.#kept.length) {
      this.#kept = this.#kept.slice(this.#head);
      this.#head = 0;
    }
  }

  /** The frames kept on any of `filters` received at or after `fromMs`, in the order published. */
  select(filters: readonly string[], fromMs: number, now = Date.now()): RecentFrame[] {
    this.#evict(now);
    const matches = new Map<string, boolean>();
    const out: RecentFrame[] = [];
    for (let i = this.#head; i < this.#kept.length; i++) {
      const { frame, receivedAt } = this.#kept[i];
      if (!(receivedAt >= fromMs)) continue;
      let match = matches.get(frame.subject);
      if (match === undefined) {
        match = filters.some((f) => subjectMatches(f, frame.subject));
        matches.set(frame.subject, match);
      }
      if (match) out.push(frame);
    }
    return out;
  }

  /** Each subject's newest frame kept, in the order published. */
  newestPerSubject(now = Date.now()): RecentFrame[] {
    this.#evict(now);
    const newest = new Map<string, RecentFrame>();
    for (let i = this.#head; i < this.#kept.length; i++) {
      const { frame } = this.#kept[i];
      // Deleted first so that the Map's order is that of each subject's newest frame.
      newest.delete(frame.subject);
      newest.set(frame.subject, frame);
    }
    return [...newest.values()];
  }

  /** Answers catch-up requests on RECENT_SUBJECT (one relay of a queue group answers each) until unsubscribed. */
  serve(nc: NatsConnection): Subscription {
    return nc.subscribe(RECENT_SUBJECT, {
      queue: "tickwire-relay",
      callback: (error, msg) => {
        if (error || !msg.reply) return;
        try {
          const request = parseRecentRequest(msg.data);
          const frames = this.select(request.filters, request.fromMs);
          this.stats.requests++;
          this.stats.framesSent += frames.length;
          for (const chunk of encodeRecentReply(frames, this.#coversAfterMs, CHUNK_BYTES)) nc.publish(msg.reply, chunk);
        } catch (cause) {
          this.stats.refused++;
          try {
            nc.publish(msg.reply, encodeRecentError((cause as Error).message));
          } catch {
            // Disconnected: the consumer asks again.
          }
        }
      },
    });
  }
}

// A consumer's side of a catch-up from the relay's recent frames (recent-frames.ts): asks the active relay over core
// NATS for what it published on the consumer's filters since a time. Nothing answers while no relay is active or the
// relay is itself reconnecting: another request goes every `everyMs`, those still out not abandoned, until one answer
// is complete or the caller stops.
import { createInbox, type NatsConnection } from "@nats-io/transport-node";
import { RelayError } from "./errors.js";
import { decodeRecentChunk, encodeRecentRequest, RECENT_SUBJECT, type RecentFrame } from "./recent-frames.js";

export interface RecentAnswer {
  frames: RecentFrame[];
  /** Every frame the relay published with a receive time after this is in `frames` (from `fromMs` on). */
  coversAfterMs: number;
}

export interface AskRecentOptions {
  /** A new request while none is complete, this often (ms). */
  everyMs: number;
  /** Checked before each request: true ends the asking (resolves undefined). */
  stopped(): boolean;
}

/**
 * Resolves with the first complete answer, or undefined once `stopped()`. Rejects when the relay refuses the request
 * (it is malformed: asking again would not help) or a reply cannot be read.
 */
export function askRecent(
  nc: NatsConnection,
  filters: readonly string[],
  fromMs: number,
  options: AskRecentOptions,
): Promise<RecentAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const inbox = createInbox();
    const partial = new Map<string, RecentFrame[]>();
    let sent = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (error: Error | undefined, answer?: RecentAnswer) => {
      clearTimeout(timer);
      timer = undefined;
      sub.unsubscribe();
      partial.clear();
      if (error) reject(error);
      else resolve(answer);
    };
    const sub = nc.subscribe(`${inbox}.*`, {
      callback: (error, msg) => {
        if (error || timer === undefined) return;
        // No relay subscribed (none active, or it is reconnecting): the server's "no responders" status, no data.
        // The next attempt goes at everyMs.
        if (msg.data.length === 0) return;
        try {
          const chunk = decodeRecentChunk(msg.data);
          if (chunk.error !== undefined) {
            return finish(new RelayError(`the relay refused a catch-up: ${chunk.error}`, "CATCH_UP_REFUSED"));
          }
          const frames = partial.get(msg.subject);
          // A reply to an attempt already given up (none is): a stray chunk is ignored.
          if (frames === undefined) return;
          for (const f of chunk.frames) frames.push(f);
          if (chunk.last) finish(undefined, { frames, coversAfterMs: chunk.coversAfterMs });
        } catch (cause) {
          finish(
            new RelayError(`a catch-up reply from the relay on ${msg.subject} could not be read`, "RECENT_FORMAT", {
              cause,
            }),
          );
        }
      },
    });
    const send = () => {
      if (options.stopped()) return finish(undefined);
      const reply = `${inbox}.${++sent}`;
      partial.set(reply, []);
      try {
        nc.publish(RECENT_SUBJECT, encodeRecentRequest({ filters: [...filters], fromMs }), { reply });
      } catch {
        // Disconnected or closing: the next attempt, if any, goes once reconnected.
      }
      timer = setTimeout(send, options.everyMs);
    };
    timer = setTimeout(send, 0);
  });
}

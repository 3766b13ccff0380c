// The requests of a catch-up's stream read (core-live.ts), sent again while JetStream does not answer them.
import { RelayError } from "./errors.js";

/**
 * A stream read's requests: while none is answered another is sent every REQUEST_EVERY_MS, each waiting up to
 * REQUEST_TIMEOUT_MS, without abandoning those still out. While JetStream elects a leader nothing answers and a
 * request sent then is lost, and the consumer's live messages are held until one is answered: the first request sent
 * after the election comes at most REQUEST_EVERY_MS after it. A consumer may also be placed on a node just killed
 * (nats-server 2.9 does not know it is gone yet) and its creation never answered: the next one, placed again, is
 * already on its way. Before, one request at a time (750 ms, then a 250 ms pause) resumed a consumer reconnected at
 * a kill up to 1.42 s after JetStream answered again (the relay's node-faults test).
 */
export const REQUEST_EVERY_MS = 250;
export const REQUEST_TIMEOUT_MS = 1000;

/** Requests paced by a pilot's (`persistently`): whether it was answered, and who waits for it. */
export interface Pacing {
  answered: boolean;
  waiting: Set<() => void>;
}

/**
 * Sends `request` now and again every REQUEST_EVERY_MS until one is answered, without abandoning those still out;
 * resolves with the first answer (later ones go to `extra`). Fails once `deadline` has passed with none answered,
 * or once `stopped()`. With `pacing` of a follower, while the pilot has no answer, the next one goes only once the one out
 * failed: JetStream serves what is still out when a leader is elected, so many at once would land on it together.
 */
export function persistently<T>(
  deadline: number,
  stopped: () => boolean,
  onFailure: (error: Error) => void,
  request: () => Promise<T>,
  extra?: (value: T) => void,
  pacing?: { pilot: boolean; shared: Pacing },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let out = 0;
    let lastSent = 0;
    let lastError: Error | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (error: Error | undefined, value?: T) => {
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value as T);
    };
    const following = () => pacing !== undefined && !pacing.pilot && !pacing.shared.answered;
    const schedule = () => {
      if (settled || timer !== undefined) return;
      timer = setTimeout(send, Math.max(0, lastSent + REQUEST_EVERY_MS - Date.now()));
    };
    const send = () => {
      timer = undefined;
      if (settled) return;
      if (stopped())
        return settle(
          new RelayError("a JetStream request was stopped: the feed closed or its catch-up ended", "ABORTED"),
        );
      if (Date.now() >= deadline) {
        if (out === 0)
          settle(lastError ?? new RelayError("JetStream answered no request before the deadline", "TIMEOUT"));
        return;
      }
      out++;
      lastSent = Date.now();
      request().then(
        (value) => {
          out--;
          if (settled) return extra?.(value);
          if (pacing?.pilot && !pacing.shared.answered) {
            pacing.shared.answered = true;
            for (const wake of pacing.shared.waiting) wake();
            pacing.shared.waiting.clear();
          }
          settle(undefined, value);
        },
        (error: Error) => {
          out--;
          lastError = error;
          if (settled) return;
          onFailure(error);
          if (Date.now() >= deadline && out === 0) settle(error);
          else if (following()) schedule();
        },
      );
      if (following()) pacing?.shared.waiting.add(schedule);
      else schedule();
    };
    send();
  });
}

// Exponential backoff with "equal jitter": the nth delay is uniform in [d/2, d], d = min(max, initial * factor^n).
// The floor of d/2 means a failing peer is never retried faster than half the nominal pace, and the jitter spreads
// many clients that failed together (a server restart) so they do not come back in lockstep.

export interface BackoffOptions {
  /** The first delay's nominal value, ms. */
  initialDelayMs: number;
  /** The cap on the nominal delay, ms. */
  maxDelayMs: number;
  /** Growth per attempt (default 2). */
  factor?: number;
}

/** The delay before retry number `attempt` (0-based), for a random value in [0, 1). */
export function backoffDelay(options: BackoffOptions, attempt: number, random: number): number {
  const nominal = Math.min(options.maxDelayMs, options.initialDelayMs * (options.factor ?? 2) ** Math.min(attempt, 64));
  return Math.round(nominal / 2 + (nominal / 2) * random);
}

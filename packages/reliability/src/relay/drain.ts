// When a rate's run has drained: the relay has nothing buffered or in flight, and every consumer has what the relay
// published. A whole-feed consumer's target is known (one message per frame the relay received), so it is waited for
// until it reaches it, however far behind it is; a few-instruments consumer has no target and counts as drained once
// its count has not moved for `quietMs`. A consumer below its target that stops moving for `quietMs` is short (frames
// lost); one still moving when the time runs out is catching up, which is not a loss and is reported apart.
//
// The rule before this one took the consumers as done once the relay was idle and their total did not change between
// two polls 50 ms apart: consumers seconds behind (the relay's socket to NATS still holding their frames, the machine
// starved) were counted short with no gap to show for it.

export interface DrainPoll {
  /** Nothing buffered or in flight at the relay (its stored path too). */
  relayIdle: boolean;
  /** Frames the relay received since the base. */
  framesSinceBase: number;
  /** Each consumer's message count since its base. */
  received: number[];
}

export type ConsumerDrainState = "complete" | "quiet" | "catching up" | "short";

export interface DrainOutcome {
  /** Every consumer complete (or, without a target, quiet) and the relay idle. */
  drained: boolean;
  /** Per consumer: complete (its target reached), quiet (no target, not moving), catching up, short (not moving). */
  consumers: ConsumerDrainState[];
  /** What each consumer lacked of its target when the old rule (idle relay, total unchanged for one poll) first held. */
  shortAtFirstQuietPoll: number[] | null;
}

/** Decides, poll by poll, whether a run has drained. `wholeFeed`: each consumer's target is every frame. */
export class DrainWatch {
  readonly #wholeFeed: boolean;
  readonly #quietMs: number;
  #lastCounts: number[] = [];
  #movedAt: number[] = [];
  #previousTotal = -1;
  #shortAtFirstQuietPoll: number[] | null = null;
  #last: DrainPoll | undefined;

  constructor(options: { wholeFeed: boolean; quietMs: number }) {
    this.#wholeFeed = options.wholeFeed;
    this.#quietMs = options.quietMs;
  }

  /** Takes one poll at `now` (ms); true once drained. */
  observe(poll: DrainPoll, now: number): boolean {
    this.#last = poll;
    poll.received.forEach((count, i) => {
      if (this.#lastCounts[i] !== count) {
        this.#lastCounts[i] = count;
        this.#movedAt[i] = now;
      }
    });
    const total = poll.received.reduce((sum, n) => sum + n, 0);
    if (this.#shortAtFirstQuietPoll === null && poll.relayIdle && total === this.#previousTotal) {
      this.#shortAtFirstQuietPoll = poll.received.map((n) =>
        this.#wholeFeed ? Math.max(0, poll.framesSinceBase - n) : 0,
      );
    }
    this.#previousTotal = total;
    return poll.relayIdle && this.#states(now).every((s) => s === "complete" || s === "quiet");
  }

  /** Whether every consumer either reached its target or stopped moving for `quietMs` (nothing more will come). */
  settled(now: number): boolean {
    return this.#last?.relayIdle === true && this.#states(now).every((s) => s !== "catching up");
  }

  #states(now: number): ConsumerDrainState[] {
    const poll = this.#last;
    if (poll === undefined) return [];
    return poll.received.map((count, i) => {
      const quiet = now - (this.#movedAt[i] ?? now) >= this.#quietMs;
      if (!this.#wholeFeed) return quiet ? "quiet" : "catching up";
      if (count >= poll.framesSinceBase) return "complete";
      return quiet ? "short" : "catching up";
    });
  }

  outcome(now: number): DrainOutcome {
    const consumers = this.#states(now);
    return {
      drained: this.#last?.relayIdle === true && consumers.every((s) => s === "complete" || s === "quiet"),
      consumers,
      shortAtFirstQuietPoll: this.#shortAtFirstQuietPoll,
    };
  }
}

/** The counts a relay reports of what it has not yet had stored (its stored-batches path too). */
export interface RelayOwing {
  bufferedMessages: number;
  inFlight: number;
  store: { bufferedMessages: number; inFlight: number } | null;
}

/**
 * What a relay still owes the stream: frames not sent yet, publishes awaiting an ack, publishes waiting to go again.
 * A publish the stream never answered stays awaiting its ack until the relay's publish timeout (5 s) before it joins
 * the backlog and goes again: a count taken once the backlog alone was empty (the rule before, in the node-fault
 * scenario) missed it, and closing the relay then gave it up.
 */
export function owedToStream(relay: RelayOwing): number {
  return (
    relay.bufferedMessages + relay.inFlight + (relay.store ? relay.store.bufferedMessages + relay.store.inFlight : 0)
  );
}

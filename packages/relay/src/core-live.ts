// subscribeRelay's core-NATS live path. Core subscriptions on the subject filters are opened (and flushed to the
// server) first; the live messages that arrive meanwhile are held while the stream's last values (or its history from
// a time) are read through an ephemeral consumer per filter, up to the stream's end; then the held messages follow.
// A stream read that fails (the stream electing a leader, the server lost) is tried again with a growing pause until
// the stream answers; a gap the stream does not fill yet (the relay publishes what the stream missed again once it
// answers) is read again until it is filled or gapWaitMs has passed, the live messages held meanwhile.
// The relay numbers each subject's publishes (positions.ts), so at the seam a message already delivered is skipped, as
// is a relay's retry that core NATS shows twice. A jump in a subject's numbering, or a reconnect (nats-server cuts off
// a consumer too slow to read: core NATS does not queue for it), holds the live messages again and replays the stream
// from before the gap. A catch-up after a gap or a reconnect also asks the active relay for what it published in its
// last seconds (recent-ask.ts): that answer, with the live messages held, completes it without the stream when it
// reaches back far enough.

import type { JsMsg } from "@nats-io/jetstream";
import {
  AckPolicy,
  type ConsumerConfig,
  type ConsumerInfo,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
} from "@nats-io/jetstream";
import { type NatsConnection, nanos, type Subscription } from "@nats-io/transport-node";
import { BATCH_ROOT, BatchedMessage, BatchReader, batchSubjects, type RoutePattern } from "./batch.js";
import { RelayError } from "./errors.js";
import { type LiveHeaders, readLiveHeaders } from "./live-headers.js";
import { type Pacing, persistently, REQUEST_EVERY_MS, REQUEST_TIMEOUT_MS } from "./persistent-request.js";
import { inPositionOrder, SubjectPositions } from "./positions.js";
import { askRecent, type RecentAnswer } from "./recent-ask.js";
import type { RecentFrame } from "./recent-frames.js";
import { LAST_ROOT, STORE_ROOT } from "./stream.js";
import { SUBJECT_ROOT } from "./subjects.js";

export interface CoreLiveStats {
  repeatsSkipped: number;
  gapsDetected: number;
  replays: number;
  replayRetries: number;
  gapsPassedOver: number;
  drops: number;
  relayCatchUps: number;
}

export interface CoreLiveDeps {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  filters: readonly string[];
  /** The feed's counters, updated in place. */
  stats: CoreLiveStats;
  /** How long a gap may wait for the stream to hold what is missing before it is passed over. */
  gapWaitMs: number;
  /** `receivedAt`: the relay's receive time, epoch ms (NaN when unknown). */
  deliver(bytes: Uint8Array, subject: string, receivedAt: number, frameId: string | undefined, seq: number): void;
  report(error: Error): void;
  /** Whether a catch-up also asks the active relay for its recent frames (recent-ask.ts); default true. */
  recentFromRelay?: boolean;
  /** The batched live path: these batch subjects are subscribed instead of the filters, read by `reader`. */
  batches?: { subjects: readonly string[]; reader: BatchReader };
  /**
   * The stream stores batches (format "batches", stream.ts): the start reads the last values' stream (`stream`), a
   * Date start and the replays read the stored batches (`batchStream`), keeping the frames `patterns` match.
   */
  storedBatches?: { batchStream: string; patterns: RoutePattern[] };
}

/** Where a stream read takes its messages from, and how each becomes the messages it delivers. */
interface ReadSource {
  stream: string;
  filters: readonly string[];
  convert(m: JsMsg): Incoming[];
}

interface Incoming {
  data: Uint8Array;
  subject: string;
  headers: LiveHeaders;
  /** Also the position, for ordering and gap checks. */
  position: string | undefined;
  streamSequence: number;
}

/** A replay after a gap starts this long before the subject's last delivered message: the relay's clock and the
 * servers' may differ; the overlap is skipped by numbering. */
const REPLAY_MARGIN_MS = 2000;
/** A stream read that receives nothing for this long is over. */
const READ_IDLE_MS = 5000;
/** Live messages held while the stream is read, at most. */
const MAX_HELD = 1_000_000;
/** Pauses between stream reads that left a gap open: 250 ms, then 500 ms. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 500;
/**
 * How often held live messages are checked for having filled a gap themselves, and how long they are held at least
 * before the check: a subject quieter than that has shown nothing yet, gap or not.
 */
const HELD_CHECK_MS = 100;
const HELD_AT_LEAST_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const receivedOf = (m: Incoming): number => Number(m.headers.received ?? Number.NaN);

function fromRecent(f: RecentFrame): Incoming {
  const headers = { position: f.position, msgId: f.msgId, received: f.received, frameId: f.frameId };
  return { data: f.data, subject: f.subject, headers, position: f.position, streamSequence: 0 };
}

function incoming(m: { data: Uint8Array; subject: string }, headers: LiveHeaders, streamSequence: number): Incoming {
  return { data: m.data, subject: m.subject, headers, position: headers.position, streamSequence };
}

function subscriptionFailed(subject: string, cause: unknown): RelayError {
  return new RelayError(`the subscription to ${subject} failed`, "SUBSCRIPTION_FAILED", { cause });
}

export class CoreLive {
  readonly #deps: CoreLiveDeps;
  #subscriptions: Subscription[] = [];
  readonly #positions = new SubjectPositions();
  /** Live messages held while the stream is being read; undefined when delivering straight away. */
  #held: Incoming[] | undefined;
  #replaying = false;
  /** Where the next replay starts (epoch ms), when a gap was found during a replay. */
  #replayAgainFrom: number | undefined;
  /** The latest relay receive time delivered: where a replay after a reconnect starts. */
  #lastReceivedAt = Number.NaN;
  #closed = false;
  /** Reads the stored batches (format "batches"); its batch numbering is not checked: a stored retry comes late. */
  readonly #storedReader: BatchReader | undefined;

  constructor(deps: CoreLiveDeps) {
    this.#deps = deps;
    if (deps.storedBatches) this.#storedReader = new BatchReader(deps.storedBatches.patterns);
  }

  /** The stream of frames (format "frames"): each stored message is one frame on its subject. */
  #frames(): ReadSource {
    return {
      stream: this.#deps.stream,
      filters: this.#deps.filters,
      convert: (m) => [incoming(m, readLiveHeaders(m), m.seq)],
    };
  }

  /**
   * Format "batches": each subject's last value, stored on `tickwire.last.<...>` and delivered as its
   * `tickwire.md.<...>` frame, with the frame's own position.
   */
  #lastValues(): ReadSource {
    const filters = this.#deps.filters.map((f) =>
      f.startsWith(`${SUBJECT_ROOT}.`) ? `${LAST_ROOT}${f.slice(SUBJECT_ROOT.length)}` : `${LAST_ROOT}.>`,
    );
    return {
      stream: this.#deps.stream,
      filters: [...new Set(filters)],
      convert: (m) => {
        const headers = readLiveHeaders(m);
        const subject = `${SUBJECT_ROOT}${m.subject.slice(LAST_ROOT.length)}`;
        return [{ data: m.data, subject, headers, position: headers.position, streamSequence: m.seq }];
      },
    };
  }

  /** Format "batches": the stored batches of the segments the filters name, the wanted frames received from `fromMs`. */
  #storedBatches(fromMs: number): ReadSource {
    const stored = this.#deps.storedBatches as { batchStream: string; patterns: RoutePattern[] };
    const reader = this.#storedReader as BatchReader;
    const fromMicros = Number.isFinite(fromMs) ? fromMs * 1000 : 0;
    return {
      stream: stored.batchStream,
      filters: batchSubjects(stored.patterns).map((s) => `${STORE_ROOT}${s.slice(BATCH_ROOT.length)}`),
      convert: (m) => {
        const out: Incoming[] = [];
        try {
          reader.read(
            m.data,
            (f) => {
              if (f.receivedMicros >= fromMicros) out.push(f);
            },
            () => {},
            m.seq,
          );
        } catch (cause) {
          // Nothing of it is delivered: its frames' subjects show the hole, passed over after gapWaitMs.
          this.#deps.report(
            new RelayError(`a malformed stored batch on ${m.subject} (stream sequence ${m.seq})`, "BAD_BATCH", {
              cause,
            }),
          );
        }
        return out;
      },
    };
  }

  /** Whether live messages are held while the stream is read (the start, or a gap). */
  get catchingUp(): boolean {
    return this.#held !== undefined || this.#replaying;
  }

  close(): void {
    this.#closed = true;
    for (const s of this.#subscriptions) s.unsubscribe();
    this.#subscriptions = [];
    this.#held = undefined;
  }

  /** Reported once per feed: a stream electing a leader fails every read until it answers. */
  #readRetrying(cause: unknown): RelayError {
    return new RelayError(`reading the stream ${this.#deps.stream} failed, retrying`, "STREAM_READ_RETRYING", {
      cause,
    });
  }

  async start(start: "last" | "new" | Date): Promise<void> {
    const { nc, jsm, stream } = this.#deps;
    // Fails here, like the JetStream path, when there is no stream (no relay has started).
    await jsm.streams.info(stream);
    if (start !== "new") this.#held = [];
    const batches = this.#deps.batches;
    for (const subject of batches?.subjects ?? []) {
      this.#subscriptions.push(
        nc.subscribe(subject, {
          callback: (error, m) => {
            if (error) return this.#deps.report(subscriptionFailed(subject, error));
            try {
              batches?.reader.read(
                m.data,
                (message) => this.#onLive(message),
                () => this.#onBatchGap(),
              );
            } catch (cause) {
              if (batches) batches.reader.stats.badBatches++;
              this.#deps.report(new RelayError(`a malformed batch on ${m.subject}`, "BAD_BATCH", { cause }));
            }
          },
        }),
      );
    }
    for (const filter of batches ? [] : this.#deps.filters) {
      this.#subscriptions.push(
        nc.subscribe(filter, {
          callback: (error, m) => {
            if (error) this.#deps.report(subscriptionFailed(filter, error));
            else this.#onLive(incoming(m, readLiveHeaders(m), 0));
          },
        }),
      );
    }
    // The subscriptions are in place at the server before the stream is read: nothing falls between the two.
    await nc.flush();
    void this.#watchConnection();
    if (start === "new") return;
    const policy: Partial<ConsumerConfig> =
      start === "last"
        ? { deliver_policy: DeliverPolicy.LastPerSubject }
        : { deliver_policy: DeliverPolicy.StartTime, opt_start_time: start.toISOString() };
    // Format "batches": the last values (each up to an interval older than the live frame), or from a Date the stored
    // batches from the first one stored at or after it, without the frames in it received before the date (every
    // frame of an earlier batch was received before that batch was stored, so before the date).
    const source = !this.#deps.storedBatches
      ? this.#frames()
      : start === "last"
        ? this.#lastValues()
        : this.#storedBatches(start.getTime());
    // In the background, as the JetStream path's consumers do: the caller attaches its listeners once this resolves.
    this.#replaying = true;
    void this.#readStream(policy, Number.POSITIVE_INFINITY, (m) => this.#offerStart(m), undefined, source)
      .catch((error) => {
        if (!this.#closed)
          this.#deps.report(
            new RelayError(`reading the stream ${this.#deps.stream}'s start failed`, "CATCH_UP_FAILED", {
              cause: error,
            }),
          );
      })
      .finally(() => {
        this.#replaying = false;
        if (!this.#replayStartHoles()) this.#releaseHeld();
      });
  }

  /**
   * A message of the start's own stream read. The first of each subject begins it (nothing was delivered before it); a
   * later one that jumps in the subject's numbering waits with the held live messages, so that the hole before it is
   * replayed (`#replayStartHoles`) or counted as passed over, never delivered across. Storing batches, the read of the
   * last values can hold two of a subject, the newer one stored (a round of last values) while the read was being
   * delivered: the frames between them are in the stored batches only. Delivering both lost them uncounted (the
   * campaign's six-instrument late joiner missed 5, 29 and 9 frames so, test/last-values-seam.test.ts).
   */
  #offerStart(message: Incoming): void {
    const verdict =
      message instanceof BatchedMessage
        ? this.#positions.classifyAt(message.subject, message.epoch, message.seq, message.msgId, message.receivedAt)
        : this.#positions.classify(message.subject, message.position, message.headers.msgId, receivedOf(message));
    if (verdict === "gap" && this.#held !== undefined) this.#held.push(message);
    else this.#offer(message, true);
  }

  /**
   * Format "batches": the last values are up to an interval older than the live frames held meanwhile, and a Date
   * start's stored batches end up to a batch's bound before them; the frames between come from a replay (the relay's
   * recent window, the stored batches), as after a gap. Returns whether one started (the held messages wait for it).
   * The frames format releases the held messages as they are: its stream read ends where they begin.
   */
  #replayStartHoles(): boolean {
    if (!this.#deps.storedBatches || this.#closed || this.#held === undefined) return false;
    const all = inPositionOrder(this.#held);
    if (this.#positions.missingBefore(all, receivedOf) === 0) return false;
    const from = this.#positions.holesFrom(all, receivedOf);
    this.#deps.stats.gapsDetected++;
    this.#replayFrom(Number.isFinite(from) ? from : this.#lastReceivedAt);
    return true;
  }

  async #watchConnection(): Promise<void> {
    for await (const status of this.#deps.nc.status()) {
      // While disconnected the server sent us nothing (it also cuts off a consumer too slow to read): replay the gap.
      if (status.type === "reconnect" && !this.#closed) {
        this.#deps.stats.gapsDetected++;
        this.#replayFrom(Number.isFinite(this.#lastReceivedAt) ? this.#lastReceivedAt : Date.now());
      }
    }
  }

  /**
   * Frames of the filters' subjects may have gone out in the relay's batches only (it did not know this consumer read
   * them: a lease that lapsed, a relay that took over without having heard the announcement): replay from the last
   * frame delivered, as after a reconnect.
   */
  catchUp(): void {
    if (this.#closed) return;
    this.#deps.stats.gapsDetected++;
    this.#replayFrom(Number.isFinite(this.#lastReceivedAt) ? this.#lastReceivedAt : Date.now());
  }

  /**
   * Holds the live messages while the live subjects' announcement is answered: a relay that did not know this
   * consumer starts publishing its subjects when the announcement reaches it, and those first frames of its epoch must
   * not be delivered before the replay (`catchUp`) of what it sent in batches only, or they would pass it over.
   */
  hold(): void {
    if (!this.#closed) this.#held ??= [];
  }

  /** Ends `hold`: the held messages follow, after a replay if they leave a hole; a running replay releases them. */
  release(): void {
    if (this.#closed || this.#replaying || this.#held === undefined) return;
    if (!this.#replayStartHoles()) this.#releaseHeld();
  }

  /** Batches were missed: replay the stream from the last frame delivered (each subject's numbering skips the rest). */
  #onBatchGap(): void {
    if (this.#closed) return;
    this.#deps.stats.gapsDetected++;
    this.#replayFrom(Number.isFinite(this.#lastReceivedAt) ? this.#lastReceivedAt : Date.now());
  }

  #onLive(message: Incoming): void {
    if (this.#held !== undefined) {
      // Past the bound the newest go: the release then passes over their gap (counted as drops).
      if (this.#held.length >= MAX_HELD) this.#deps.stats.drops++;
      else this.#held.push(message);
      return;
    }
    this.#offer(message, false);
  }

  /** Delivers a message unless it was delivered already; a gap on a live message starts a replay instead. */
  #offer(message: Incoming | BatchedMessage, gapAllowed: boolean): void {
    // A batch's frame carries its position and receive time as numbers: read them without the text forms.
    if (message instanceof BatchedMessage) {
      const { subject, epoch, seq, msgId } = message;
      const receivedAt = message.receivedAt;
      const verdict = this.#positions.classifyAt(subject, epoch, seq, msgId, receivedAt);
      if (verdict === "new" || (verdict === "gap" && gapAllowed)) {
        this.#positions.acceptAt(subject, epoch, seq, msgId, receivedAt);
        this.#delivered(message, receivedAt, message.frameId);
      } else this.#refuse(message, verdict);
      return;
    }
    const { subject, headers } = message;
    const { position, msgId, received } = headers;
    const receivedAt = Number(received ?? Number.NaN);
    const verdict = this.#positions.classify(subject, position, msgId, receivedAt);
    if (verdict === "new" || (verdict === "gap" && gapAllowed)) {
      this.#positions.accept(subject, position, msgId, receivedAt);
      this.#delivered(message, receivedAt, headers.frameId);
    } else this.#refuse(message, verdict);
  }

  #delivered(message: Incoming | BatchedMessage, receivedAt: number, frameId: string | undefined): void {
    if (!(receivedAt <= this.#lastReceivedAt)) this.#lastReceivedAt = receivedAt;
    this.#deps.deliver(message.data, message.subject, receivedAt, frameId, message.streamSequence);
  }

  /** A repeat is skipped; a gap on a live message starts a replay, the message held. */
  #refuse(message: Incoming, verdict: "repeat" | "gap"): void {
    if (verdict === "repeat") {
      this.#deps.stats.repeatsSkipped++;
      return;
    }
    this.#deps.stats.gapsDetected++;
    const from = this.#positions.receivedAt(message.subject);
    this.#held = [message];
    this.#replayFrom(Number.isFinite(from) ? from : this.#lastReceivedAt);
  }

  /**
   * Replays the stream from `fromMs` (less a margin) while live messages are held, then releases them. Until what was
   * read and what is held continue every subject from what was delivered with no hole, the stream is read again after a
   * pause; after gapWaitMs since the gap was found, what is there is delivered and the rest passed over.
   */
  #replayFrom(fromMs: number): void {
    const startMs = (Number.isFinite(fromMs) ? fromMs : Date.now()) - REPLAY_MARGIN_MS;
    this.#held ??= [];
    if (this.#replaying) {
      this.#replayAgainFrom = Math.min(this.#replayAgainFrom ?? startMs, startMs);
      return;
    }
    this.#replaying = true;
    void (async () => {
      let from = startMs;
      this.#deps.stats.replays++;
      while (!this.#closed) {
        this.#replayAgainFrom = undefined;
        const all = await this.#catchUp(from, Date.now() + this.#deps.gapWaitMs);
        if (this.#closed) return;
        // Read and held together, each subject in its numbering's order; nothing arrives while this runs.
        for (const m of all) this.#offer(m, true);
        this.#held = [];
        const again = this.#replayAgainFrom;
        if (again === undefined) return;
        from = again;
        this.#deps.stats.replays++;
      }
    })()
      .catch((error) =>
        this.#deps.report(
          new RelayError(`replaying the stream ${this.#deps.stream} after a gap failed`, "CATCH_UP_FAILED", {
            cause: error,
          }),
        ),
      )
      .finally(() => {
        this.#replaying = false;
        this.#releaseHeld();
      });
  }

  /**
   * Delivers the held live messages, each subject in its numbering's order (a relay's copies published again arrive
   * after newer ones); the stream has had its chance, so a gap left among them is accepted.
   */
  #releaseHeld(): void {
    const held = this.#held;
    this.#held = undefined;
    if (held === undefined || this.#closed) return;
    for (const m of inPositionOrder(held)) this.#offer(m, true);
  }

  /**
   * Reads the stream from `fromMs`, again after a pause while a gap is left open, and checks every HELD_CHECK_MS
   * whether the latest read and the live messages held since continue every subject with no hole. The relay publishes
   * what the stream missed again once the stream answers, to the stream and live: the copies may reach the held
   * messages before the stream holds them, or before the stream answers at all (then the held messages alone, once
   * held HELD_AT_LEAST_MS, can fill it). Meanwhile the active relay is asked for what it published since `fromMs`:
   * when its window reaches back that far, its answer and the held messages are complete once no subject's numbering
   * jumps, whatever JetStream is doing. Returns what to deliver, in each subject's numbering order: complete, or
   * whatever is there at `deadline` (the rest passed over, counted).
   */
  async #catchUp(fromMs: number, firstDeadline: number): Promise<Incoming[]> {
    const began = Date.now();
    // Until the stream first answers, the deadline moves on: what it holds is never passed over because it was slow
    // to answer (a JetStream that elected its metadata leader for 31 s once made a consumer pass over a frame it held);
    // the live messages are held meanwhile, up to MAX_HELD. From its first answer, gapWaitMs is what the relay gets to
    // publish again what the stream missed.
    let deadline = firstDeadline;
    const stop = { stopped: false };
    let latest: Incoming[] | undefined;
    let failed: Error | undefined;
    let from = fromMs;
    // Where the next read starts at the latest, once a read left a hole that began before `from`.
    let rewindTo = Number.POSITIVE_INFINITY;
    // A read that ends wakes the check at once.
    let wake: (() => void) | undefined;
    // The active relay's recent frames, asked at the same time: they need no JetStream leader of any kind. Asked from
    // the same time as the stream, 2 s before the last message delivered: the batched path's segments are flushed
    // apart, so a consumer cut off may have had a later frame of one segment and not an earlier one of another, and on
    // a loaded machine the two can be far apart.
    let fromRelay: RecentAnswer | undefined;
    if (this.#deps.recentFromRelay !== false) {
      askRecent(this.#deps.nc, this.#deps.filters, fromMs, {
        everyMs: REQUEST_EVERY_MS,
        stopped: () => stop.stopped || this.#closed,
      }).then(
        (answer) => {
          fromRelay = answer;
          wake?.();
        },
        (error: Error) => this.#deps.report(error),
      );
    }
    void (async () => {
      for (let attempt = 0; !stop.stopped && !this.#closed; attempt++) {
        const policy = { deliver_policy: DeliverPolicy.StartTime, opt_start_time: new Date(from).toISOString() };
        const read: Incoming[] = [];
        try {
          const source = this.#deps.storedBatches ? this.#storedBatches(Number.NEGATIVE_INFINITY) : this.#frames();
          await this.#readStream(policy, deadline, (m) => read.push(m), stop, source);
          if (latest === undefined) deadline = Math.max(deadline, Date.now() + this.#deps.gapWaitMs);
          latest = read;
        } catch (error) {
          // Only the deadline ends the reads: a read that fails before it (a consumer deleted under it, a server cut
          // off mid-read on a loaded machine) is tried again. Ending at the first failure passed over what the stream
          // held, and the frames a consumer lost that way did not come back.
          if (stop.stopped || this.#closed || (Date.now() >= deadline && latest !== undefined)) throw error;
          if (Date.now() >= deadline) deadline = Date.now() + this.#deps.gapWaitMs;
          if (this.#deps.stats.replayRetries === 0) {
            this.#deps.report(this.#readRetrying(error));
          }
        }
        wake?.();
        await sleep(Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt));
        if (stop.stopped) return;
        // Neither the stream nor the live messages held what is missing: read again (a gap found meanwhile too).
        this.#deps.stats.replayRetries++;
        if (this.#replayAgainFrom !== undefined) from = Math.min(from, this.#replayAgainFrom);
        from = Math.min(from, rewindTo);
      }
    })().catch((error: Error) => {
      failed = error;
      wake?.();
    });
    try {
      for (;;) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, HELD_CHECK_MS);
        });
        if (this.#closed) return [];
        const held = this.#held ?? [];
        const relayed = fromRelay?.frames.map(fromRecent) ?? [];
        // The relay's answer holds everything it published since fromMs: with the live messages held since, complete
        // when no subject's numbering jumps.
        if (fromRelay !== undefined && fromMs > fromRelay.coversAfterMs) {
          const all = inPositionOrder([...relayed, ...held]);
          if (this.#positions.missingBefore(all, receivedOf) === 0) {
            this.#deps.stats.relayCatchUps++;
            return all;
          }
        }
        if (latest !== undefined) {
          const all = inPositionOrder([...latest, ...relayed, ...held]);
          const missing = this.#positions.missingBefore(all, receivedOf);
          if (missing === 0) {
            return all;
          }
          // A replay starts a margin before the time of the one subject whose gap was seen; another subject's hole
          // can begin earlier still (the relay stamps a frame when it receives it and may publish it seconds later on
          // a loaded machine), and reading from the same time again would never fill it: start before it.
          const holes = this.#positions.holesFrom(all, receivedOf);
          if (holes - REPLAY_MARGIN_MS < rewindTo) rewindTo = holes - REPLAY_MARGIN_MS;
          if (Date.now() >= deadline || failed) {
            this.#deps.stats.gapsPassedOver += missing;
            this.#deps.report(
              new RelayError(
                `${missing} messages passed over: the stream ${this.#deps.stream} did not hold them within ${this.#deps.gapWaitMs} ms`,
                "GAP_PASSED_OVER",
                // The reads' failure, when they ended on one before the deadline.
                failed === undefined ? undefined : { cause: failed },
              ),
            );
            return all;
          }
        } else {
          const all = inPositionOrder([...relayed, ...held]);
          if (
            held.length > 0 &&
            Date.now() - began >= HELD_AT_LEAST_MS &&
            this.#positions.missingBefore(all, receivedOf) === 0
          ) {
            return all;
          }
          // No read failure can end the wait here: the reads stop on a failure only once one has answered, or when
          // closed (returned above); until the stream first answers, the live messages are held.
        }
      }
    } finally {
      stop.stopped = true;
    }
  }

  /**
   * Reads the stream up to its end as of now, one ephemeral consumer per filter (server 2.9 takes one filter each).
   * Each request is sent again while it is not answered (`persistently`), until `deadline` (epoch ms); then the read
   * fails.
   */
  async #readStream(
    policy: Partial<ConsumerConfig>,
    deadline: number,
    take: (m: Incoming) => void,
    stop: { stopped: boolean } = { stopped: false },
    source: ReadSource = this.#frames(),
  ): Promise<void> {
    const { nc } = this.#deps;
    const { stream } = source;
    const jsm = await jetstreamManager(nc, { timeout: REQUEST_TIMEOUT_MS, checkAPI: false });
    const js = jetstream(nc, { timeout: REQUEST_TIMEOUT_MS });
    const pacing: Pacing = { answered: false, waiting: new Set() };
    const stopped = () => this.#closed || stop.stopped;
    const onFailure = (error: Error) => {
      if (this.#deps.stats.replayRetries++ === 0) {
        this.#deps.report(this.#readRetrying(error));
      }
    };
    const created = await Promise.all(
      source.filters.map((filter, index) =>
        persistently(
          deadline,
          stopped,
          onFailure,
          () =>
            jsm.consumers.add(stream, {
              ...policy,
              filter_subject: filter,
              ack_policy: AckPolicy.None,
              mem_storage: true,
              num_replicas: 1,
              inactive_threshold: nanos(30_000),
            }),
          // A creation answered after another: not read. Not waited for: its inactivity threshold removes it should
          // this not arrive (as it does one left by a read that failed).
          (extra) => void jsm.consumers.delete(stream, extra.name).catch(() => {}),
          // While nothing answers, the first filter's creation goes every REQUEST_EVERY_MS and the others' one at a
          // time; once it is answered, the others go again at once (one may be on a node just killed).
          { pilot: index === 0, shared: pacing },
        ),
      ),
    );
    // "Up to its end as of now", asked once the consumers exist: messages stored after this are live ones too, held or
    // still to come. Asked before them, while only the metadata leader was being elected (the stream answers at once),
    // it could leave out what the stream stored in the moments after the reconnect: in a traced campaign run a
    // consumer on the node killed found its gap still open after the read and read everything again.
    let end: number;
    try {
      end = (await persistently(deadline, stopped, onFailure, () => jsm.streams.info(stream))).state.last_seq;
    } catch (error) {
      for (const consumer of created) void jsm.consumers.delete(stream, consumer.name).catch(() => {});
      throw error;
    }
    await Promise.all(
      created.map(async (consumer) => {
        // In each subject's numbering order: the relay publishes what the stream did not acknowledge again, which the
        // stream then holds after newer frames of its subject (a Date start took such a frame for a repeat).
        for (const m of inPositionOrder(await this.#readConsumer(jsm, js, consumer, end, source))) take(m);
      }),
    );
  }

  /** Reads an ephemeral consumer up to the stream's end `end`, then deletes it. */
  async #readConsumer(
    jsm: JetStreamManager,
    js: ReturnType<typeof jetstream>,
    info: ConsumerInfo,
    end: number,
    source: ReadSource,
  ): Promise<Incoming[]> {
    const { stream } = source;
    const out: Incoming[] = [];
    try {
      if (info.num_pending === 0) return out;
      // From the creation's answer, not asked again: one request fewer to lose.
      const messages = await js.consumers.getConsumerFromInfo(info).consume({ max_messages: 1000 });
      // Messages counted as pending can age out before they are read: a read that goes quiet ends.
      let idle = setTimeout(() => messages.stop(), READ_IDLE_MS);
      for await (const m of messages) {
        if (this.#closed) break;
        for (const message of source.convert(m)) out.push(message);
        if (m.info.pending === 0 || m.seq >= end) break;
        clearTimeout(idle);
        idle = setTimeout(() => messages.stop(), READ_IDLE_MS);
      }
      clearTimeout(idle);
      messages.stop();
      return out;
    } finally {
      // Not waited for: its inactivity threshold removes it should this not arrive.
      void jsm.consumers.delete(stream, info.name).catch(() => {});
    }
  }
}

// subscribeRelay's core-NATS live path. Core subscriptions on the subject filters are opened (and flushed to the
// server) first; the live messages that arrive meanwhile are held while the stream's last values (or its history from
// a time) are read through an ephemeral consumer per filter, up to the stream's end; then the held messages follow.
// The relay numbers each subject's publishes (positions.ts), so at the seam a message already delivered is skipped, as
// is a relay's retry that core NATS shows twice. A jump in a subject's numbering, or a reconnect (nats-server cuts off
// a consumer too slow to read: core NATS does not queue for it), holds the live messages again and replays the stream
// from before the gap.
import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
} from "@nats-io/jetstream";
import { type NatsConnection, nanos, type Subscription } from "@nats-io/transport-node";
import { type LiveHeaders, readLiveHeaders } from "./live-headers.js";
import { SubjectPositions } from "./positions.js";

interface Incoming {
  data: Uint8Array;
  subject: string;
  headers: LiveHeaders;
  streamSequence: number;
}

export interface CoreLiveStats {
  repeatsSkipped: number;
  gapsDetected: number;
  replays: number;
  drops: number;
}

export interface CoreLiveDeps {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  filters: readonly string[];
  /** The feed's counters, updated in place. */
  stats: CoreLiveStats;
  deliver(
    bytes: Uint8Array,
    subject: string,
    received: string | undefined,
    frameId: string | undefined,
    seq: number,
  ): void;
  report(error: Error): void;
}

/** A replay after a gap starts this long before the subject's last delivered message: the relay's clock and the
 * servers' may differ; the overlap is skipped by numbering. */
const REPLAY_MARGIN_MS = 2000;
/** A stream read that receives nothing for this long is over. */
const READ_IDLE_MS = 5000;
/** Live messages held while the stream is read, at most. */
const MAX_HELD = 1_000_000;

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

  constructor(deps: CoreLiveDeps) {
    this.#deps = deps;
  }

  close(): void {
    this.#closed = true;
    for (const s of this.#subscriptions) s.unsubscribe();
    this.#subscriptions = [];
    this.#held = undefined;
  }

  async start(start: "last" | "new" | Date): Promise<void> {
    const { nc, jsm, stream } = this.#deps;
    // Fails here, like the JetStream path, when there is no stream (no relay has started).
    await jsm.streams.info(stream);
    if (start !== "new") this.#held = [];
    for (const filter of this.#deps.filters) {
      this.#subscriptions.push(
        nc.subscribe(filter, {
          callback: (error, m) => {
            if (error) this.#deps.report(error);
            else this.#onLive({ data: m.data, subject: m.subject, headers: readLiveHeaders(m), streamSequence: 0 });
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
    // In the background, as the JetStream path's consumers do: the caller attaches its listeners once this resolves.
    this.#replaying = true;
    void this.#readStream(policy)
      .catch((error) => this.#deps.report(new Error(`reading the stream's start failed: ${(error as Error).message}`)))
      .finally(() => {
        this.#replaying = false;
        this.#releaseHeld();
      });
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

  #onLive(incoming: Incoming): void {
    if (this.#held !== undefined) {
      // Past the bound the newest go: the release then passes over their gap (counted as drops).
      if (this.#held.length >= MAX_HELD) this.#deps.stats.drops++;
      else this.#held.push(incoming);
      return;
    }
    this.#offer(incoming, false);
  }

  /** Delivers a message unless it was delivered already; a gap on a live message starts a replay instead. */
  #offer(incoming: Incoming, gapAllowed: boolean): void {
    const { subject, headers } = incoming;
    const { position, msgId, received } = headers;
    const verdict = this.#positions.classify(subject, position, msgId);
    if (verdict === "repeat") {
      this.#deps.stats.repeatsSkipped++;
      return;
    }
    if (verdict === "gap" && !gapAllowed) {
      this.#deps.stats.gapsDetected++;
      const from = this.#positions.receivedAt(subject);
      this.#held = [incoming];
      this.#replayFrom(Number.isFinite(from) ? from : this.#lastReceivedAt);
      return;
    }
    const receivedAt = Number(received ?? Number.NaN);
    this.#positions.accept(subject, position, msgId, receivedAt);
    if (!(receivedAt <= this.#lastReceivedAt)) this.#lastReceivedAt = receivedAt;
    this.#deps.deliver(incoming.data, subject, received, headers.frameId, incoming.streamSequence);
  }

  /** Replays the stream from `fromMs` (less a margin) while live messages are held, then releases them. */
  #replayFrom(fromMs: number): void {
    const startMs = (Number.isFinite(fromMs) ? fromMs : Date.now()) - REPLAY_MARGIN_MS;
    this.#held ??= [];
    if (this.#replaying) {
      this.#replayAgainFrom = Math.min(this.#replayAgainFrom ?? startMs, startMs);
      return;
    }
    this.#replaying = true;
    void (async () => {
      let from: number | undefined = startMs;
      while (from !== undefined && !this.#closed) {
        this.#replayAgainFrom = undefined;
        this.#deps.stats.replays++;
        const policy = { deliver_policy: DeliverPolicy.StartTime, opt_start_time: new Date(from).toISOString() };
        await this.#readStream(policy);
        from = this.#replayAgainFrom;
      }
    })()
      .catch((error) => this.#deps.report(new Error(`replay after a gap failed: ${(error as Error).message}`)))
      .finally(() => {
        this.#replaying = false;
        this.#releaseHeld();
      });
  }

  /** Delivers the held live messages; the stream has had its chance, so a gap left among them is accepted. */
  #releaseHeld(): void {
    const held = this.#held;
    this.#held = undefined;
    if (held === undefined || this.#closed) return;
    for (const incoming of held) this.#offer(incoming, true);
  }

  /**
   * Reads the stream up to its end as of now, one ephemeral consumer per filter (server 2.9 takes one filter each),
   * delivering what was not delivered yet.
   */
  async #readStream(policy: Partial<ConsumerConfig>): Promise<void> {
    const { js, jsm, stream } = this.#deps;
    // "Up to its end as of now": messages stored after this are live ones too, held or still to come.
    const end = (await jsm.streams.info(stream)).state.last_seq;
    await Promise.all(
      this.#deps.filters.map(async (filter) => {
        const info = await jsm.consumers.add(stream, {
          ...policy,
          filter_subject: filter,
          ack_policy: AckPolicy.None,
          mem_storage: true,
          num_replicas: 1,
          inactive_threshold: nanos(30_000),
        });
        try {
          if (info.num_pending === 0) return;
          const messages = await (await js.consumers.get(stream, info.name)).consume({ max_messages: 1000 });
          // Messages counted as pending can age out before they are read: a read that goes quiet ends.
          let idle = setTimeout(() => messages.stop(), READ_IDLE_MS);
          for await (const m of messages) {
            if (this.#closed) break;
            this.#offer({ data: m.data, subject: m.subject, headers: readLiveHeaders(m), streamSequence: m.seq }, true);
            if (m.info.pending === 0 || m.seq >= end) break;
            clearTimeout(idle);
            idle = setTimeout(() => messages.stop(), READ_IDLE_MS);
          }
          clearTimeout(idle);
          messages.stop();
        } finally {
          await jsm.consumers.delete(stream, info.name).catch(() => {});
        }
      }),
    );
  }
}

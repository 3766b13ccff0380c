// A consumer of the relay: the same shape as client.marketData() (typed async iterator, per-subtype events, stats,
// idempotent close), fed from NATS instead of a platform WebSocket. Two live paths: "core" (default; core-live.ts),
// core subscriptions with the stream read for the start and after a gap; and "jetstream", ordered consumers, one
// cursor handing out the last values and then the live stream, seamless by construction, at the price of the stream
// leader serving every consumer (see the README for the figures).
import {
  AckPolicy,
  type Consumer,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  jetstream,
  jetstreamManager,
  type OrderedConsumerOptions,
} from "@nats-io/jetstream";
import { connect, type NatsConnection, nanos, type Subscription } from "@nats-io/transport-node";
import { type InstrumentIdInput, InvalidArgumentError, type SubtypeValue } from "@tickwire/client";
import { IteratorFanout, Listeners } from "@tickwire/client/internal";
import { type DecodedMessage, DecodeError, decodeMessage, type Int64Mode } from "@tickwire/codec";
import { type SubtypeCase, subtypeCases } from "@tickwire/proto";
import { BatchReader, batchSubjects, type RoutePattern, routePatterns } from "./batch.js";
import { CoreLive } from "./core-live.js";
import { RelayError } from "./errors.js";
import { toIds } from "./ids.js";
import { LIVE_SUBJECT, type LiveAnswer } from "./live-interest.js";
import type { BatchReaderStats } from "./public-types.js";
import { DEFAULT_STREAM, type StoredFormat, storedFormat } from "./stream.js";
import { FRAME_HEADER, INTEREST_SUBJECT, RECEIVED_HEADER, STATUS_ROOT, subjectFilters } from "./subjects.js";

export interface SubscribeRelayOptions<M extends Int64Mode = "bigint"> {
  /** NATS servers: give every node of a cluster, so that a consumer whose server dies reconnects to another. */
  servers: string | string[];
  /** Instruments to read (any segment). Give these or `subjects`. */
  instruments?: Iterable<InstrumentIdInput>;
  /** Subject filters instead, e.g. "tickwire.md.NSECM.>" (wildcards allowed). */
  subjects?: string[];
  /** Subtypes to read (default all). */
  subtypes?: SubtypeCase[];
  /** "last" (default): the last message of every matching subject, then live; "new": live only; a Date: from then. */
  start?: "last" | "new" | Date;
  /**
   * How live messages arrive: "core" (default) subscriptions, with the stream read for the start and after a gap;
   * or "jetstream" ordered consumers throughout (one cursor, slower at high rates and with many consumers).
   */
  live?: "core" | "jetstream";
  stream?: string;
  int64?: M;
  /** Ask the relay to carry the instruments (and renew the lease while open). Default true with `instruments`. */
  requestInterest?: boolean;
  /**
   * How often interest is renewed (default 20,000 ms: a third of the relay's default lease). It is also renewed at
   * once when a relay announces that it became active (a takeover), on the status subject.
   */
  interestRenewMs?: number;
  /**
   * Core path: how long a gap in a subject's numbering may wait for the stream to hold the missing messages (the
   * relay publishes again what the stream missed once it answers) before it is passed over (default 30,000 ms). While
   * the stream does not answer at all (a leader being elected), the wait goes on and the live messages are held: what
   * it holds is not passed over for being slow to answer.
   */
  gapWaitMs?: number;
  /**
   * Core path: a catch-up (after a reconnect or a gap) also asks the active relay for the frames it published in its
   * last seconds, over core NATS, besides reading the stream: a consumer whose server died fills its gap within a
   * round trip whatever JetStream is electing (default true).
   */
  catchUpFromRelay?: boolean;
  /**
   * Core path: "batch" reads the relay's batches (`tickwire.batch.<segment>`, many frames per NATS message) and keeps
   * the frames it wants; "subjects" subscribes the per-instrument subjects; "auto" (default) takes batches for
   * `batchFromInstruments` instruments or more, or a subject filter with any instrument (a whole segment).
   */
  path?: "auto" | "batch" | "subjects";
  /** With path "auto": from how many instruments the batches are read (default 20). */
  batchFromInstruments?: number;
  bufferSize?: number;
  overflow?: "drop-oldest" | "drop-newest";
}

export type RelayFeedState = "connecting" | "open" | "closed";

export interface RelayFeedStats {
  state: RelayFeedState;
  messages: Record<SubtypeCase, number>;
  messagesTotal: number;
  frames: number;
  bytes: number;
  drops: number;
  decodeErrors: number;
  /** Copies of a frame that the relay published to several matching subjects, delivered once. */
  duplicatesSkipped: number;
  /** Ordered consumers recreated after a gap or a lost server (the stream position is kept). */
  consumerResets: number;
  /** Core path: messages already delivered, skipped (the seam with the stream's last values, a relay's retry). */
  repeatsSkipped: number;
  /** Core path: gaps in a subject's numbering, or reconnects, after which the stream was replayed. */
  gapsDetected: number;
  /** Core path: stream replays run after gaps (several gaps found during one replay share the next one). */
  replays: number;
  /** Core path: stream reads that failed (no leader, a lost server) or found a gap still open, and were tried again. */
  replayRetries: number;
  /** Core path: messages passed over because the stream still lacked them after gapWaitMs. */
  gapsPassedOver: number;
  /** Core path: catch-ups completed from the relay's recent frames, not waiting for the stream. */
  relayCatchUps: number;
  /** Core path: live messages are held while the stream is read (the start, or after a gap). */
  catchingUp: boolean;
  /** Reconnects to NATS (to another node when given several: its server died, or cut it off as slow). */
  reconnects: number;
  /** The name of the NATS server it is connected to (undefined before the first connection). */
  server: string | undefined;
  subscriptions: number;
  interestRequests: number;
  interestFailures: number;
  /** Which live path it reads: the relay's batches or the per-instrument subjects ("jetstream" with live jetstream). */
  livePath: "batch" | "subjects" | "jetstream";
  /** The batched path: batches read, frames in them, frames skipped unread (not wanted), batches missed. */
  batches: BatchReaderStats;
}

/** What the relay stamps on each message: when it received the frame from the platform (epoch ms). */
export interface RelayMessageInfo {
  subject: string;
  receivedAt: number;
  /** The stream's sequence; 0 for a message that arrived live over core NATS (stored, but not numbered for us). */
  streamSequence: number;
}

type RelayEvents<M extends Int64Mode> = {
  message: (message: DecodedMessage<M>, info: RelayMessageInfo) => void;
  open: () => void;
  error: (error: Error) => void;
} & {
  [K in SubtypeCase]: (value: SubtypeValue<M, K>, message: DecodedMessage<M>) => void;
};

const ignore = () => {};
const EVENT_NAMES = new Set<string>(["message", "open", "error", ...subtypeCases]);
/** Recent multi-subject frame ids remembered to deliver such a frame once. */
const FRAME_MEMORY = 4096;

export class RelayFeed<M extends Int64Mode = "bigint"> {
  readonly #options: SubscribeRelayOptions<M>;
  readonly #filters: string[];
  readonly #instruments: bigint[];
  readonly #listeners = new Listeners();
  readonly #fanout: IteratorFanout<DecodedMessage<M>>;
  readonly #recentFrames = new Set<string>();
  readonly #stats: Omit<RelayFeedStats, "state" | "subscriptions" | "catchingUp" | "server" | "livePath" | "batches">;
  #batchReader: BatchReader | undefined;
  #state: RelayFeedState = "connecting";
  #nc: NatsConnection | undefined;
  #consumers: ConsumerMessages[] = [];
  #core: CoreLive | undefined;
  #interestTimer: ReturnType<typeof setInterval> | undefined;
  #statusSub: Subscription | undefined;
  /** The activations seen on the status subject (`<relay>@<activeSince>`). */
  readonly #activations = new Set<string>();
  #interestAnswered = false;
  /** Format "batches", per-instrument path: the id under which the filters are announced to the relay. */
  #liveId: string | undefined;
  #liveAnswered = false;
  #liveTimer: ReturnType<typeof setInterval> | undefined;
  #readyWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  #closing: Promise<void> | undefined;

  constructor(options: SubscribeRelayOptions<M>) {
    if (options === null || typeof options !== "object") throw new InvalidArgumentError("options", "must be an object");
    this.#options = options;
    this.#instruments = toIds(options.instruments, "options.instruments");
    const subtypes = options.subtypes ?? [];
    for (const [i, s] of subtypes.entries()) {
      if (!subtypeCases.includes(s)) throw new InvalidArgumentError(`options.subtypes[${i}]`, "is not a subtype");
    }
    if (options.subjects !== undefined) {
      if (!Array.isArray(options.subjects) || options.subjects.some((s) => typeof s !== "string" || s.length === 0)) {
        throw new InvalidArgumentError("options.subjects", "must be a list of subject filters");
      }
      this.#filters = [...options.subjects];
    } else {
      if (this.#instruments.length === 0) {
        throw new InvalidArgumentError("options.instruments", "give instruments or subjects");
      }
      this.#filters = subjectFilters(this.#instruments, subtypes);
    }
    const start = options.start ?? "last";
    if (start !== "last" && start !== "new" && !(start instanceof Date && Number.isFinite(start.getTime()))) {
      throw new InvalidArgumentError("options.start", 'must be "last", "new" or a valid Date');
    }
    if (options.path !== undefined && !["auto", "batch", "subjects"].includes(options.path)) {
      throw new InvalidArgumentError("options.path", 'must be "auto", "batch" or "subjects"');
    }
    const threshold = options.batchFromInstruments;
    if (threshold !== undefined && (!Number.isInteger(threshold) || threshold < 1)) {
      throw new InvalidArgumentError("options.batchFromInstruments", "must be a positive integer");
    }
    if (options.live !== undefined && options.live !== "core" && options.live !== "jetstream") {
      throw new InvalidArgumentError("options.live", 'must be "core" or "jetstream"');
    }
    this.#stats = {
      messages: Object.fromEntries(subtypeCases.map((s) => [s, 0])) as Record<SubtypeCase, number>,
      messagesTotal: 0,
      frames: 0,
      bytes: 0,
      drops: 0,
      decodeErrors: 0,
      duplicatesSkipped: 0,
      consumerResets: 0,
      repeatsSkipped: 0,
      gapsDetected: 0,
      replays: 0,
      replayRetries: 0,
      gapsPassedOver: 0,
      relayCatchUps: 0,
      reconnects: 0,
      interestRequests: 0,
      interestFailures: 0,
    };
    const bufferSize = options.bufferSize ?? 10_000;
    if (!Number.isInteger(bufferSize) || bufferSize < 1 || bufferSize > 10_000_000) {
      throw new InvalidArgumentError("options.bufferSize", "must be an integer from 1 to 10000000");
    }
    const overflow = options.overflow ?? "drop-oldest";
    if (overflow !== "drop-oldest" && overflow !== "drop-newest") {
      throw new InvalidArgumentError("options.overflow", 'must be "drop-oldest" or "drop-newest"');
    }
    this.#fanout = new IteratorFanout(bufferSize, overflow, () => this.#stats.drops++);
  }

  get state(): RelayFeedState {
    return this.#state;
  }

  async start(): Promise<void> {
    const servers = typeof this.#options.servers === "string" ? [this.#options.servers] : this.#options.servers;
    const nc = await connect({ servers, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    this.#nc = nc;
    if (this.#isClosed()) {
      await nc.close();
      return;
    }
    void (async () => {
      for await (const status of nc.status()) if (status.type === "reconnect") this.#stats.reconnects++;
    })().catch(() => {});
    const renewEveryMs = this.#options.interestRenewMs ?? 20_000;
    if (this.#instruments.length > 0 && this.#options.requestInterest !== false) {
      this.#watchActivations(nc);
      await this.#requestInterest(nc);
      this.#interestTimer = setInterval(() => void this.#requestInterest(nc), renewEveryMs);
    }
    const js = jetstream(nc);
    const stream = this.#options.stream ?? DEFAULT_STREAM;
    const jsm = await jetstreamManager(nc);
    // What the stream holds (its description says: stream.ts); it fails here when there is no stream (no relay yet).
    const format = storedFormat(
      ((await jsm.streams.info(stream)) as { config: { description?: string } }).config.description,
      stream,
    );
    if ((this.#options.live ?? "core") === "core") {
      const patterns = this.#batchPatterns();
      if (patterns) this.#batchReader = new BatchReader(patterns);
      // A batch-storing relay publishes the per-instrument subjects only for consumers that announce them: announce
      // before subscribing; what it published in batches only until then is the start's to read (the last values and
      // the hole after them, replayed).
      if (!patterns && format.format === "batches") {
        this.#liveId = globalThis.crypto.randomUUID();
        if (this.#statusSub === undefined) this.#watchActivations(nc);
        await this.#announceLive(nc, false);
        this.#liveTimer = setInterval(() => void this.#announceLive(nc, true), renewEveryMs);
      }
      this.#core = new CoreLive({
        storedBatches: this.#storedBatches(format),
        batches:
          patterns && this.#batchReader ? { subjects: batchSubjects(patterns), reader: this.#batchReader } : undefined,
        nc,
        js,
        jsm,
        stream,
        filters: this.#filters,
        stats: this.#stats,
        gapWaitMs: this.#options.gapWaitMs ?? 30_000,
        recentFromRelay: this.#options.catchUpFromRelay ?? true,
        deliver: (bytes, subject, receivedAt, frameId, seq) => this.#deliver(bytes, subject, receivedAt, frameId, seq),
        report: (error) => this.#report(error),
      });
      await this.#core.start(this.#options.start ?? "last");
    }
    // Server 2.9 takes one filter per consumer: one ordered consumer per filter (each instrument keeps its order).
    // Every one is created before any is read: one read while the next were being created delivered its first
    // messages before subscribeRelay resolved, to no listener and no iterator (the caller has neither yet), which
    // lost a Date start's first messages and a late joiner's last values. Reading starts with a pull request, so
    // nothing arrives before the caller's continuation, which runs ahead of any network reply, has attached them.
    else {
      if (format.format === "batches") {
        throw new RelayError(
          `the stream ${stream} stores batches, which live "jetstream" cannot read as one cursor: use live "core"`,
          "STREAM_FORMAT",
        );
      }
      const start = this.#options.start ?? "last";
      const from = start instanceof Date ? await this.#sequenceAt(nc, start) : start;
      const consumers = await Promise.all(this.#filters.map((filter) => this.#createConsumer(js, filter, from)));
      if (this.#isClosed()) return;
      for (const consumer of consumers) await this.#read(consumer);
    }
    if (this.#isClosed()) return;
    this.#state = "open";
    for (const w of this.#readyWaiters) w.resolve();
    this.#readyWaiters = [];
    this.#emit("open", []);
  }

  /** Format "batches": where the stored batches are and which of their frames to keep. */
  #storedBatches(format: StoredFormat): { batchStream: string; patterns: RoutePattern[] } | undefined {
    if (format.format !== "batches" || format.batches === undefined) return undefined;
    const patterns = routePatterns(this.#filters);
    if (patterns === undefined) {
      throw new InvalidArgumentError(
        "options.subjects",
        "must be tickwire.md.<segment>.<instrument>.<subtype> filters (with * or a final >) on a stream that stores batches",
      );
    }
    return { batchStream: format.batches, patterns };
  }

  /** The patterns to read from batches, or undefined for the per-instrument subjects (see `path`). */
  #batchPatterns(): ReturnType<typeof routePatterns> {
    const path = this.#options.path ?? "auto";
    if (path === "subjects") return undefined;
    const patterns = routePatterns(this.#filters);
    if (path === "batch" || patterns === undefined) return patterns;
    const threshold = this.#options.batchFromInstruments ?? 20;
    const wholeSegment = patterns.some((p) => p.instrument === undefined);
    return wholeSegment || this.#instruments.length >= threshold ? patterns : undefined;
  }

  /** A relay that became active (a takeover) does not know our leases: ask it at once. */
  #watchActivations(nc: NatsConnection): void {
    this.#statusSub = nc.subscribe(`${STATUS_ROOT}.*`, {
      callback: (error, msg) => {
        if (error || this.#isClosed()) return;
        let status: { role?: unknown; name?: unknown; activeSince?: unknown };
        try {
          status = JSON.parse(new TextDecoder().decode(msg.data));
        } catch {
          return;
        }
        if (status.role !== "active" || typeof status.activeSince !== "number") return;
        const activation = `${String(status.name)}@${status.activeSince}`;
        if (this.#activations.has(activation)) return;
        const first = this.#activations.size === 0;
        this.#activations.add(activation);
        // The first one seen is usually the relay our last request reached: no need to ask it twice.
        const requestsInterest = this.#instruments.length > 0 && this.#options.requestInterest !== false;
        if (requestsInterest && (!first || !this.#interestAnswered)) void this.#requestInterest(nc);
        if (this.#liveId !== undefined && (!first || !this.#liveAnswered)) void this.#announceLive(nc, true);
      },
    });
  }

  /**
   * Tells the relay (every relay of a pair listens) which per-instrument subjects this feed reads live. A renewal the
   * relay answers as not `continued` (its lease had lapsed, or a relay took over without having heard it) means frames
   * of them may have gone out in batches only: the stream is replayed from the last frame delivered.
   */
  async #announceLive(nc: NatsConnection, renewal: boolean): Promise<void> {
    this.#stats.interestRequests++;
    // A relay that did not know us publishes our subjects from the moment the announcement reaches it: hold those
    // first frames until the answer says whether a replay must come before them.
    const core = renewal ? this.#core : undefined;
    core?.hold();
    let replay = false;
    try {
      const answer = await nc.request(LIVE_SUBJECT, JSON.stringify({ id: this.#liveId, filters: this.#filters }), {
        timeout: 2000,
      });
      const body = JSON.parse(new TextDecoder().decode(answer.data)) as Partial<LiveAnswer> & { error?: string };
      if (body.error) throw new RelayError(`the relay refused the live subjects: ${body.error}`, "INTEREST_REFUSED");
      this.#liveAnswered = true;
      replay = body.continued !== true;
    } catch (error) {
      this.#liveAnswered = false;
      this.#stats.interestFailures++;
      this.#report(
        error instanceof RelayError
          ? error
          : new RelayError(`announcing the live subjects on ${LIVE_SUBJECT} failed`, "INTEREST_FAILED", {
              cause: error,
            }),
      );
    } finally {
      if (replay) core?.catchUp();
      else core?.release();
    }
  }

  async #requestInterest(nc: NatsConnection): Promise<void> {
    this.#stats.interestRequests++;
    try {
      const answer = await nc.request(
        INTEREST_SUBJECT,
        JSON.stringify({ instrumentIds: this.#instruments.map(String) }),
        { timeout: 2000 },
      );
      const body = JSON.parse(new TextDecoder().decode(answer.data)) as { error?: string };
      if (body.error) throw new RelayError(`the relay refused an interest request: ${body.error}`, "INTEREST_REFUSED");
      this.#interestAnswered = true;
    } catch (error) {
      this.#interestAnswered = false;
      // No relay answering (none active yet): the next renewal asks again; data flows whenever it is carried.
      this.#stats.interestFailures++;
      this.#report(
        error instanceof RelayError
          ? error
          : new RelayError(`an interest request on ${INTEREST_SUBJECT} failed`, "INTEREST_FAILED", { cause: error }),
      );
    }
  }

  /**
   * The stream sequence of the first message stored at or after `time`, by the server's own rule and store times, read
   * from a consumer made for the purpose. The ordered consumers start from that sequence, not from the time: one
   * created with a start time could not be recreated after a lost server (nats.js keeps the time in the by-sequence
   * configuration it recreates with, and nats-server refuses the two together), so the feed stalled for good.
   */
  async #sequenceAt(nc: NatsConnection, time: Date): Promise<number> {
    const jsm = await jetstreamManager(nc);
    const stream = this.#options.stream ?? DEFAULT_STREAM;
    const probe = await jsm.consumers.add(stream, {
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: time.toISOString(),
      ack_policy: AckPolicy.None,
      mem_storage: true,
      num_replicas: 1,
      inactive_threshold: nanos(30_000),
    });
    // Nothing reads it; its inactivity threshold removes it should this delete not arrive.
    await jsm.consumers.delete(stream, probe.name).catch(() => {});
    return probe.delivered.stream_seq + 1;
  }

  #createConsumer(js: JetStreamClient, filter: string, from: "last" | "new" | number): Promise<Consumer> {
    const config: Partial<OrderedConsumerOptions> = { filter_subjects: filter };
    if (from === "last") config.deliver_policy = DeliverPolicy.LastPerSubject;
    else if (from === "new") config.deliver_policy = DeliverPolicy.New;
    else {
      config.deliver_policy = DeliverPolicy.StartSequence;
      config.opt_start_seq = from;
    }
    return js.consumers.get(this.#options.stream ?? DEFAULT_STREAM, config);
  }

  async #read(consumer: Consumer): Promise<void> {
    // Heartbeats every second: an ordered consumer whose server died notices within a few seconds and is recreated
    // on another node from where it was.
    const messages = await consumer.consume({ max_messages: 1000, idle_heartbeat: 1000, expires: 5000 });
    this.#consumers.push(messages);
    void (async () => {
      for await (const status of messages.status()) {
        if (status.type === "ordered_consumer_recreated") this.#stats.consumerResets++;
      }
    })().catch(() => {});
    void (async () => {
      for await (const m of messages) {
        const received = Number(m.headers?.get(RECEIVED_HEADER) ?? Number.NaN);
        this.#deliver(m.data, m.subject, received, m.headers?.get(FRAME_HEADER), m.seq);
      }
    })().catch((error) =>
      this.#report(new RelayError("a JetStream consumer of the feed failed", "SUBSCRIPTION_FAILED", { cause: error })),
    );
  }

  #deliver(bytes: Uint8Array, subject: string, receivedAt: number, frameId: string | undefined, seq: number): void {
    if (this.#state === "closed") return;
    if (frameId) {
      if (this.#recentFrames.has(frameId)) {
        this.#stats.duplicatesSkipped++;
        return;
      }
      this.#recentFrames.add(frameId);
      if (this.#recentFrames.size > FRAME_MEMORY) {
        const oldest = this.#recentFrames.values().next().value as string;
        this.#recentFrames.delete(oldest);
      }
    }
    this.#stats.frames++;
    this.#stats.bytes += bytes.length;
    let message: DecodedMessage<M>;
    try {
      message = decodeMessage(bytes, { int64: this.#options.int64 }) as DecodedMessage<M>;
    } catch (error) {
      this.#stats.decodeErrors++;
      this.#report(
        error instanceof DecodeError
          ? error
          : new RelayError(`a frame on ${subject} could not be decoded`, "BAD_FRAME", { cause: error }),
      );
      return;
    }
    this.#stats.messagesTotal++;
    const subtype = message.subtype as { case: SubtypeCase | undefined; value?: unknown };
    // The arguments are built only for an event someone listens to: this runs for every message.
    if (subtype.case !== undefined) {
      this.#stats.messages[subtype.case]++;
      if (this.#listeners.has(subtype.case)) this.#emit(subtype.case, [subtype.value, message]);
    }
    if (this.#listeners.has("message")) {
      const info: RelayMessageInfo = { subject, receivedAt, streamSequence: seq };
      this.#emit("message", [message, info]);
    }
    this.#fanout.push(message);
  }

  on<E extends keyof RelayEvents<M>>(event: E, listener: RelayEvents<M>[E]): () => void {
    if (!EVENT_NAMES.has(event)) throw new InvalidArgumentError("event", `is not a feed event: ${String(event)}`);
    if (typeof listener !== "function") throw new InvalidArgumentError("listener", "must be a function");
    this.#listeners.add(event, listener);
    return () => this.off(event, listener);
  }

  off<E extends keyof RelayEvents<M>>(event: E, listener: RelayEvents<M>[E]): void {
    this.#listeners.remove(event, listener);
  }

  /** A listener that throws is reported on "error" (one of those that throws is not: no loop). */
  readonly #onListenerThrow = (error: unknown) => this.#report(error as Error);

  #emit(event: string, args: unknown[]): void {
    this.#listeners.emit(event, args, event === "error" ? ignore : this.#onListenerThrow);
  }

  #report(error: Error): void {
    if (this.#listeners.has("error")) this.#emit("error", [error]);
  }

  ready(): Promise<void> {
    if (this.#state === "open") return Promise.resolve();
    if (this.#state === "closed") return Promise.reject(new RelayError("the feed is closed", "CLOSED"));
    return new Promise((resolve, reject) => this.#readyWaiters.push({ resolve, reject }));
  }

  messages(): AsyncIterableIterator<DecodedMessage<M>> {
    return this.#fanout.iterator();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<DecodedMessage<M>> {
    return this.messages();
  }

  /** The instruments read (empty with subject filters). */
  subscriptions(): bigint[] {
    return [...this.#instruments];
  }

  stats(): RelayFeedStats {
    return {
      ...this.#stats,
      messages: { ...this.#stats.messages },
      state: this.#state,
      subscriptions: this.#filters.length,
      catchingUp: this.#core?.catchingUp ?? false,
      server: this.#nc?.info?.server_name,
      livePath: this.#options.live === "jetstream" ? "jetstream" : this.#batchReader ? "batch" : "subjects",
      batches: {
        ...(this.#batchReader?.stats ?? {
          batches: 0,
          batchFrames: 0,
          batchFramesSkipped: 0,
          batchGaps: 0,
          badBatches: 0,
        }),
      },
    };
  }

  #isClosed(): boolean {
    return this.#state === "closed";
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#state = "closed";
      clearInterval(this.#interestTimer);
      clearInterval(this.#liveTimer);
      this.#statusSub?.unsubscribe();
      this.#fanout.end();
      for (const w of this.#readyWaiters) w.reject(new RelayError("the feed closed before it was ready", "CLOSED"));
      this.#readyWaiters = [];
      this.#listeners.clear();
      for (const c of this.#consumers) c.stop();
      this.#consumers = [];
      this.#core?.close();
      // The relay stops publishing our subjects now rather than when the lease runs out.
      if (this.#liveId !== undefined && this.#nc && !this.#nc.isClosed()) {
        try {
          this.#nc.publish(LIVE_SUBJECT, JSON.stringify({ id: this.#liveId, filters: [] }));
        } catch {
          // Disconnected: the lease runs out by itself.
        }
      }
      await this.#nc?.close().catch(() => {});
    })();
    return this.#closing;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    const live = this.#options.live ?? "core";
    return `RelayFeed { state: ${JSON.stringify(this.#state)}, live: ${JSON.stringify(live)}, subjects: ${this.#filters.length} }`;
  }

  toJSON(): RelayFeedStats {
    return this.stats();
  }
}

/**
 * Reads relayed market data. Resolves once connected and its consumers exist (interest asked for first, when reading
 * instruments); messages then arrive like a client feed's. What a start from the stream ("last", a Date) delivers comes
 * only after it resolves: listeners attached (or an iterator opened) straight after see it from its first message.
 */
export async function subscribeRelay<M extends Int64Mode = "bigint">(
  options: SubscribeRelayOptions<M>,
): Promise<RelayFeed<M>> {
  const feed = new RelayFeed<M>(options);
  try {
    await feed.start();
  } catch (error) {
    await feed.close();
    throw error;
  }
  return feed;
}

// The relay: one platform session (a @tickwire/client feed) fanned out to NATS JetStream. Each frame is published
// with its original bytes on its instrument's subject; bad input is counted and never published; NATS outages are
// absorbed by a bounded buffer; interest requests add instruments upstream for a lease; with `failover`, a KV lock
// decides which of two relays holds the platform session.

import { randomBytes } from "node:crypto";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection, type Subscription } from "@nats-io/transport-node";
import {
  type ClientOptions,
  createClient,
  type FeedStats,
  InvalidArgumentError,
  type Logger,
  type MarketDataFeed,
  type MarketDataOptions,
  type TickwireClient,
} from "@tickwire/client";
import { DecodeError } from "@tickwire/codec";
import { Batcher } from "./batch.js";
import { RelayError } from "./errors.js";
import { toIds } from "./ids.js";
import { LIVE_SUBJECT, type LiveAnswer, LiveInterest } from "./live-interest.js";
import { ActiveLock } from "./lock.js";
import { publishNewestAgain } from "./newest-again.js";
import type {
  BatchOptions,
  BatchStats,
  LockOptions,
  PublisherStats,
  RecentStats,
  RecentWindowOptions,
  StoreStats,
} from "./public-types.js";
import { NO_PUBLISHES, Publisher } from "./publisher.js";
import { RecentWindow } from "./recent-window.js";
import { frameCopies } from "./slab.js";
import { BatchStore } from "./store.js";
import { ensureStream, type StreamOptions } from "./stream.js";
import { type BadInputReason, INTEREST_SUBJECT, isSubjectToken, routeFrame, statusSubject } from "./subjects.js";

export interface RelayOptions {
  /** The relay's name: one subject token, used in `tickwire.status.<name>` and as the lock holder (default "relay"). */
  name?: string;
  /** The platform account: createClient's options. The relay opens one feed with them. */
  platform: ClientOptions;
  /** Feed options passed on (format, reconnect, stall and ping timing, frame limit). */
  feed?: Pick<MarketDataOptions, "format" | "reconnect" | "stallTimeoutMs" | "pingIntervalMs" | "maxFrameBytes">;
  /** Instruments carried for the relay's whole life. */
  instruments?: Iterable<bigint | number | string>;
  /** NATS servers, e.g. "nats://127.0.0.1:4222" or a list. */
  servers: string | string[];
  stream?: StreamOptions;
  /**
   * Bytes the relay buffers while NATS cannot take them, and (a separate bound) bytes of publishes the stream has
   * not acknowledged yet; past either the oldest are dropped and counted (64 MiB each).
   */
  maxBufferBytes?: number;
  /** Unacknowledged publishes sent again at once while the stream does not answer (a probe; default 512). */
  maxInFlight?: number;
  /** A publish without an ack this long joins the backlog, published again when the stream answers (5,000 ms). */
  publishTimeoutMs?: number;
  /**
   * How long `close()` waits for the frames received so far to be stored (10,000 ms: a replicated stream that loses
   * its leader answers again within about 8 s in the measured node kills). What is still unstored then is given up
   * and counted in `givenUpAtClose`.
   */
  closeTimeoutMs?: number;
  /** How often the status JSON is published (default 1000 ms; 0: never). */
  statusIntervalMs?: number;
  /** How long an instrument asked for on the interest subject stays subscribed without a renewal (60,000 ms). */
  interestLeaseMs?: number;
  /** Two relays for one account: hold the platform session only while holding this lock. */
  failover?: LockOptions | boolean;
  /**
   * The batched live path: every frame also goes, in batches, to `tickwire.batch.<segment>` (core NATS, not stored),
   * which consumers of many instruments read instead of the per-instrument subjects. `false` turns it off.
   */
  batch?: BatchOptions | false;
  /**
   * The frames published in the last seconds, kept to answer a consumer's catch-up over core NATS (a consumer whose
   * server died fills its gap from them without waiting for JetStream). `false` turns it off.
   */
  recentWindow?: RecentWindowOptions | false;
  /**
   * Stream format "batches": which per-instrument subjects get each frame live. "announced" (the default there): only
   * those a consumer reading them has announced (`subscribeRelay` does, on its per-instrument path); "all": every
   * one, for subscribers that do not announce (plain NATS subscriptions). The format "frames" stores those publishes,
   * so it publishes every subject ("all", the only value it takes).
   */
  liveSubjects?: "all" | "announced";
  logger?: Logger;
}

export type RelayRole = "starting" | "active" | "standby" | "closed";

export interface RelayStats extends PublisherStats {
  name: string;
  role: RelayRole;
  /** Data frames from the platform, and how many went to more than one subject. */
  frames: number;
  fannedOut: number;
  badInput: Record<BadInputReason, number>;
  lastBadInput: { reason: BadInputReason; detail: string; at: string } | null;
  nats: { connected: boolean; disconnects: number; reconnects: number };
  /** Platform sessions opened (1, or more after takeovers), and the current feed's stats. */
  platformSessions: number;
  platform: FeedStats | null;
  interest: { requests: number; refused: number; instruments: number; added: number; expired: number };
  /** Which per-instrument subjects are published live, and the announcements that say so (`liveSubjects`). */
  liveSubjects: {
    mode: "all" | "announced";
    /** Consumers whose announcement's lease runs. */
    consumers: number;
    requests: number;
    refused: number;
    expired: number;
  };
  takeovers: number;
  locksLost: number;
  /** Lock renewals the KV did not answer (the relay stayed active: its heartbeat holds the standby off). */
  lockUnanswered: number;
  /** When this relay last became active (epoch ms; 0 when it never was): consumers renew interest when it changes. */
  activeSince: number;
  /** The batched live path: batches published, the frames in them, batches NATS refused. */
  batches: BatchStats;
  /** Consumers' catch-up requests answered from the recent frames. */
  recent: RecentStats;
  /**
   * Stream format "batches": the stored batches and last values, as the stream acknowledged them (the top-level
   * publish figures are then the live per-instrument publishes, which no stream stores). null with "frames".
   */
  store: StoreStats | null;
  /**
   * Publishes (frames; with stream format "batches", stored batches and last values too) still not stored when
   * `close()` stopped waiting for them (`closeTimeoutMs`): what a clean shutdown lost. 0 until `close()`.
   */
  givenUpAtClose: number;
}

export interface Relay {
  readonly name: string;
  readonly role: RelayRole;
  stats(): RelayStats;
  /** Resolves when the relay is active (its platform feed is open). */
  active(): Promise<void>;
  /** Resolves when every frame received so far has been stored (or dropped). */
  drained(): Promise<void>;
  /** Stops the feed, gives up the lock, closes NATS. Idempotent. */
  close(): Promise<void>;
}

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Publishes not yet acknowledged: buffered, or sent and awaiting an ack (`inFlight` counts the backlog too). */
const unsettled = (stats: PublisherStats | undefined): number =>
  stats === undefined ? 0 : stats.bufferedMessages + stats.inFlight;

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new InvalidArgumentError(`options.${name}`, "must be a non-negative integer");
  }
  return value;
}

function positiveOrUndefined(name: string, value: number | undefined): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new InvalidArgumentError(`options.stream.${name}`, "must be a positive integer");
  }
}

/** The stream options a relay acts on, checked before anything connects. */
function validateStream(stream: StreamOptions | undefined): void {
  if (stream === undefined) return;
  if (stream === null || typeof stream !== "object")
    throw new InvalidArgumentError("options.stream", "must be an object");
  if (stream.format !== undefined && stream.format !== "frames" && stream.format !== "batches") {
    throw new InvalidArgumentError("options.stream.format", 'must be "frames" or "batches"');
  }
  if (stream.name !== undefined && !/^[A-Za-z0-9_-]{1,200}$/.test(stream.name)) {
    throw new InvalidArgumentError("options.stream.name", "must be 1 to 200 of A-Z a-z 0-9 _ -");
  }
  const batches = stream.batches;
  if (batches === undefined) return;
  if (stream.format !== "batches") {
    throw new InvalidArgumentError("options.stream.batches", 'applies to format "batches" only');
  }
  if (batches === null || typeof batches !== "object") {
    throw new InvalidArgumentError("options.stream.batches", "must be an object");
  }
  positiveOrUndefined("batches.maxFrames", batches.maxFrames);
  positiveOrUndefined("batches.maxBytes", batches.maxBytes);
  positiveOrUndefined("batches.maxDelayMs", batches.maxDelayMs);
  positiveOrUndefined("batches.lastValueIntervalMs", batches.lastValueIntervalMs);
}

/** Starts a relay. Resolves once NATS is connected and the stream exists; the platform feed follows (see `active`). */
export async function startRelay(options: RelayOptions): Promise<Relay> {
  if (options === null || typeof options !== "object") throw new InvalidArgumentError("options", "must be an object");
  const name = options.name ?? "relay";
  if (!isSubjectToken(name)) throw new InvalidArgumentError("options.name", "must be 1 to 64 of A-Z a-z 0-9 _ -");
  if (options.platform === null || typeof options.platform !== "object") {
    throw new InvalidArgumentError("options.platform", "must hold the client options (baseUrl, userId, appKey)");
  }
  const servers = typeof options.servers === "string" ? [options.servers] : options.servers;
  if (!Array.isArray(servers) || servers.length === 0 || servers.some((s) => typeof s !== "string")) {
    throw new InvalidArgumentError("options.servers", "must be a NATS URL or a list of them");
  }
  const pinned = toIds(options.instruments, "options.instruments");
  validateStream(options.stream);
  const liveSubjects = options.liveSubjects ?? (options.stream?.format === "batches" ? "announced" : "all");
  if (liveSubjects !== "all" && liveSubjects !== "announced") {
    throw new InvalidArgumentError("options.liveSubjects", 'must be "all" or "announced"');
  }
  if (liveSubjects === "announced" && options.stream?.format !== "batches") {
    throw new InvalidArgumentError("options.liveSubjects", '"announced" needs stream format "batches"');
  }
  const relay = new RelayImpl(name, options, pinned, {
    maxBufferBytes: nonNegative("maxBufferBytes", options.maxBufferBytes, 64 * 1024 ** 2),
    maxInFlight: Math.max(1, nonNegative("maxInFlight", options.maxInFlight, 512)),
    publishTimeoutMs: Math.max(1, nonNegative("publishTimeoutMs", options.publishTimeoutMs, 5000)),
    closeTimeoutMs: nonNegative("closeTimeoutMs", options.closeTimeoutMs, 10_000),
    statusIntervalMs: nonNegative("statusIntervalMs", options.statusIntervalMs, 1000),
    interestLeaseMs: Math.max(1, nonNegative("interestLeaseMs", options.interestLeaseMs, 60_000)),
  });
  await relay.start(servers);
  return relay;
}

interface Timing {
  maxBufferBytes: number;
  maxInFlight: number;
  publishTimeoutMs: number;
  closeTimeoutMs: number;
  statusIntervalMs: number;
  interestLeaseMs: number;
}

class RelayImpl implements Relay {
  readonly name: string;
  readonly #options: RelayOptions;
  readonly #timing: Timing;
  readonly #log: Logger;
  readonly #pinned: Set<bigint>;
  /** Instruments asked for on the interest subject, and when their lease ends. */
  readonly #leases = new Map<bigint, number>();
  #role: RelayRole = "starting";
  #nc: NatsConnection | undefined;
  #publisher: Publisher | undefined;
  #batcher: Batcher | undefined;
  #store: BatchStore | undefined;
  #recent: RecentWindow | undefined;
  #recentSub: Subscription | undefined;
  #lock: ActiveLock | undefined;
  #client: TickwireClient | undefined;
  #feed: MarketDataFeed | undefined;
  #interestSub: Subscription | undefined;
  /** Stream format "batches" with live subjects "announced": who reads which per-instrument subjects. */
  readonly #liveInterest: LiveInterest | undefined;
  #liveSub: Subscription | undefined;
  #timers: ReturnType<typeof setInterval>[] = [];
  #lockTimer: ReturnType<typeof setTimeout> | undefined;
  #activeWaiters: (() => void)[] = [];
  #seq = 0;
  #activeSince = 0;
  #heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  #closing: Promise<void> | undefined;
  #givenUpAtClose = 0;
  readonly #counts = {
    frames: 0,
    fannedOut: 0,
    badInput: { decode: 0, "unknown-segment": 0, "no-instrument": 0 } as Record<BadInputReason, number>,
    lastBadInput: null as RelayStats["lastBadInput"],
    nats: { connected: false, disconnects: 0, reconnects: 0 },
    platformSessions: 0,
    interest: { requests: 0, refused: 0, added: 0, expired: 0 },
    takeovers: 0,
    locksLost: 0,
    lockUnanswered: 0,
  };

  constructor(name: string, options: RelayOptions, pinned: bigint[], timing: Timing) {
    this.name = name;
    this.#options = options;
    this.#timing = timing;
    this.#log = options.logger ?? silent;
    this.#pinned = new Set(pinned);
    const announced =
      (options.liveSubjects ?? (options.stream?.format === "batches" ? "announced" : "all")) === "announced";
    if (announced) this.#liveInterest = new LiveInterest(timing.interestLeaseMs);
  }

  get role(): RelayRole {
    return this.#role;
  }

  async start(servers: string[]): Promise<void> {
    const nc = await connect({
      servers,
      name: `tickwire-relay-${this.name}`,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      pingInterval: 5000,
    });
    this.#nc = nc;
    this.#counts.nats.connected = true;
    void this.#watchConnection(nc);
    try {
      await ensureStream(await jetstreamManager(nc), this.#options.stream);
      if (this.#options.batch !== false) {
        this.#batcher = new Batcher((subject, data) => nc.publish(subject, data), this.#options.batch ?? {});
      }
      const batcher = this.#batcher;
      const recentOptions = this.#options.recentWindow;
      if (recentOptions !== false) {
        this.#recent = new RecentWindow({
          ms: nonNegative("recentWindow.ms", recentOptions?.ms, 10_000),
          maxBytes: nonNegative("recentWindow.maxBytes", recentOptions?.maxBytes, 16 * 1024 ** 2),
        });
      }
      const recent = this.#recent;
      const publishOptions = {
        maxBufferBytes: this.#timing.maxBufferBytes,
        maxInFlight: this.#timing.maxInFlight,
        publishTimeoutMs: this.#timing.publishTimeoutMs,
        onError: (error: RelayError) =>
          this.#say("warn", "relay publish not acknowledged; will publish again", {
            code: error.code,
            error: error.message,
            ...(error.cause === undefined ? {} : { cause: String(error.cause) }),
          }),
      };
      const storesBatches = this.#options.stream?.format === "batches";
      if (storesBatches) this.#store = new BatchStore(nc, publishOptions, this.#options.stream?.batches);
      const store = this.#store;
      const liveInterest = this.#liveInterest;
      if (liveInterest) this.#liveSub = this.#serveLiveInterest(nc, liveInterest);
      this.#publisher = new Publisher(nc, {
        ...publishOptions,
        stored: !storesBatches,
        publishLive: liveInterest ? (subject) => liveInterest.wants(subject) : undefined,
        onNumbered: (entry, epoch, n) => {
          recent?.record(
            {
              subject: entry.subject,
              position: entry.position,
              msgId: entry.msgId,
              received: entry.receivedAt,
              frameId: entry.frameId,
              data: entry.bytes,
            },
            Date.now(),
            entry.receivedMicros === undefined ? undefined : entry.receivedMicros / 1000,
          );
          if (entry.batch && batcher) {
            batcher.addNumbered(entry.batch, entry.bytes, entry.receivedAt, epoch, n, entry.receivedMicros);
          }
          if (entry.batch && store) store.add(entry, entry.batch, epoch, n);
        },
      });
      const failover = this.#options.failover;
      if (failover) {
        const holder = `${this.name}.${randomBytes(6).toString("hex")}`;
        const replicas = this.#options.stream?.replicas ?? 1;
        this.#lock = await ActiveLock.open(nc, holder, failover === true ? {} : failover, replicas);
      }
    } catch (error) {
      await nc.close().catch(() => {});
      throw error;
    }
    if (this.#timing.statusIntervalMs > 0) {
      this.#timers.push(setInterval(() => this.#publishStatus(), this.#timing.statusIntervalMs));
    }
    this.#timers.push(
      setInterval(
        () => {
          this.#expireLeases();
          this.#liveInterest?.expire(Date.now());
        },
        Math.min(1000, this.#timing.interestLeaseMs),
      ),
    );
    if (this.#lock) {
      this.#role = "standby";
      void this.#contend();
    } else {
      this.#becomeActive();
    }
  }

  async #watchConnection(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === "disconnect") {
        this.#counts.nats.connected = false;
        this.#counts.nats.disconnects++;
        this.#publisher?.setConnected(false);
        this.#store?.setConnected(false);
        this.#say("warn", "relay lost NATS; buffering", { buffered: this.#publisher?.snapshot().bufferedBytes });
      } else if (status.type === "reconnect") {
        this.#counts.nats.connected = true;
        this.#counts.nats.reconnects++;
        this.#publisher?.setConnected(true);
        this.#store?.setConnected(true);
        // What the lost connection swallowed shows as a gap in the next batch: make sure there is one.
        this.#batcher?.mark();
        // And on each per-instrument subject, when no stream acknowledges (and so republishes) those publishes.
        const again =
          this.#store && this.#recent && this.#role === "active"
            ? publishNewestAgain(nc, this.#recent.newestPerSubject())
            : 0;
        this.#say("info", "relay reconnected to NATS", again > 0 ? { newestPublishedAgain: again } : undefined);
      }
    }
  }

  /**
   * Standby: try the lock every pollMs. Active: renew it every quarter of the TTL; a renewal the KV does not answer
   * changes nothing (the heartbeat keeps the standby off meanwhile); step down only when another relay holds it.
   */
  async #contend(): Promise<void> {
    const lock = this.#lock;
    if (!lock || this.#role === "closed") return;
    if (this.#role === "standby") {
      if (await lock.tryAcquire()) {
        if (this.#isClosed()) {
          await lock.release();
          return;
        }
        this.#counts.takeovers++;
        this.#becomeActive();
      }
    } else if (this.#role === "active") {
      const result = await lock.renew();
      if (result === "lost" && !this.#isClosed()) {
        this.#counts.locksLost++;
        this.#say("warn", "relay saw another relay holding the lock; standing by");
        await this.#stepDown();
      } else if (result === "unknown") {
        this.#counts.lockUnanswered++;
      }
    }
    if (this.#isClosed()) return;
    const delay = this.#role === "active" ? Math.max(50, Math.floor(lock.ttlMs / 4)) : lock.pollMs;
    this.#lockTimer = setTimeout(() => void this.#contend(), delay);
  }

  #isClosed(): boolean {
    return this.#role === "closed";
  }

  #becomeActive(): void {
    this.#role = "active";
    this.#activeSince = Date.now();
    this.#counts.platformSessions++;
    const lock = this.#lock;
    if (lock) this.#heartbeatTimer = setInterval(() => lock.heartbeat(), Math.max(50, Math.floor(lock.ttlMs / 4)));
    const client = createClient({ ...this.#options.platform, logger: this.#options.platform.logger ?? this.#log });
    const feed = client.marketData({
      ...this.#options.feed,
      instrumentIds: [...this.#pinned, ...this.#leases.keys()],
      reuse: true,
    });
    this.#client = client;
    this.#feed = feed;
    feed.on("frame", (bytes, message) => this.#onFrame(bytes, message));
    feed.on("error", (error) => {
      if (error instanceof DecodeError) this.#badInput("decode", `${error.code} in frame ${error.frameIndex}`);
      else this.#say("warn", "relay feed problem", { error: error.message });
    });
    feed.on("open", () => {
      const waiters = this.#activeWaiters;
      this.#activeWaiters = [];
      for (const w of waiters) w();
    });
    // What another relay published meanwhile is not in this one's window: it answers for what it publishes from now.
    this.#recent?.reset();
    if (this.#nc) this.#recentSub = this.#recent?.serve(this.#nc);
    this.#interestSub = this.#nc?.subscribe(INTEREST_SUBJECT, {
      queue: "tickwire-relay",
      callback: (error, msg) => {
        if (error) return;
        msg.respond(this.#onInterest(msg.data));
      },
    });
    // Consumers watching the status subject renew their interest when they see a new activation: an instrument
    // carried only for them is back as soon as this relay is, not at their next renewal.
    this.#publishStatus();
    this.#say("info", "relay active", { name: this.name });
  }

  async #stepDown(): Promise<void> {
    this.#role = "standby";
    clearInterval(this.#heartbeatTimer);
    this.#interestSub?.unsubscribe();
    this.#interestSub = undefined;
    this.#recentSub?.unsubscribe();
    this.#recentSub = undefined;
    const client = this.#client;
    this.#client = undefined;
    this.#feed = undefined;
    await client?.close();
  }

  #onFrame(bytes: Uint8Array, message: Parameters<Parameters<MarketDataFeed["on"]>[1]>[0]): void {
    this.#counts.frames++;
    const route = routeFrame(message as never, bytes);
    if (!route.ok) {
      this.#badInput(route.reason, `message ID ${(message as { ID?: bigint }).ID ?? "?"}`);
      return;
    }
    const publisher = this.#publisher;
    if (!publisher || this.#role !== "active") return;
    const now = performance.timeOrigin + performance.now();
    const receivedAt = now.toFixed(3);
    const receivedMicros = Math.round(now * 1000);
    const copy = frameCopies.copy(bytes);
    const fanned = route.routes.length > 1;
    if (fanned) this.#counts.fannedOut++;
    for (const r of route.routes) {
      publisher.enqueue({
        subject: r.subject,
        msgId: r.msgId,
        bytes: copy,
        receivedAt,
        receivedMicros,
        frameId: fanned ? route.frameId : undefined,
        seq: ++this.#seq,
        // The route is what the batches need of the frame (its subject's parts, key and fan-out): no object per frame.
        batch: this.#batcher || this.#store ? r : undefined,
      });
    }
  }

  #say(level: "info" | "warn", message: string, fields?: Record<string, unknown>): void {
    this.#log[level]?.(message, fields);
  }

  #badInput(reason: BadInputReason, detail: string): void {
    const count = ++this.#counts.badInput[reason];
    this.#counts.lastBadInput = { reason, detail, at: new Date().toISOString() };
    // The first of each kind and then one in a thousand: a broken upstream must not flood the log.
    if (count === 1 || count % 1000 === 0) this.#say("warn", "relay dropped bad input", { reason, detail, count });
  }

  #onInterest(data: Uint8Array): string {
    this.#counts.interest.requests++;
    let ids: bigint[];
    try {
      const request = JSON.parse(new TextDecoder().decode(data)) as { instrumentIds?: unknown };
      ids = toIds(request.instrumentIds as string[], "instrumentIds");
      if (ids.length === 0) throw new InvalidArgumentError("instrumentIds", "is empty");
    } catch (error) {
      this.#counts.interest.refused++;
      return JSON.stringify({ error: `bad interest request: ${(error as Error).message}` });
    }
    const expires = Date.now() + this.#timing.interestLeaseMs;
    const added: bigint[] = [];
    for (const id of ids) {
      if (!this.#pinned.has(id) && !this.#leases.has(id)) added.push(id);
      if (!this.#pinned.has(id)) this.#leases.set(id, expires);
    }
    if (added.length > 0) {
      this.#counts.interest.added += added.length;
      try {
        this.#feed?.subscribe(added);
      } catch (error) {
        this.#say("warn", "relay could not add instruments", { error: (error as Error).message });
      }
    }
    return JSON.stringify({
      relay: this.name,
      added: added.map(String),
      carried: ids.map(String),
      leaseMs: this.#timing.interestLeaseMs,
    });
  }

  /**
   * Announcements of the per-instrument subjects consumers read. Every relay of a pair records them (no queue group),
   * so a standby that takes over publishes them from its first frame; only the active one answers.
   */
  #serveLiveInterest(nc: NatsConnection, interest: LiveInterest): Subscription {
    return nc.subscribe(LIVE_SUBJECT, {
      callback: (error, msg) => {
        if (error) return;
        const result = interest.announce(msg.data, Date.now());
        if (this.#role !== "active") return;
        const answer: LiveAnswer | { error: string } =
          "error" in result
            ? result
            : { relay: this.name, leaseMs: this.#timing.interestLeaseMs, continued: result.continued };
        msg.respond(JSON.stringify(answer));
      },
    });
  }

  #expireLeases(): void {
    const now = Date.now();
    const expired: bigint[] = [];
    for (const [id, until] of this.#leases) {
      if (until <= now) {
        this.#leases.delete(id);
        expired.push(id);
      }
    }
    if (expired.length === 0) return;
    this.#counts.interest.expired += expired.length;
    try {
      this.#feed?.unsubscribe(expired);
    } catch {
      // The feed is closing: nothing to unsubscribe from.
    }
  }

  #publishStatus(): void {
    const nc = this.#nc;
    if (!nc || nc.isClosed()) return;
    try {
      nc.publish(statusSubject(this.name), JSON.stringify({ at: new Date().toISOString(), ...this.stats() }));
    } catch {
      // Disconnected: the next interval tries again.
    }
  }

  stats(): RelayStats {
    const c = this.#counts;
    const empty = { ...NO_PUBLISHES, bufferedMessages: 0, bufferedBytes: 0, inFlight: 0, backlogMessages: 0 };
    const publisher = this.#publisher?.snapshot() ?? empty;
    return {
      name: this.name,
      role: this.#role,
      ...publisher,
      frames: c.frames,
      fannedOut: c.fannedOut,
      badInput: { ...c.badInput },
      lastBadInput: c.lastBadInput,
      nats: { ...c.nats },
      platformSessions: c.platformSessions,
      platform: this.#feed?.stats() ?? null,
      interest: { ...c.interest, instruments: this.#pinned.size + this.#leases.size },
      liveSubjects: {
        mode: this.#liveInterest ? "announced" : "all",
        consumers: this.#liveInterest?.consumers ?? 0,
        ...(this.#liveInterest?.stats ?? { requests: 0, refused: 0, expired: 0 }),
      },
      takeovers: c.takeovers,
      locksLost: c.locksLost,
      lockUnanswered: c.lockUnanswered,
      activeSince: this.#activeSince,
      batches: { ...(this.#batcher?.stats ?? { published: 0, frames: 0, failed: 0 }) },
      recent: { ...(this.#recent?.stats ?? { requests: 0, refused: 0, framesSent: 0 }) },
      store: this.#store?.snapshot() ?? null,
      givenUpAtClose: this.#givenUpAtClose,
    };
  }

  active(): Promise<void> {
    if (this.#role === "active" && this.#feed?.state === "open") return Promise.resolve();
    if (this.#role === "closed") return Promise.reject(new RelayError("the relay is closed", "CLOSED"));
    return new Promise((resolve) => this.#activeWaiters.push(resolve));
  }

  drained(): Promise<void> {
    // The frames first: a frame waiting in the buffer is numbered, so batched and kept as a last value, when sent.
    return (this.#publisher?.drained() ?? Promise.resolve()).then(() => this.#store?.drained());
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      const wasActive = this.#role === "active";
      this.#role = "closed";
      clearTimeout(this.#lockTimer);
      clearInterval(this.#heartbeatTimer);
      for (const timer of this.#timers) clearInterval(timer);
      this.#interestSub?.unsubscribe();
      this.#recentSub?.unsubscribe();
      this.#liveSub?.unsubscribe();
      await this.#client?.close();
      this.#client = undefined;
      this.#feed = undefined;
      // Frames already received are still stored: a clean shutdown loses nothing it can help. The wait outlasts a
      // publish's own timeout, so publishes awaiting the acks of a stream that is electing a leader are not given up
      // (it was 2 s, under the 5 s publish timeout).
      if (this.#counts.nats.connected) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const waited = new Promise((r) => (timer = setTimeout(r, this.#timing.closeTimeoutMs)));
        await Promise.race([this.drained(), waited]);
        // Left armed, this timer kept the process alive after a clean close (`tickwire relay` and SIGTERM).
        clearTimeout(timer);
      }
      this.#givenUpAtClose = unsettled(this.#publisher?.snapshot()) + unsettled(this.#store?.snapshot());
      if (this.#givenUpAtClose > 0) {
        this.#say(
          "warn",
          "relay closed with publishes not stored (no ack within closeTimeoutMs, or NATS unreachable)",
          {
            relay: this.name,
            givenUp: this.#givenUpAtClose,
            closeTimeoutMs: this.#timing.closeTimeoutMs,
          },
        );
      }
      this.#batcher?.flush();
      this.#batcher?.stop();
      this.#publisher?.stop();
      this.#store?.stop();
      if (wasActive) await this.#lock?.release();
      this.#lock?.close();
      await this.#nc?.close().catch(() => {});
    })();
    return this.#closing;
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `Relay { name: ${JSON.stringify(this.name)}, role: ${JSON.stringify(this.#role)} }`;
  }

  toJSON(): RelayStats {
    return this.stats();
  }
}

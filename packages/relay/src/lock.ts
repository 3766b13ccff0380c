// Which of two relays holds the platform session. The lock is a key in a JetStream KV bucket (replicated like the
// stream) whose entries expire after the TTL, taken by create and kept by compare-and-set updates, plus a heartbeat
// on core NATS from the holder every quarter of the TTL. The KV decides who holds it; the heartbeat says the holder is
// alive while the KV cannot answer (a replica lost, its stream electing a leader for several seconds). So the holder
// keeps the lock while the KV is unavailable and gives it up only when it sees another relay holding it, and a
// standby tries to take it only when the holder's heartbeat has been silent for the TTL.

import { jetstreamManager } from "@nats-io/jetstream";
import { type KV, Kvm } from "@nats-io/kv";
import type { NatsConnection, Subscription } from "@nats-io/transport-node";
import type { LockOptions } from "./public-types.js";
import { LOCK_ROOT } from "./subjects.js";

export type RenewResult = "held" | "unknown" | "lost";

interface Heartbeat {
  holder: string;
  revision: number;
  released?: boolean;
}

export class ActiveLock {
  readonly #kv: KV;
  readonly #key: string;
  readonly #nc: NatsConnection;
  readonly #subject: string;
  readonly #holder: string;
  readonly #sub: Subscription;
  readonly ttlMs: number;
  readonly pollMs: number;
  #revision = 0;
  /** The last heartbeat of another holder, and when it came. */
  #other: { heartbeat: Heartbeat; at: number } | undefined;

  private constructor(
    nc: NatsConnection,
    kv: KV,
    holder: string,
    bucket: string,
    key: string,
    ttl: number,
    poll: number,
  ) {
    this.#nc = nc;
    this.#kv = kv;
    this.#key = key;
    this.#holder = holder;
    this.ttlMs = ttl;
    this.pollMs = poll;
    this.#subject = `${LOCK_ROOT}.${bucket}.${key}`;
    this.#sub = nc.subscribe(this.#subject, {
      callback: (error, msg) => {
        if (error) return;
        try {
          const heartbeat = JSON.parse(new TextDecoder().decode(msg.data)) as Heartbeat;
          if (heartbeat.holder === this.#holder) return;
          this.#other = heartbeat.released ? undefined : { heartbeat, at: Date.now() };
        } catch {
          // Not a heartbeat: ignored.
        }
      },
    });
  }

  /** `holder` must be unique to this relay process. */
  static async open(
    nc: NatsConnection,
    holder: string,
    options: LockOptions,
    streamReplicas: number,
  ): Promise<ActiveLock> {
    const ttlMs = options.ttlMs ?? 2000;
    const bucket = options.bucket ?? "tickwire_relay_lock";
    const replicas = options.replicas ?? streamReplicas;
    const kv = await new Kvm(nc).create(bucket, { ttl: ttlMs, history: 1, replicas });
    // A bucket made earlier with other replicas keeps them unless told: a lock on one replica dies with its node.
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(`KV_${bucket}`);
    if (info.config.num_replicas !== replicas) {
      await jsm.streams.update(`KV_${bucket}`, { ...info.config, num_replicas: replicas });
    }
    await nc.flush();
    return new ActiveLock(nc, kv, holder, bucket, options.key ?? "active", ttlMs, options.pollMs ?? 200);
  }

  /** Whether another relay's heartbeat says it holds the lock (heard within the TTL). */
  otherHolderAlive(): boolean {
    return this.#other !== undefined && Date.now() - this.#other.at < this.ttlMs;
  }

  /** Takes the lock if nobody holds it and no holder's heartbeat is heard. */
  async tryAcquire(): Promise<boolean> {
    if (this.otherHolderAlive()) return false;
    try {
      this.#revision = await this.#kv.create(this.#key, this.#holder);
      this.#other = undefined;
      this.heartbeat();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Keeps the lock: "held" when the KV says so, "lost" only when another relay is seen holding it (in the KV, or by
   * a heartbeat with a later revision), "unknown" when the KV does not answer (the holder keeps going).
   */
  async renew(): Promise<RenewResult> {
    const other = this.#other;
    if (other && this.otherHolderAlive() && other.heartbeat.revision > this.#revision) return "lost";
    try {
      this.#revision = await this.#kv.update(this.#key, this.#holder, this.#revision, this.ttlMs);
      return "held";
    } catch {
      // Expired while the KV could not be reached, taken, or no answer: look.
    }
    let entry: Awaited<ReturnType<KV["get"]>>;
    try {
      entry = await this.#kv.get(this.#key);
    } catch {
      return "unknown";
    }
    try {
      if (entry === null || entry.operation !== "PUT") {
        this.#revision = await this.#kv.create(this.#key, this.#holder);
        return "held";
      }
      if (entry.string() !== this.#holder) return "lost";
      this.#revision = await this.#kv.update(this.#key, this.#holder, entry.revision, this.ttlMs);
      return "held";
    } catch {
      return "unknown";
    }
  }

  /** The holder's sign of life on core NATS, which works while the KV's stream has no leader. */
  heartbeat(released = false): void {
    try {
      const beat: Heartbeat = { holder: this.#holder, revision: this.#revision, ...(released ? { released } : {}) };
      this.#nc.publish(this.#subject, JSON.stringify(beat));
    } catch {
      // Disconnected: the next one goes after the reconnect.
    }
  }

  /** Gives the lock up at once, so a standby need not wait for the TTL. */
  async release(): Promise<void> {
    this.heartbeat(true);
    try {
      await this.#kv.delete(this.#key, { previousSeq: this.#revision });
    } catch {
      // Already expired or taken: nothing to give up.
    }
  }

  close(): void {
    this.#sub.unsubscribe();
  }
}

// The active relay's lock: a key in a JetStream KV bucket whose entries expire after the TTL. The active relay
// rewrites it (compare-and-set on its revision) every third of the TTL; a standby tries to create it, which only
// succeeds once the entry has expired, i.e. once the active relay stopped renewing.
import type { KV } from "@nats-io/kv";
import { Kvm } from "@nats-io/kv";
import type { NatsConnection } from "@nats-io/transport-node";

export interface LockOptions {
  /** KV bucket (default "tickwire_relay_lock"). */
  bucket?: string;
  /** The lock's key: one per platform account (default "active"). */
  key?: string;
  /** How long a silent holder keeps the lock (default 1,000 ms). */
  ttlMs?: number;
  /** How often a standby tries to take it (default 200 ms). */
  pollMs?: number;
  replicas?: number;
}

export class ActiveLock {
  readonly #kv: KV;
  readonly #key: string;
  readonly ttlMs: number;
  readonly pollMs: number;
  #revision = 0;

  private constructor(kv: KV, key: string, ttlMs: number, pollMs: number) {
    this.#kv = kv;
    this.#key = key;
    this.ttlMs = ttlMs;
    this.pollMs = pollMs;
  }

  static async open(nc: NatsConnection, options: LockOptions = {}): Promise<ActiveLock> {
    const ttlMs = options.ttlMs ?? 1000;
    const kv = await new Kvm(nc).create(options.bucket ?? "tickwire_relay_lock", {
      ttl: ttlMs,
      history: 1,
      replicas: options.replicas ?? 1,
    });
    return new ActiveLock(kv, options.key ?? "active", ttlMs, options.pollMs ?? 200);
  }

  /** Takes the lock if nobody holds it. */
  async tryAcquire(holder: string): Promise<boolean> {
    try {
      this.#revision = await this.#kv.create(this.#key, holder);
      return true;
    } catch {
      return false;
    }
  }

  /** Renews the lock; false when it was lost (expired and taken, or NATS unreachable). */
  async renew(holder: string): Promise<boolean> {
    try {
      this.#revision = await this.#kv.update(this.#key, holder, this.#revision, this.ttlMs / 2);
      return true;
    } catch {
      return false;
    }
  }

  /** Gives the lock up at once, so a standby need not wait for the TTL. */
  async release(): Promise<void> {
    try {
      await this.#kv.delete(this.#key, { previousSeq: this.#revision });
    } catch {
      // Already expired or taken: nothing to give up.
    }
  }
}

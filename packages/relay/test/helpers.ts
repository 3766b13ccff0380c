// A sandbox platform and real nats-server processes on loopback, and small waiting and checking utilities.
import assert from "node:assert/strict";
import { DeliverPolicy, jetstream, jetstreamManager } from "@nats-io/jetstream";
import {
  connect,
  type Msg,
  type NatsConnection,
  type RequestOptions,
  type SubscriptionOptions,
} from "@nats-io/transport-node";
import type { ClientOptions } from "@tickwire/client";
import { type Sandbox, type SandboxOptions, startSandbox } from "@tickwire/sandbox";
import { type NatsServers, startNatsServers } from "@tickwire/testkit/nats-server";
import { until as waitUntil } from "@tickwire/testkit/until";
import type { CoreLiveStats } from "../src/core-live.js";
import { LIVE_SUBJECT } from "../src/live-interest.js";

export interface Stack {
  sandbox: Sandbox;
  nats: NatsServers;
  platform: ClientOptions;
  /** A NATS connection for the test's own checks. */
  nc: NatsConnection;
  close(): Promise<void>;
}

export async function startStack(
  options: { sandbox?: SandboxOptions; natsNodes?: number; natsConfig?: string } = {},
): Promise<Stack> {
  const sandbox = await startSandbox({ logger: false, rate: 1000, ...options.sandbox });
  const nats = await startNatsServers(options.natsNodes ?? 1, { config: options.natsConfig });
  const nc = await connect({ servers: nats.urls, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
  const user = sandbox.demoUser;
  if (!user) throw new Error("the sandbox has no demo user");
  return {
    sandbox,
    nats,
    nc,
    platform: { baseUrl: sandbox.httpUrl, userId: user.userId, appKey: user.appKey },
    async close() {
      await nc.close().catch(() => {});
      await sandbox.close();
      await nats.close();
    },
  };
}

/**
 * Announces per-instrument subject filters to a batch-storing relay, as subscribeRelay does, for a test driving the
 * core live path (CoreLive) directly: such a relay publishes only announced subjects live.
 */
export async function announceLive(nc: NatsConnection, filters: readonly string[]): Promise<void> {
  const answer = await nc.request(LIVE_SUBJECT, JSON.stringify({ id: `test-${Math.random()}`, filters }), {
    timeout: 5000,
  });
  const body = JSON.parse(new TextDecoder().decode(answer.data)) as { error?: string };
  if (body.error) throw new Error(body.error);
}

/** The testkit's wait, 15 s by default: NATS answers slowly on a loaded machine. */
export const until = (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> =>
  waitUntil(check, what, timeoutMs);

/** Retries a NATS request for a while: right after a server restart, JetStream answers only once it has recovered
 * (on a loaded machine, a replicated stream took more than 10 s). */
export async function retry<T>(run: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export interface Stored {
  subject: string;
  seq: number;
  data: Uint8Array;
  msgId: string | undefined;
  receivedAt: string | undefined;
  /** The relay's numbering of the subject's publishes (`<epoch>.<n>`). */
  position: string | undefined;
  /** The server's store time. */
  timestampNanos: number;
}

/** Every message stored on the stream (matching `filter`), in stream order, read by an ordered consumer. */
export async function storedMessages(nc: NatsConnection, stream: string, filter = "tickwire.md.>"): Promise<Stored[]> {
  // jetstreamManager itself asks the server (account info): after a restart, both wait for JetStream to recover.
  const info = await retry(async () => (await jetstreamManager(nc)).streams.info(stream));
  if (info.state.messages === 0) return [];
  const consumer = await retry(() =>
    jetstream(nc).consumers.get(stream, { filter_subjects: filter, deliver_policy: DeliverPolicy.All }),
  );
  const out: Stored[] = [];
  const messages = await consumer.consume({ max_messages: 1000 });
  // A bound, not a speed check: under CI load a replicated stream read after a node restart took over 10 s.
  const timer = setTimeout(() => messages.stop(), 30_000);
  for await (const m of messages) {
    out.push({
      subject: m.subject,
      seq: m.seq,
      data: m.data,
      msgId: m.headers?.get("Nats-Msg-Id"),
      receivedAt: m.headers?.get("Tickwire-Received-At"),
      position: m.headers?.get("Tickwire-Seq"),
      timestampNanos: m.info.timestampNanos,
    });
    // Reading everything, the end is the stream's last sequence as of the info (a new consumer's pending count can
    // read 0 early while a restarted replica catches up); with a narrower filter, pending is all there is to go by.
    if (m.info.pending === 0 && (filter !== "tickwire.md.>" || m.seq >= info.state.last_seq)) break;
  }
  clearTimeout(timer);
  messages.stop();
  return out;
}

/**
 * Asserts two runs are equal, naming the first place they differ and both lengths. assert.deepEqual's own message
 * diffs the whole arrays: for a run of thousands, Node 20's test runner spent minutes printing that diff.
 */
export function assertSameRun<T>(actual: readonly T[], expected: readonly T[], what: string): void {
  let at = 0;
  while (at < actual.length && at < expected.length && actual[at] === expected[at]) at++;
  if (at === actual.length && at === expected.length) return;
  assert.fail(
    `${what}: differs at ${at} (delivered ${actual.length}, expected ${expected.length}): ` +
      `${String(actual[at])} where ${String(expected[at])} was expected`,
  );
}

/** Statistics for a CoreLive made in a test or bench, all zero. */
export function zeroStats(): CoreLiveStats {
  return {
    repeatsSkipped: 0,
    gapsDetected: 0,
    replays: 0,
    replayRetries: 0,
    gapsPassedOver: 0,
    drops: 0,
    relayCatchUps: 0,
  };
}

/** A connection with faults a test turns on and off (`lossy`). */
export interface LossyLink {
  nc: NatsConnection;
  /** JetStream API requests get no answer until their time-out, as while the metadata leader is elected. */
  electing: boolean;
  /** Live messages on the market-data subjects are dropped, as while the consumer's server is lost. */
  dropping: boolean;
  /** JetStream consumer creations wait this long first, so that live frames are held while a read starts. */
  slowReadsMs: number;
  /** JetStream API requests lost while `electing`. */
  lost: number;
}

/** `target` behind a proxy whose faults the returned link turns on and off; nothing is changed while all are off. */
export function lossy(target: NatsConnection): LossyLink {
  const link: LossyLink = { nc: target, electing: false, dropping: false, slowReadsMs: 0, lost: 0 };
  link.nc = new Proxy(target, {
    get(inner, property) {
      if (property === "request") {
        return async (subject: string, data: Uint8Array, options?: RequestOptions) => {
          if (link.electing && subject.startsWith("$JS.API.")) {
            link.lost++;
            return new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), options?.timeout ?? 1000));
          }
          if (link.slowReadsMs > 0 && subject.startsWith("$JS.API.CONSUMER.CREATE")) {
            await new Promise((resolve) => setTimeout(resolve, link.slowReadsMs));
          }
          return inner.request(subject, data, options);
        };
      }
      if (property === "subscribe") {
        return (subject: string, options?: SubscriptionOptions) => {
          const callback = options?.callback;
          if (!callback || !subject.startsWith("tickwire.md.")) return inner.subscribe(subject, options);
          return inner.subscribe(subject, {
            ...options,
            callback: (error: Error | null, m: Msg) => {
              if (!link.dropping) callback(error, m);
            },
          });
        };
      }
      const value = Reflect.get(inner, property, inner);
      return typeof value === "function" ? value.bind(inner) : value;
    },
  }) as NatsConnection;
  return link;
}

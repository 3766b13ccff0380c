// What a NATS fault test asks JetStream itself, so that it waits on the cluster's own state and never on a guess:
// whether JetStream answers what a consumer's catch-up needs, when it first did again after a fault, and whether a
// stream's replicas have caught up.
import { AckPolicy, jetstreamManager } from "@nats-io/jetstream";

type NatsConnection = Parameters<typeof jetstreamManager>[0];

/**
 * JetStream answers what a consumer's catch-up read needs: `stream`'s info (naming a leader), then a consumer made as
 * the read makes its own (one replica, in memory, no acks; deleted again), filtered on `filterSubject`, which must be
 * within the stream's subjects (a stream of the relay's stored batches holds `tickwire.store.>`). Each request waits
 * at most `timeoutMs`.
 */
export async function jetStreamAnswers(
  nc: NatsConnection,
  stream: string,
  timeoutMs = 1000,
  filterSubject = "tickwire.md.none",
): Promise<boolean> {
  try {
    const jsm = await jetstreamManager(nc, { timeout: timeoutMs, checkAPI: false });
    if (!(await jsm.streams.info(stream)).cluster?.leader) return false;
    const consumer = await jsm.consumers.add(stream, {
      filter_subject: filterSubject,
      ack_policy: AckPolicy.None,
      mem_storage: true,
      num_replicas: 1,
      inactive_threshold: 30_000_000_000,
    });
    await jsm.consumers.delete(stream, consumer.name).catch(() => {});
    return true;
  } catch {
    return false;
  }
}

export interface JetStreamBack {
  /** When the first probe that JetStream answered was sent, and when its answer came (epoch ms). */
  sentAt: number;
  answeredAt: number;
  /** Probes sent until then. */
  probes: number;
}

/**
 * When JetStream first answers again (`jetStreamAnswers`), measured to within `everyMs` plus one probe's round trip:
 * a probe is sent every `everyMs` without waiting for the ones before (a request sent while JetStream elects a leader
 * is lost and waits out its time-out, so probes one after the other overstate the election by up to that time-out).
 * `nc` must be connected to a node that stays up: a probe through the node killed measures the reconnect too.
 * Rejects after `giveUpMs` without an answer.
 */
export function jetStreamBack(
  nc: NatsConnection,
  stream: string,
  options: { everyMs?: number; timeoutMs?: number; giveUpMs?: number; filterSubject?: string } = {},
): Promise<JetStreamBack> {
  const { everyMs = 100, timeoutMs = 1000, giveUpMs = 60_000, filterSubject } = options;
  const began = Date.now();
  return new Promise((resolve, reject) => {
    let probes = 0;
    let done = false;
    const probe = () => {
      if (done) return;
      if (Date.now() - began > giveUpMs) {
        done = true;
        clearInterval(timer);
        reject(new Error(`JetStream did not answer for ${stream} within ${giveUpMs} ms`));
        return;
      }
      probes++;
      const sentAt = Date.now();
      void jetStreamAnswers(nc, stream, timeoutMs, filterSubject).then((answered) => {
        if (!answered || done) return;
        done = true;
        clearInterval(timer);
        resolve({ sentAt, answeredAt: Date.now(), probes });
      });
    };
    const timer = setInterval(probe, everyMs);
    probe();
  });
}

/** `stream` has a leader and every other replica is online and current. */
export async function replicasCurrent(nc: NatsConnection, stream: string): Promise<boolean> {
  try {
    const jsm = await jetstreamManager(nc, { timeout: 2000, checkAPI: false });
    const info = await jsm.streams.info(stream);
    const replicas = info.cluster?.replicas ?? [];
    return (
      !!info.cluster?.leader &&
      replicas.length === info.config.num_replicas - 1 &&
      replicas.every((r) => r.current && !r.offline)
    );
  } catch {
    return false;
  }
}

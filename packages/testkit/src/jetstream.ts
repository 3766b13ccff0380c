// What a NATS fault test asks JetStream itself, so that it waits on the cluster's own state and never on a guess:
// whether JetStream answers what a consumer's catch-up needs, and whether a stream's replicas have caught up.
import { jetstreamManager } from "@nats-io/jetstream";

type NatsConnection = Parameters<typeof jetstreamManager>[0];

/** JetStream answers what a consumer's catch-up needs: `stream`'s info (with a leader) and a consumer made. */
export async function jetStreamAnswers(nc: NatsConnection, stream: string): Promise<boolean> {
  try {
    const jsm = await jetstreamManager(nc, { timeout: 1000, checkAPI: false });
    if (!(await jsm.streams.info(stream)).cluster?.leader) return false;
    const consumer = await jsm.consumers.add(stream, { filter_subject: "tickwire.md.none", mem_storage: true });
    await jsm.consumers.delete(stream, consumer.name).catch(() => {});
    return true;
  } catch {
    return false;
  }
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

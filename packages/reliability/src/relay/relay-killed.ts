// Two relay processes with failover; the active one SIGKILLed mid-stream: takeover time, the gap, duplicates. Storing
// frames, the stream is read message by message; storing batches (format "batches"), a consumer reads the stored
// batches from before the start (subscribeRelay with a Date), which drops a frame both relays stored (a takeover's
// overlap, by its message id) and counts it: "copiesSkipped".
import { DeliverPolicy, jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { decodeMessage } from "@tickwire/codec";
import { subscribeRelay } from "@tickwire/relay";
import type { NatsServers } from "@tickwire/testkit/nats-server";
import { ALL, platformAt, resetStream, sleep, until } from "./common.js";
import { spawnChild } from "./processes.js";
import type { Store } from "./size.js";

/** Two relay processes with failover; the active one SIGKILLed mid-stream. */
export async function relayKilled(
  nats: NatsServers,
  nc: NatsConnection,
  log: (l: string) => void,
  store: Store = "frames",
) {
  const platform = await platformAt(2000);
  const common = {
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream:
      store === "frames"
        ? { name: "KILL", replicas: 3, maxMsgsPerSubject: 1_000_000 }
        : { name: "KILL", replicas: 3, format: "batches" as const },
    failover: { ttlMs: 1000, pollMs: 100 },
  };
  const primary = await spawnChild("relay", { ...common, name: "primary" });
  const standby = await spawnChild("relay", { ...common, name: "standby" });
  platform.sandbox.feed.resume();
  await sleep(3000);
  const activated = new Promise<number>((resolve) =>
    standby.process.on("message", (m: { active?: number }) => m.active && resolve(m.active)),
  );
  const killedAt = Date.now();
  primary.process.kill("SIGKILL");
  const takeoverMs = (await activated) - killedAt;
  await sleep(3000);
  platform.sandbox.feed.pause();
  await sleep(1000);
  await standby.close();
  await platform.sandbox.close();
  // Every message of the feed went to the relay (it carries every instrument): the sandbox's IDs are consecutive.
  const { ids, duplicates, copiesSkipped } = store === "frames" ? await storedFrames(nc) : await storedBatches(nats);
  await resetStream(nc, "KILL");
  if (store === "batches") await resetStream(nc, "KILL_BATCHES");
  const unique = [...new Set(ids)].sort((a, b) => (a < b ? -1 : 1));
  let missing = 0;
  for (let i = 1; i < unique.length; i++) missing += Number(unique[i] - unique[i - 1] - 1n);
  const result = { store, takeoverMs, stored: ids.length, duplicates, gapMessages: missing, copiesSkipped };
  log(`  relay killed: ${JSON.stringify(result)}`);
  return result;
}

/** The stream's frames, message by message. */
async function storedFrames(nc: NatsConnection) {
  const js = jetstream(nc);
  const consumer = await js.consumers.get("KILL", { deliver_policy: DeliverPolicy.All });
  const ids: bigint[] = [];
  // An index list goes to every index's subject: a duplicate is the same message ID twice on one subject.
  const stored = new Set<string>();
  let duplicates = 0;
  const messages = await consumer.consume({ max_messages: 1000 });
  for await (const m of messages) {
    const id = decodeMessage(m.data).ID;
    const key = `${m.subject} ${id}`;
    if (stored.has(key)) duplicates++;
    stored.add(key);
    ids.push(id);
    if (m.info.pending === 0) break;
  }
  messages.stop();
  return { ids, duplicates, copiesSkipped: null };
}

/**
 * The stored batches as a consumer reads them from the stream's start: delivered twice on a subject is a duplicate;
 * a copy the reader dropped (stored by both relays) is counted apart.
 */
async function storedBatches(nats: NatsServers) {
  const feed = await subscribeRelay({
    servers: nats.urls,
    stream: "KILL",
    subjects: ["tickwire.md.>"],
    start: new Date(0),
  });
  feed.on("error", () => {});
  const ids: bigint[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  feed.on("message", (message, info) => {
    const key = `${info.subject} ${message.ID}`;
    if (seen.has(key)) duplicates++;
    seen.add(key);
    ids.push(message.ID);
  });
  // Read to the end: caught up, and nothing more for 2 s.
  let count = -1;
  let movedAt = Date.now();
  await until(() => {
    if (ids.length !== count) {
      count = ids.length;
      movedAt = Date.now();
    }
    return !feed.stats().catchingUp && Date.now() - movedAt > 2000;
  }, 60_000);
  const stats = feed.stats();
  await feed.close();
  return { ids, duplicates, copiesSkipped: stats.repeatsSkipped };
}

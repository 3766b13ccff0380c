// Two relay processes with failover; the active one SIGKILLed mid-stream: takeover time, the gap, duplicates.
import { DeliverPolicy, jetstream } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { decodeMessage } from "@tickwire/codec";
import type { NatsServers } from "@tickwire/testkit/nats-server";
import { ALL, platformAt, resetStream, sleep } from "./common.js";
import { spawnChild } from "./processes.js";

/** Two relay processes with failover; the active one SIGKILLed mid-stream. */
export async function relayKilled(nats: NatsServers, nc: NatsConnection, log: (l: string) => void) {
  const platform = await platformAt(2000);
  const common = {
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream: { name: "KILL", replicas: 3, maxMsgsPerSubject: 1_000_000 },
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
  await resetStream(nc, "KILL");
  const unique = [...new Set(ids)].sort((a, b) => (a < b ? -1 : 1));
  let missing = 0;
  for (let i = 1; i < unique.length; i++) missing += Number(unique[i] - unique[i - 1] - 1n);
  const result = { takeoverMs, stored: ids.length, duplicates, gapMessages: missing };
  log(`  relay killed: ${JSON.stringify(result)}`);
  return result;
}

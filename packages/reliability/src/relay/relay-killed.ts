// Two relay processes with failover; the active one SIGKILLed mid-stream: takeover time, the gap, duplicates (a frame
// on a subject twice in what the stream holds: storing batches, in both relays' batches, which readers drop). The
// stream is read by stored.ts in either format.
import type { NatsConnection } from "@nats-io/transport-node";
import type { NatsServers } from "@tickwire/testkit/nats-server";
import { ALL, platformAt, resetStream, sleep } from "./common.js";
import { spawnChild } from "./processes.js";
import type { Store } from "./size.js";
import { readStored, streamsOf } from "./stored.js";

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
  const stored = await readStored(nc, "KILL", store);
  for (const name of streamsOf("KILL", store)) await resetStream(nc, name);
  const ids = stored.frames.map((f) => f.id);
  const duplicates = stored.storedTwice;
  const unique = [...new Set(ids)].sort((a, b) => (a < b ? -1 : 1));
  let missing = 0;
  for (let i = 1; i < unique.length; i++) missing += Number(unique[i] - unique[i - 1] - 1n);
  const result = { store, takeoverMs, stored: ids.length, duplicates, gapMessages: missing };
  log(`  relay killed: ${JSON.stringify(result)}`);
  return result;
}

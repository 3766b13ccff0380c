// A late joiner's time to the last value of every subject in a populated stream.
import { jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { startRelay } from "@tickwire/relay";
import type { NatsServers } from "@tickwire/testkit/nats-server";
import type { ConsumerReport } from "./children.js";
import { ALL, platformAt, resetStream, sleep, until } from "./common.js";
import { spawnChild } from "./processes.js";
import type { Live } from "./size.js";

/** A late joiner's time to the last value of every subject in a populated stream (no live traffic). */
export async function lateJoiner(nats: NatsServers, nc: NatsConnection, lives: Live[], log: (l: string) => void) {
  const platform = await platformAt(2000);
  const relay = await startRelay({
    name: "late",
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream: { name: "LATE", replicas: 3 },
    statusIntervalMs: 0,
  });
  await relay.active();
  platform.sandbox.feed.resume();
  await sleep(3000);
  platform.sandbox.feed.pause();
  await relay.drained();
  await relay.close();
  await platform.sandbox.close();
  const info = await (await jetstreamManager(nc)).streams.info("LATE", { subjects_filter: ">" });
  const subjects = info.state.num_subjects ?? Object.keys(info.state.subjects ?? {}).length;
  const byLive: Partial<Record<Live, number | null>> = {};
  for (const live of lives) {
    const joiner = await spawnChild("consumer", {
      servers: nats.urls,
      stream: "LATE",
      start: "last",
      live,
      expectLast: subjects,
    });
    let report = await joiner.request<ConsumerReport>("report");
    await until(async () => {
      report = await joiner.request<ConsumerReport>("report");
      return report.lastValuesMs !== null;
    }, 20_000);
    await joiner.close();
    byLive[live] = report.lastValuesMs;
  }
  await resetStream(nc, "LATE");
  const result = { subjects, messagesStored: info.state.messages, lastValuesMs: byLive[lives[0]] ?? null, byLive };
  log(`  late joiner: ${JSON.stringify(result)}`);
  return result;
}

// All of NATS down for a while under one relay: buffered, dropped, time to recover, platform sessions.
import type { NatsConnection } from "@nats-io/transport-node";
import { startRelay } from "@tickwire/relay";
import type { NatsServers } from "@tickwire/testkit/nats-server";
import { ALL, platformAt, resetStream, round, sleep, until } from "./common.js";

/** Every node of the cluster killed for `seconds` while one relay publishes, then restarted. */
export async function natsDown(nats: NatsServers, nc: NatsConnection, seconds: number, log: (l: string) => void) {
  const kind = "all-nodes";
  const platform = await platformAt(2000);
  const stream = "DOWN";
  const relay = await startRelay({
    name: kind,
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream: { name: stream, replicas: 3, maxMsgsPerSubject: 1_000_000 },
    publishTimeoutMs: 1000,
    statusIntervalMs: 0,
    // Small enough that a 10 s outage at 2,000 frames/s (about 3 MB) overflows it.
    maxBufferBytes: 1024 ** 2,
  });
  await relay.active();
  platform.sandbox.feed.resume();
  await sleep(2000);
  const victims = nats.nodes;
  await Promise.all(victims.map((n) => n.kill()));
  await sleep(seconds * 1000);
  const restartedAt = performance.now();
  await Promise.all(victims.map((n) => n.start()));
  const recovered = await until(() => {
    const s = relay.stats();
    return s.nats.connected && s.bufferedMessages < 100 && s.inFlight < 1000 && s.published > 0;
  }, 60_000);
  const recoverMs = round(performance.now() - restartedAt, 0);
  await sleep(2000);
  platform.sandbox.feed.pause();
  await relay.drained();
  await relay.close();
  await platform.sandbox.close();
  const s = relay.stats();
  const result = {
    kind,
    downSeconds: seconds,
    frames: s.frames,
    stored: s.published,
    bufferDrops: s.bufferDrops,
    backlogDrops: s.backlogDrops,
    publishErrors: s.publishErrors,
    natsDisconnects: s.nats.disconnects,
    platformConnections: s.platformSessions,
    recovered,
    recoverMs,
    enqueued: s.enqueued,
    accountedFor: s.published + s.duplicates + s.bufferDrops + s.backlogDrops === s.enqueued,
  };
  await until(async () => {
    try {
      await resetStream(nc, stream);
      return true;
    } catch {
      return false;
    }
  }, 20_000);
  log(`  ${kind}: ${JSON.stringify(result)}`);
  return result;
}

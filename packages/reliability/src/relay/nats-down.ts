// All of NATS down for a while under one relay: buffered, dropped, time to recover, platform sessions; and what two
// consumers (the whole feed from the batches, six instruments from their subjects) received across it, against what
// the stream holds. Either stream format.
import type { NatsConnection } from "@nats-io/transport-node";
import { startRelay } from "@tickwire/relay";
import type { NatsServers } from "@tickwire/testkit/nats-server";
import type { ConsumerReport, Delivered } from "./children.js";
import { ALL, PLAIN, platformAt, resetStream, round, sleep, until } from "./common.js";
import { spawnChild } from "./processes.js";
import { withRetries } from "./retries.js";
import type { Store } from "./size.js";
import { bySubject, checkDelivered, readStored, span, streamsOf } from "./stored.js";

/** Every node of the cluster killed for `seconds` while one relay publishes, then restarted. */
export async function natsDown(
  nats: NatsServers,
  nc: NatsConnection,
  seconds: number,
  log: (l: string) => void,
  store: Store = "frames",
) {
  const kind = "all-nodes";
  const platform = await platformAt(2000);
  const stream = "DOWN";
  const relay = await withRetries("startRelay", () =>
    startRelay({
      name: kind,
      platform: platform.options,
      servers: nats.urls,
      instruments: ALL,
      stream:
        store === "frames"
          ? { name: stream, replicas: 3, maxMsgsPerSubject: 1_000_000 }
          : { name: stream, replicas: 3, format: "batches" },
      publishTimeoutMs: 1000,
      statusIntervalMs: 0,
      // Small enough that a 10 s outage at 2,000 frames/s (about 3 MB) overflows it.
      maxBufferBytes: 1024 ** 2,
    }),
  );
  await relay.active();
  const consumers = await Promise.all(
    [undefined, PLAIN.slice(0, 6)].map((instruments) =>
      spawnChild("consumer", {
        servers: nats.urls,
        stream,
        start: "new",
        record: true,
        ...(instruments ? { instruments } : {}),
      }),
    ),
  );
  platform.sandbox.feed.resume();
  await sleep(2000);
  const victims = nats.nodes;
  await Promise.all(victims.map((n) => n.kill()));
  await sleep(seconds * 1000);
  const restartedAt = performance.now();
  await Promise.all(victims.map((n) => n.start()));
  const idle = (s: ReturnType<typeof relay.stats>) =>
    s.bufferedMessages < 100 &&
    s.inFlight < 1000 &&
    (s.store === null || (s.store.bufferedMessages < 100 && s.store.inFlight < 1000));
  const recovered = await until(() => {
    const s = relay.stats();
    return s.nats.connected && idle(s) && s.published > 0;
  }, 60_000);
  const recoverMs = round(performance.now() - restartedAt, 0);
  await sleep(2000);
  platform.sandbox.feed.pause();
  await relay.drained();
  // Caught up and quiet for 2 s: everything the relay published has reached them (or is lost).
  const counts = consumers.map(() => -1);
  let movedAt = Date.now();
  await until(async () => {
    const reports = await Promise.all(consumers.map((c) => c.request<ConsumerReport>("report")));
    reports.forEach((r, i) => {
      if (r.messages !== counts[i]) {
        counts[i] = r.messages;
        movedAt = Date.now();
      }
    });
    return reports.every((r) => !r.catchingUp) && Date.now() - movedAt > 2000;
  }, 90_000);
  const reports = await Promise.all(consumers.map((c) => c.request<ConsumerReport>("report")));
  const delivered = await Promise.all(consumers.map((c) => c.request<Delivered[]>("delivered")));
  await Promise.all(consumers.map((c) => c.close()));
  await relay.close();
  await platform.sandbox.close();
  const s = relay.stats();
  const stored = await readStored(nc, stream, store);
  const { unique, span: storedSpan } = span(stored.frames);
  const subjects = bySubject(stored.frames);
  const plain = new Set(PLAIN);
  const perConsumer = delivered.map((list, i) => ({
    reads: i === 0 ? "whole feed (batches)" : "6 instruments (subjects)",
    // An index list is delivered once, on one of its subjects: compared on the plain instruments.
    ...checkDelivered(
      list.filter(([subject]) => plain.has(subject.split(".")[3])),
      subjects,
    ),
    gapsDetected: reports[i].gapsDetected,
    replays: reports[i].replays,
    relayCatchUps: reports[i].relayCatchUps,
    gapsPassedOver: reports[i].gapsPassedOver,
    reconnects: reports[i].reconnects,
  }));
  // Every publish asked for ended stored, a duplicate or dropped (storing batches: the stored batches and last values
  // too; the live per-instrument publishes count as published once NATS took them, or as not published when no
  // consumer had announced their subject).
  const accounted = (p: {
    published: number;
    duplicates: number;
    bufferDrops: number;
    backlogDrops: number;
    notPublished?: number;
    enqueued: number;
  }) => p.published + p.duplicates + p.bufferDrops + p.backlogDrops + (p.notPublished ?? 0) === p.enqueued;
  const result = {
    kind,
    store,
    downSeconds: seconds,
    frames: s.frames,
    published: s.published,
    bufferDrops: s.bufferDrops,
    backlogDrops: s.backlogDrops,
    publishErrors: s.publishErrors,
    notPublished: s.notPublished,
    natsDisconnects: s.nats.disconnects,
    platformConnections: s.platformSessions,
    recovered,
    recoverMs,
    enqueued: s.enqueued,
    stored: s.store && {
      published: s.store.published,
      enqueued: s.store.enqueued,
      bufferDrops: s.store.bufferDrops,
      backlogDrops: s.store.backlogDrops,
      retried: s.store.retried,
      batches: s.store.batches,
    },
    storedFrames: unique,
    storedSpan,
    storedTwice: stored.storedTwice,
    accountedFor: accounted(s) && (s.store === null || accounted(s.store)),
    consumers: perConsumer,
    // Nothing lost of what the stream holds, nothing twice, in order. A frame that went out live and was then given up
    // for the stream (the backlog's bound: this scenario's buffer is small on purpose) is delivered and not stored.
    consumersComplete: perConsumer.every(
      (c) => c.delivered > 0 && c.missing === 0 && c.twice === 0 && c.subjectsOutOfOrder === 0,
    ),
  };
  for (const name of streamsOf(stream, store)) {
    await until(async () => {
      try {
        await resetStream(nc, name);
        return true;
      } catch {
        return false;
      }
    }, 20_000);
  }
  log(`  ${kind}: ${JSON.stringify(result)}`);
  return result;
}

// A late joiner: its time to the last value of every subject in a populated stream (no live traffic), and its seam
// under live traffic (the last values first, then live, no gap, no duplicate), in either stream format.
import { jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { startRelay } from "@tickwire/relay";
import type { NatsServers } from "@tickwire/testkit/nats-server";
import type { ConsumerReport, Delivered } from "./children.js";
import { ALL, PLAIN, platformAt, resetStream, sleep, until } from "./common.js";
import { spawnChild } from "./processes.js";
import { withRetries } from "./retries.js";
import type { Live, Store } from "./size.js";
import { bySubject, checkDelivered, readStored, streamsOf } from "./stored.js";

/** The instruments of the joiner that reads a few. */
const FEW = PLAIN.slice(0, 6);

const streamOptions = (name: string, store: Store) =>
  store === "frames"
    ? { name, replicas: 3, maxMsgsPerSubject: 1_000_000 }
    : { name, replicas: 3, format: "batches" as const };

/** A late joiner's time to the last value of every subject in a populated stream (no live traffic), then its seam. */
export async function lateJoiner(
  nats: NatsServers,
  nc: NatsConnection,
  lives: Live[],
  log: (l: string) => void,
  store: Store = "frames",
) {
  const platform = await platformAt(2000);
  const relay = await withRetries("startRelay", () =>
    startRelay({
      name: "late",
      platform: platform.options,
      servers: nats.urls,
      instruments: ALL,
      stream: store === "frames" ? { name: "LATE", replicas: 3 } : { name: "LATE", replicas: 3, format: "batches" },
      statusIntervalMs: 0,
    }),
  );
  await relay.active();
  platform.sandbox.feed.resume();
  await sleep(3000);
  platform.sandbox.feed.pause();
  await relay.drained();
  await relay.close();
  await platform.sandbox.close();
  // Storing batches, the stream LATE holds the last values alone (one subject each), the batches their own stream.
  const info = await (await jetstreamManager(nc)).streams.info("LATE", { subjects_filter: ">" });
  const subjects = info.state.num_subjects ?? Object.keys(info.state.subjects ?? {}).length;
  const byLive: Partial<Record<Live, number | null>> = {};
  // One cursor over per-frame messages cannot read a stream of batches (STREAM_FORMAT).
  for (const live of store === "frames" ? lives : lives.filter((l) => l === "core")) {
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
  for (const name of streamsOf("LATE", store)) await resetStream(nc, name);
  const seam = await lateJoinerSeam(nats, nc, store);
  const result = {
    store,
    subjects,
    messagesStored: info.state.messages,
    lastValuesMs: byLive[lives[0]] ?? byLive.core ?? null,
    byLive,
    seam,
  };
  log(`  late joiner: ${JSON.stringify(result)}`);
  return result;
}

/**
 * Two consumers join a stream the relay has filled for 2 s, at `start: "last"`, while it publishes at 2,000 frames/s
 * (one reading the whole feed from the batches, one six instruments from their subjects), and stay 3 s. Each subject's
 * delivered frames must be one run of what the stream holds (every frame from the first delivered on, none twice, in
 * order), and the first of it read from the stream (its last value), not live.
 */
async function lateJoinerSeam(nats: NatsServers, nc: NatsConnection, store: Store) {
  const stream = "SEAM";
  const platform = await platformAt(2000);
  const relay = await withRetries("startRelay", () =>
    startRelay({
      name: "seam",
      platform: platform.options,
      servers: nats.urls,
      instruments: ALL,
      stream: streamOptions(stream, store),
      statusIntervalMs: 0,
    }),
  );
  await relay.active();
  platform.sandbox.feed.resume();
  await sleep(2000);
  const joiners = await Promise.all(
    [{ subjects: "whole feed" }, { instruments: FEW }].map((what) =>
      spawnChild("consumer", {
        servers: nats.urls,
        stream,
        start: "last",
        record: true,
        ...("instruments" in what ? { instruments: what.instruments } : {}),
      }),
    ),
  );
  await sleep(3000);
  platform.sandbox.feed.pause();
  await relay.drained();
  // Caught up and quiet for 2 s: everything the relay published has arrived.
  const counts = joiners.map(() => -1);
  let movedAt = Date.now();
  await until(async () => {
    const reports = await Promise.all(joiners.map((j) => j.request<ConsumerReport>("report")));
    reports.forEach((r, i) => {
      if (r.messages !== counts[i]) {
        counts[i] = r.messages;
        movedAt = Date.now();
      }
    });
    return reports.every((r) => !r.catchingUp) && Date.now() - movedAt > 2000;
  }, 60_000);
  const reports = await Promise.all(joiners.map((j) => j.request<ConsumerReport>("report")));
  const delivered = await Promise.all(joiners.map((j) => j.request<Delivered[]>("delivered")));
  await Promise.all(joiners.map((j) => j.close()));
  await relay.close();
  await platform.sandbox.close();
  const stored = await readStored(nc, stream, store);
  for (const name of streamsOf(stream, store)) await resetStream(nc, name);
  const subjects = bySubject(stored.frames);
  const plain = new Set(PLAIN);
  // Every subject of its instruments the relay had stored a frame of at least 500 ms before the joiner subscribed
  // (storing batches, a last value is stored up to 100 ms after its frame) is delivered: a subject whose last value the
  // start lost and that had no later frame would not be.
  const few = new Set(FEW);
  const subjectsWithoutStart = (list: Delivered[], i: number) => {
    const got = new Set(list.map(([subject]) => subject));
    return [...subjects].filter(([subject, frames]) => {
      const instrument = subject.split(".")[3];
      const read = i === 0 ? plain.has(instrument) : few.has(instrument);
      return read && frames[0].receivedAt < reports[i].subscribedAt - 500 && !got.has(subject);
    }).length;
  };
  const consumers = delivered.map((list, i) => ({
    reads: i === 0 ? "whole feed (batches)" : "6 instruments (subjects)",
    // An index list is delivered once, on one of its subjects: compared on the plain instruments.
    ...checkDelivered(
      list.filter(([subject]) => plain.has(subject.split(".")[3])),
      subjects,
    ),
    subjectsWithoutStart: subjectsWithoutStart(list, i),
    gapsDetected: reports[i].gapsDetected,
    replays: reports[i].replays,
    repeatsSkipped: reports[i].repeatsSkipped,
    gapsPassedOver: reports[i].gapsPassedOver,
  }));
  const ok = consumers.every(
    (c) =>
      c.delivered > 0 && c.missing === 0 && c.extra === 0 && c.subjectsOutOfOrder === 0 && c.subjectsWithoutStart === 0,
  );
  return { ok, storedFrames: stored.frames.length, storedTwice: stored.storedTwice, consumers };
}

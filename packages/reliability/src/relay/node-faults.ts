// NATS nodes lost under a relay pair (issue 28): a three-node cluster, a stream of three replicas, two relay processes
// with failover at their defaults, several consumer processes (core live path, every node's URL, about six instruments
// each on the per-instrument subjects, and one reading the whole feed from the batches) and the simulator at 2,000
// msg/s. In turn the node leading the stream (storing batches: the stored batches' stream), the JetStream metadata
// leader and the node leading the lock's KV bucket (each found through JetStream's own answers: stream info, /jsz) is
// killed with SIGKILL, left down a few seconds and restarted; the next fault waits until the relay's backlog is stored
// and every consumer is live again. Measured: the time JetStream took to answer again, each consumer's longest pause,
// the relays' counters. Checked: the stream holds every frame the platform sent (its IDs are consecutive) once; every
// consumer got every frame of its instruments exactly once, in order; one platform session throughout. Either stream
// format (stored.ts reads it).
import { jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import type { RelayStats } from "@tickwire/relay";
import { jetStreamBack, replicasCurrent } from "@tickwire/testkit/jetstream";
import { metaLeader, type NatsServers } from "@tickwire/testkit/nats-server";
import type { ConsumerReport, Delivered } from "./children.js";
import { ALL, PLAIN, platformAt, resetStream, sleep, until } from "./common.js";
import { owedToStream } from "./drain.js";
import { type Child, spawnChild } from "./processes.js";
import type { Store } from "./size.js";
import { bySubject, checkDelivered, readStored, span, streamsOf } from "./stored.js";

const STREAM = "NODEFAULTS";
const LOCK_STREAM = "KV_tickwire_relay_lock";

export interface NodeFaultSize {
  rate: number;
  consumers: number;
  downSeconds: number;
}

interface Fault {
  role: string;
  victim: string;
  /**
   * The election: from the kill until JetStream first answers what a consumer's catch-up needs (stream info naming a
   * leader, a consumer made), probed every 100 ms through a node that stays up, each probe not waiting for the last.
   */
  answersAgainMs: number;
  /** Probes sent until that answer. */
  probes: number;
  killedAt: number;
  restartedAt: number;
  /** From the restart until the relay's backlog was stored and every consumer live again. */
  settledMs: number;
  /** Which consumers were connected to the node killed (by server name, read before the kill). */
  reconnected: boolean[];
  /** Whether the victim also led the JetStream metadata when killed. */
  ledMetadata: boolean;
}

async function leaderOf(nc: NatsConnection, stream: string): Promise<string | undefined> {
  try {
    const jsm = await jetstreamManager(nc, { timeout: 2000, checkAPI: false });
    return (await jsm.streams.info(stream)).cluster?.leader;
  } catch {
    return undefined;
  }
}

const PLAIN_IDS = new Set(PLAIN);
/** A subject of an instrument that is not an index (`tickwire.md.<segment>.<instrumentId>.<subtype>`). */
const isPlain = (subject: string) => PLAIN_IDS.has(subject.split(".")[3]);

/** The smallest value, 0 for none. */
const shortest = (values: number[]) => (values.length === 0 ? 0 : Math.min(...values));

export async function nodeFaults(
  nats: NatsServers,
  nc: NatsConnection,
  size: NodeFaultSize,
  log: (l: string) => void,
  store: Store = "frames",
) {
  const platform = await platformAt(size.rate);
  // Default settings but for the stream's per-subject bound, raised so the stream keeps the whole run to compare
  // (storing batches, the stream bounds bytes and age only: the defaults keep the run).
  const common = {
    platform: platform.options,
    servers: nats.urls,
    instruments: ALL,
    stream:
      store === "frames"
        ? { name: STREAM, replicas: 3, maxMsgsPerSubject: 1_000_000 }
        : { name: STREAM, replicas: 3, format: "batches" as const },
    failover: true,
  };
  const relays = [
    await spawnChild("relay", { ...common, name: "one" }),
    await spawnChild("relay", { ...common, name: "two" }),
  ];
  const per = Math.floor(PLAIN.length / size.consumers);
  const consumers: Child[] = [];
  for (let c = 0; c < size.consumers; c++) {
    consumers.push(
      await spawnChild("consumer", {
        servers: nats.urls,
        stream: STREAM,
        start: "new",
        instruments: PLAIN.slice(c * per, (c + 1) * per),
        record: true,
      }),
    );
  }
  // The last consumer reads the whole feed: the batched live path, its gaps replayed from the same stream.
  consumers.push(await spawnChild("consumer", { servers: nats.urls, stream: STREAM, start: "new", record: true }));
  const relayStats = () => Promise.all(relays.map((r) => r.request<RelayStats>("report")));
  const consumerStats = () => Promise.all(consumers.map((c) => c.request<ConsumerReport>("report")));
  const settled = async () => {
    const [rs, cs] = await Promise.all([relayStats(), consumerStats()]);
    return (
      rs.every((r) => r.backlogMessages === 0 && (r.store?.backlogMessages ?? 0) === 0) &&
      cs.every((c) => !c.catchingUp)
    );
  };
  // A connection to each node alone: JetStream is probed through a node that stays up.
  const direct = new Map<string, NatsConnection>();
  for (const node of nats.nodes) {
    direct.set(node.name, await connect({ servers: node.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 }));
  }
  platform.sandbox.feed.resume();
  await sleep(3000);

  const faults: Fault[] = [];
  /** Where the frames are stored: the stream, or the stored batches' stream. */
  const storedIn = streamsOf(STREAM, store).at(-1) ?? STREAM;
  const kill = async (role: string, find: () => Promise<string | undefined>) => {
    let victim: string | undefined;
    await until(async () => {
      victim = await find();
      return victim !== undefined;
    }, 30_000);
    const node = nats.nodes.find((n) => n.name === victim);
    if (!node) throw new Error(`${role}: no leader found`);
    // By server name: a reconnect count read after the fault's settling can miss a reconnect still under way.
    const onVictim = (await consumerStats()).map((c) => c.server === victim);
    const ledMetadata = (await metaLeader(nats)) === victim;
    const survivor = nats.nodes.find((n) => n !== node);
    const probe = survivor && direct.get(survivor.name);
    if (!probe) throw new Error(`${role}: no node left to ask`);
    const killedAt = Date.now();
    await node.kill();
    // Storing batches, a consumer's catch-up reads the stored batches' stream (tickwire.store.<segment>).
    const back = await jetStreamBack(
      probe,
      storedIn,
      store === "frames" ? {} : { filterSubject: "tickwire.store.none" },
    );
    const answersAgainMs = back.answeredAt - killedAt;
    await sleep(Math.max(0, killedAt + size.downSeconds * 1000 - Date.now()));
    await node.start();
    const restartedAt = Date.now();
    await until(
      async () => (await everyReplicaCurrent(nc, [...streamsOf(STREAM, store), LOCK_STREAM])) && (await settled()),
      60_000,
    );
    const settledMs = Date.now() - restartedAt;
    const reconnected = onVictim;
    const fault = {
      role,
      victim: node.name,
      answersAgainMs,
      probes: back.probes,
      killedAt,
      restartedAt,
      settledMs,
      reconnected,
      ledMetadata,
    };
    log(`  ${role} (${node.name}) killed: JetStream answered again after ${answersAgainMs} ms`);
    faults.push(fault);
    await sleep(2000);
  };
  await kill("stream leader", () => leaderOf(nc, storedIn));
  await kill("metadata leader", () => metaLeader(nats));
  await kill("lock's node", () => leaderOf(nc, LOCK_STREAM));

  platform.sandbox.feed.pause();
  await until(settled, 60_000);
  // The count waits until neither relay owes the stream anything (bounded): a publish the stream never answered is
  // published again only after the relay's publish timeout, and closing the relay gives up what it still owes.
  const countWaitStart = Date.now();
  await until(async () => (await relayStats()).every((r) => owedToStream(r) === 0), 60_000);
  const waitedForRelaysMs = Date.now() - countWaitStart;
  await sleep(2000);
  const rs = await relayStats();
  const owedAtCount = rs.reduce((sum, r) => sum + owedToStream(r), 0);
  const cs = await consumerStats();
  const delivered = await Promise.all(consumers.map((c) => c.request<Delivered[]>("delivered")));
  await Promise.all([...consumers, ...relays].map((c) => c.close()));
  await platform.sandbox.close();
  for (const connection of direct.values()) await connection.close().catch(() => {});

  // The stream: every frame from the relay's first to its last (the simulator numbers its messages consecutively and
  // the relays carry every instrument), none twice on a subject.
  const stored = await readStored(nc, STREAM, store);
  for (const name of streamsOf(STREAM, store)) await resetStream(nc, name);
  const { storedTwice } = stored;
  const { unique, span: storedSpan } = span(stored.frames);
  const subjects = bySubject(stored.frames);
  const frames = rs.reduce((sum, r) => sum + r.frames, 0);

  // Each consumer, per subject, from its first message on: exactly the stream's frames in the relay's order.
  const perConsumer = delivered.map((list, c) => {
    // The whole-feed consumer delivers an index list once, on one of its subjects: compared on the plain instruments.
    const check = checkDelivered(c < size.consumers ? list : list.filter(([subject]) => isPlain(subject)), subjects);
    // A pause belongs to the kill it spans (it ends after the kill, before the next): counted by the message that began
    // it, a consumer on the next node killed, whose last message arrives a few ms before that kill, had its reconnect
    // pause charged to the previous fault and its election time.
    const pauses = faults.map((f, k) => {
      const end = faults[k + 1]?.killedAt ?? Number.POSITIVE_INFINITY;
      let longest = 0;
      for (let i = 1; i < list.length; i++) {
        if (list[i][2] >= f.killedAt && list[i][2] < end) longest = Math.max(longest, list[i][2] - list[i - 1][2]);
      }
      return longest;
    });
    return {
      consumer: c,
      subjects: check.subjects,
      delivered: check.delivered,
      missing: check.missing,
      extra: check.extra,
      subjectsOutOfOrder: check.subjectsOutOfOrder,
      pausesMs: pauses,
      gapsDetected: cs[c].gapsDetected,
      replays: cs[c].replays,
      replayRetries: cs[c].replayRetries,
      gapsPassedOver: cs[c].gapsPassedOver,
      relayCatchUps: cs[c].relayCatchUps,
    };
  });
  const result = {
    store,
    rate: size.rate,
    downSeconds: size.downSeconds,
    faults: faults.map((f, k) => ({
      role: f.role,
      victim: f.victim,
      answersAgainMs: f.answersAgainMs,
      probes: f.probes,
      settledAfterRestartMs: f.settledMs,
      downMs: f.restartedAt - f.killedAt,
      ledMetadata: f.ledMetadata,
      reconnected: f.reconnected,
      /** The consumer on a surviving server that paused least (0 when none was). */
      shortestPauseStayedMs: shortest(perConsumer.filter((c) => !f.reconnected[c.consumer]).map((c) => c.pausesMs[k])),
      /** Consumers whose server stayed up: live whatever the stream does. */
      longestPauseStayedMs: Math.max(
        0,
        ...perConsumer.filter((c) => !f.reconnected[c.consumer]).map((c) => c.pausesMs[k]),
      ),
      /** Consumers whose server died: reconnected, then got what they missed live again or from the stream. */
      longestPauseReconnectedMs: Math.max(
        0,
        ...perConsumer.filter((c) => f.reconnected[c.consumer]).map((c) => c.pausesMs[k]),
      ),
    })),
    frames,
    /** Publishes the relays still owed the stream when it was counted (0 unless the wait for them ran out). */
    owedAtCount,
    /** From the consumers settled until the relays owed nothing. */
    waitedForRelaysMs,
    storedFrames: unique,
    storedSpan,
    storedTwice,
    relays: rs.map((r) => ({
      name: r.name,
      role: r.role,
      frames: r.frames,
      published: r.published,
      duplicates: r.duplicates,
      publishErrors: r.publishErrors,
      retried: r.retried,
      backlogDrops: r.backlogDrops,
      bufferDrops: r.bufferDrops,
      /** At the count: publishes still awaiting an ack or waiting to go again, and frames not sent yet. */
      inFlight: r.inFlight,
      backlogMessages: r.backlogMessages,
      bufferedMessages: r.bufferedMessages,
      takeovers: r.takeovers,
      platformSessions: r.platformSessions,
      locksLost: r.locksLost,
      lockUnanswered: r.lockUnanswered,
      natsReconnects: r.nats.reconnects,
      /** Storing batches: the stored batches' and last values' publishes (the figures above are the live ones). */
      store: r.store && {
        published: r.store.published,
        duplicates: r.store.duplicates,
        publishErrors: r.store.publishErrors,
        retried: r.store.retried,
        backlogDrops: r.store.backlogDrops,
        bufferDrops: r.store.bufferDrops,
        batches: r.store.batches,
        lastValues: r.store.lastValues,
      },
      /** The relay process's longest event-loop delay and longest time without a frame from the platform. */
      eventLoopMaxMs: Math.round((r as unknown as { eventLoopMaxMs: number }).eventLoopMaxMs),
      longestWithoutFrameMs: (r as unknown as { longestWithoutFrameMs: number }).longestWithoutFrameMs,
      longestBufferingMs: (r as unknown as { longestBufferingMs: number }).longestBufferingMs,
    })),
    consumers: perConsumer,
  };
  const platformSessions = rs.reduce((sum, r) => sum + r.platformSessions, 0);
  // Live (the same checks as the relay package's node-faults test): the relay never held frames unsent longer than a
  // reconnect of its own (2 s on a loaded machine), and every consumer resumed within the election (JetStream's first
  // answer) plus 1 s, whether its server stayed up or was the one killed (a consumer on the node killed catches up
  // from the active relay's recent frames). `pausesWithin` is that bound.
  const relayKeptSending = rs.every((r) => (r as unknown as { longestBufferingMs: number }).longestBufferingMs <= 2000);
  const pausesWithin =
    relayKeptSending &&
    result.faults.every((f, k) => perConsumer.every((c) => c.pausesMs[k] <= f.answersAgainMs + 1000));
  const ok =
    faults.length === 3 &&
    owedAtCount === 0 &&
    storedTwice === 0 &&
    unique === storedSpan &&
    unique === frames &&
    platformSessions === 1 &&
    pausesWithin &&
    perConsumer.every((c) => c.missing === 0 && c.extra === 0 && c.subjectsOutOfOrder === 0 && c.delivered > 0);
  log(`  node faults: ${JSON.stringify(result)}`);
  return { ...result, platformSessions, relayKeptSending, pausesWithin, ok };
}

async function everyReplicaCurrent(nc: NatsConnection, streams: string[]): Promise<boolean> {
  for (const stream of streams) if (!(await replicasCurrent(nc, stream))) return false;
  return true;
}

// The publish path, paired and interleaved: JetStream publishes awaited one at a time (the client library's
// js.publish), a window of js.publish promises in flight, and the relay's Publisher (core publishes with its own
// reply inbox, one ack subscription, one timeout sweep) at several windows. Messages per second, median of rounds.
//   node --import tsx packages/relay/bench/publish.ts [--count 30000] [--rounds 3]
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { startNatsServers } from "@tickwire/testkit/nats-server";
import { Publisher } from "../src/publisher.js";
import { ensureStream } from "../src/stream.js";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const payload = new Uint8Array(120).fill(7);
let unique = 0;
const subject = (i: number) => `tickwire.md.NSECM.${1000 + (i % 26)}.TickData`;

type Case = { name: string; run: (nc: NatsConnection, count: number) => Promise<void> };

const awaitedOneAtATime: Case = {
  name: "js.publish awaited one at a time",
  async run(nc, count) {
    const js = jetstream(nc);
    for (let i = 0; i < count; i++) await js.publish(subject(i), payload, { msgID: `a${unique++}` });
  },
};

function jsWindow(window: number): Case {
  return {
    name: `js.publish, ${window} in flight`,
    async run(nc, count) {
      const js = jetstream(nc);
      const inFlight = new Set<Promise<unknown>>();
      for (let i = 0; i < count; i++) {
        const p = js.publish(subject(i), payload, { msgID: `w${unique++}` }).finally(() => inFlight.delete(p));
        inFlight.add(p);
        if (inFlight.size >= window) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
    },
  };
}

function publisherWindow(window: number): Case {
  return {
    name: `relay Publisher, ${window} in flight`,
    async run(nc, count) {
      const publisher = new Publisher(nc, {
        maxBufferBytes: 1024 ** 3,
        maxInFlight: window,
        publishTimeoutMs: 5000,
        onError: (e) => console.error(String(e)),
      });
      for (let i = 0; i < count; i++) {
        publisher.enqueue({
          subject: subject(i),
          msgId: `p${unique++}`,
          bytes: payload,
          receivedAt: "0",
          frameId: undefined,
          seq: i,
        });
      }
      await publisher.drained();
      publisher.stop();
      if (publisher.stats.published !== count) throw new Error(`stored ${publisher.stats.published} of ${count}`);
    },
  };
}

const count = arg("count", 30_000);
const rounds = arg("rounds", 3);
const cases = [
  awaitedOneAtATime,
  jsWindow(512),
  publisherWindow(64),
  publisherWindow(256),
  publisherWindow(512),
  publisherWindow(2048),
];
const servers = await startNatsServers(1);
const nc = await connect({ servers: servers.urls });
await ensureStream(await jetstreamManager(nc), { storage: "file" });
const rates = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? cases : [...cases].reverse();
  for (const c of order) {
    // One at a time is slow: a tenth of the messages gives the same rate.
    const n = c === awaitedOneAtATime ? Math.ceil(count / 10) : count;
    const started = performance.now();
    await c.run(nc, n);
    rates.get(c.name)?.push(n / ((performance.now() - started) / 1000));
  }
}
for (const [name, values] of rates) {
  const sorted = values.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(36)} median ${Math.round(sorted[Math.floor(sorted.length / 2)])} msg/s  (rounds: ${sorted.map(Math.round).join(", ")})`,
  );
}
await nc.close();
await servers.close();

// A consumer's catch-up read while JetStream elects a leader: its API requests get no answer until their time-out.
// The read must not wait out a lost request before sending the next one, so it resumes soon after JetStream answers
// again. In the timing tier: the bound is a wall-clock one (a CI run's loaded integration tier saw 3.3 s).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { headers, type RequestOptions } from "@nats-io/transport-node";
import { defaultInstruments } from "@tickwire/sandbox";
import { CoreLive } from "../src/core-live.js";
import { type Relay, startRelay } from "../src/index.js";
import { type Stack, startStack, storedMessages, until, zeroStats } from "./helpers.js";

describe("core live path: a catch-up read while JetStream elects a leader", () => {
  let stack: Stack;
  let relay: Relay;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 1000 } });
    relay = await startRelay({
      name: "catch-up",
      platform: stack.platform,
      servers: stack.nats.urls,
      instruments: defaultInstruments.map((i) => i.id),
    });
    await relay.active();
    await until(() => relay.stats().published > 50, "50 messages stored");
  });
  after(async () => {
    await relay.close();
    await stack.close();
  });

  test("a catch-up read whose requests are lost (JetStream electing a leader) resumes within 600 ms of JetStream answering again", async (t) => {
    const frames = (await storedMessages(stack.nc, "TICKWIRE_MD", "tickwire.md.*.*.TickData")).slice(0, 3);
    const subject = "tickwire.md.NSECM.999998.TickData";
    const base = Date.now();
    const publish = async (n: number) => {
      const h = headers();
      h.set("Nats-Msg-Id", `lost.${n}`);
      h.set("Tickwire-Seq", `l0st.${n}`);
      h.set("Tickwire-Received-At", String(base + n));
      await jetstream(stack.nc).publish(subject, frames[n - 1].data, { headers: h });
    };
    // JetStream's API requests through this connection are lost while `electing` (no answer until their time-out),
    // as they are while a stream or the metadata elects a leader; everything else goes through.
    let electing = false;
    let firstLost = 0;
    const nc = new Proxy(stack.nc, {
      get(target, property) {
        if (property === "request") {
          return (subj: string, data: Uint8Array, options?: RequestOptions) => {
            if (!electing || !subj.startsWith("$JS.API.")) return target.request(subj, data, options);
            firstLost ||= Date.now();
            return new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), options?.timeout ?? 1000));
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const stats = zeroStats();
    const delivered: { n: number; at: number }[] = [];
    const core = new CoreLive({
      nc,
      js: jetstream(nc),
      jsm: await jetstreamManager(nc),
      stream: "TICKWIRE_MD",
      filters: [subject],
      stats,
      gapWaitMs: 30_000,
      deliver: (_bytes, _subject, received) => delivered.push({ n: Number(received) - base, at: Date.now() }),
      report: () => {},
    });
    try {
      // 2 is stored before the consumer subscribes: it has only the stream to get it from.
      await publish(2);
      await core.start("new");
      await publish(1);
      await until(() => delivered.length === 1, "1, live");
      electing = true;
      await publish(3); // a gap: 2 is missing, the catch-up read's requests are lost
      await until(() => firstLost > 0, "the catch-up read's first request");
      // JetStream answers again just after a request was lost: the next one must not wait for that one's time-out.
      await new Promise((resolve) => setTimeout(resolve, 50));
      electing = false;
      const answersAgain = Date.now();
      await until(() => delivered.length === 3, "2 and 3 after the catch-up");
      const resumed = delivered[2].at - answersAgain;
      t.diagnostic(`resumed ${resumed} ms after JetStream answered again`);
      assert.deepEqual(
        delivered.map((d) => d.n),
        [1, 2, 3],
      );
      // Before, one request at a time (750 ms, then a 250 ms pause): about 950 ms here.
      assert.ok(resumed <= 600, `resumed ${resumed} ms after JetStream answered again`);
    } finally {
      core.close();
    }
  });
});

// The relay's pre-built publishes: a subscriber receives from them exactly what nats.js's publish sends for the same
// subject, reply, headers and payload; what the fast path does not write goes through nats.js's publish.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect, headers, type Msg, type NatsConnection } from "@nats-io/transport-node";
import { type NatsServers, startNatsServers } from "@tickwire/testkit/nats-server";
import { headeredPublish } from "../src/direct-publish.js";
import { MSG_ID_HEADER } from "../src/live-headers.js";
import { encodeRelayHeaders } from "../src/publish-headers.js";
import { POSITION_HEADER, RECEIVED_HEADER } from "../src/subjects.js";

let nats: NatsServers;
let nc: NatsConnection;
before(async () => {
  nats = await startNatsServers(1);
  nc = await connect({ servers: nats.urls });
});
after(async () => {
  await nc.close();
  await nats.close();
});

function received(subject: string, count: number): Promise<Msg[]> {
  const msgs: Msg[] = [];
  return new Promise((resolve) => {
    const sub = nc.subscribe(subject, {
      callback: (_, m) => {
        msgs.push(m);
        if (msgs.length === count) {
          sub.unsubscribe();
          resolve(msgs);
        }
      },
    });
  });
}

const shape = (m: Msg) => ({
  subject: m.subject,
  reply: m.reply,
  data: [...m.data],
  headers: [...(m.headers?.keys() ?? [])].map((k) => [k, m.headers?.get(k)]),
});

test("a pre-built publish arrives as nats.js's publish of the same message; the odd ones go through nats.js", async () => {
  const publish = headeredPublish(nc);
  const cases = [
    { subject: "direct.NSECM.2885.TickData", data: Uint8Array.from({ length: 300 }, (_, i) => i % 256) },
    { subject: "direct.NSEFO.-1.IndexDataListMessage", data: new Uint8Array(0) },
    { subject: "direct.ünicode", data: new Uint8Array([1, 2, 3]) },
    // No reply subject: the batch-storing relay's live per-instrument publishes, which no stream acknowledges.
    { subject: "direct.NSECM.2885.NoReply", data: new Uint8Array([4, 5, 6]), noReply: true },
  ];
  for (const [i, c] of cases.entries()) {
    await nc.flush();
    const arrived = received(c.subject, 2);
    const block = encodeRelayHeaders(`m.${i}`, "1764222000123.456", `e.${i}`, i === 1 ? "7.ffffffff" : undefined);
    const outBefore = nc.stats().outMsgs;
    const reply = c.noReply ? "" : `_INBOX.test.${i}`;
    publish(c.subject, reply, block, c.data);
    // nats.js counts the messages its own publish sends: the fast path leaves the count alone.
    const viaNats = nc.stats().outMsgs - outBefore;
    assert.equal(viaNats, c.subject.includes("ü") ? 1 : 0, `${c.subject}: sent by nats.js ${viaNats} times`);
    const h = headers();
    h.set(MSG_ID_HEADER, `m.${i}`);
    h.set(RECEIVED_HEADER, "1764222000123.456");
    h.set(POSITION_HEADER, `e.${i}`);
    if (i === 1) h.set("Tickwire-Frame", "7.ffffffff");
    nc.publish(c.subject, c.data, reply === "" ? { headers: h } : { headers: h, reply });
    const [ours, theirs] = await arrived;
    assert.deepEqual(shape(ours), shape(theirs), c.subject);
  }
});

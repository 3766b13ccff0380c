// A Date start reads what the stream stored from then on. The relay publishes a frame the stream did not acknowledge
// again (same position), so after a stream leader's loss the stream holds it after newer frames of its subject; the
// start must still deliver it, in its place, not skip it as a repeat of the newer one. In the campaign's node kill
// storing batches, a Date-start reader skipped 20,878 frames so (49,304 of 66,182 read).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { headers as natsHeaders } from "@nats-io/transport-node";
import { defaultInstruments } from "@tickwire/sandbox";
import { startRelay, subscribeRelay } from "../src/index.js";
import { retry, type Stack, startStack, until } from "./helpers.js";

const PLAIN = defaultInstruments.filter((i) => i.kind !== "index");

interface Captured {
  subject: string;
  data: Uint8Array;
  headers: [string, string][];
}

let stack: Stack;
before(async () => {
  stack = await startStack({ sandbox: { rate: 2000 } });
});
after(() => stack.close());

test("a Date start delivers a frame stored after newer ones of its subject, in its place", async (t) => {
  const instrument = PLAIN[0];
  // Six real frames of one subject, as the relay published them (bytes and headers).
  const relay = await startRelay({
    name: "capture",
    platform: stack.platform,
    servers: stack.nats.urls,
    instruments: [instrument.id],
    stream: { name: "CAPTURE" },
  });
  const captured: Captured[] = [];
  let subject: string | undefined;
  const sub = stack.nc.subscribe(`tickwire.md.*.${instrument.id}.>`, {
    callback: (_error, m) => {
      subject ??= m.subject;
      if (m.subject !== subject || captured.length >= 6 || !m.headers) return;
      captured.push({ subject: m.subject, data: m.data.slice(), headers: [...m.headers].map(([k, v]) => [k, v[0]]) });
    },
  });
  await until(() => captured.length >= 6, "six frames of one subject");
  sub.unsubscribe();
  await relay.close();
  const jsm = await jetstreamManager(stack.nc);
  await retry(async () => jsm.streams.delete("CAPTURE"));

  // Stored with the third after the fifth, as a retry after a leader's loss leaves it.
  await jsm.streams.add({ name: "ORDER", subjects: ["tickwire.md.>"] });
  t.after(() => jsm.streams.delete("ORDER").catch(() => false));
  for (const index of [0, 1, 3, 4, 2, 5]) {
    const frame = captured[index];
    const h = natsHeaders();
    for (const [key, value] of frame.headers) h.set(key, value);
    await stack.nc.request(frame.subject, frame.data, { headers: h, timeout: 5000 });
  }
  const feed = await subscribeRelay({
    servers: stack.nats.urls,
    stream: "ORDER",
    instruments: [instrument.id],
    path: "subjects",
    start: new Date(0),
  });
  t.after(() => feed.close());
  const positions: string[] = [];
  feed.on("message", (_message, info) => positions.push(String(info.streamSequence)));
  feed.on("error", () => {});
  await until(() => positions.length >= 6, "six frames delivered", 5000).catch(() => {});
  // Stream sequences 1, 2, 5, 3, 4, 6: each frame once, in the relay's order (the third frame is the fifth stored).
  assert.deepEqual(positions, ["1", "2", "5", "3", "4", "6"], `delivered ${JSON.stringify(positions)}`);
});

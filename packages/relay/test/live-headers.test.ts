// The consumer's own reading of the four headers it needs: the same answers as nats.js's header map, from the bytes.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { connect, headers, type Msg, type NatsConnection } from "@nats-io/transport-node";
import { type NatsServers, startNatsServers } from "@tickwire/testkit/nats-server";
import { MSG_ID_HEADER, parseHeaderBlock, readLiveHeaders } from "../src/live-headers.js";
import { FRAME_HEADER, POSITION_HEADER, RECEIVED_HEADER } from "../src/subjects.js";

function viaNats(h: ReturnType<typeof headers>) {
  return {
    position: h.get(POSITION_HEADER) || undefined,
    msgId: h.get(MSG_ID_HEADER) || undefined,
    received: h.get(RECEIVED_HEADER) || undefined,
    frameId: h.get(FRAME_HEADER) || undefined,
  };
}

test("the header bytes read as nats.js reads them: present, missing, repeated, other keys, non-ASCII", () => {
  const cases: [string, string][][] = [
    [
      [POSITION_HEADER, "k3v9.12"],
      [MSG_ID_HEADER, "NSECM.22.1700000000123.4"],
      [RECEIVED_HEADER, "1700000000123"],
    ],
    [
      ["X-Other", "a:b"],
      [FRAME_HEADER, "f-77"],
      [POSITION_HEADER, "e.1"],
      [POSITION_HEADER, "e.2"],
      [RECEIVED_HEADER, "17"],
    ],
    [["tickwire-seq", "lower case is another key"]],
    [[MSG_ID_HEADER, "prix-é-日本"]],
    [],
  ];
  for (const pairs of cases) {
    const h = headers();
    for (const [k, v] of pairs) h.append(k, v);
    // What nats.js puts on the wire (its MsgHdrsImpl has encode; the MsgHdrs interface does not say so).
    const bytes = (h as unknown as { encode(): Uint8Array }).encode();
    assert.deepEqual(parseHeaderBlock(bytes, bytes.length), viaNats(h), JSON.stringify(pairs));
  }
});

test("a hand-made block: values trimmed, a line without a colon skipped, an empty value is no value", () => {
  const block = new TextEncoder().encode(
    `NATS/1.0\r\n${POSITION_HEADER}:   e.5  \r\nno colon here\r\n${RECEIVED_HEADER}:\r\n${FRAME_HEADER}:x\r\n\r\n`,
  );
  assert.deepEqual(parseHeaderBlock(block, block.length), {
    position: "e.5",
    msgId: undefined,
    received: undefined,
    frameId: "x",
  });
});

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

async function roundTrip(h: ReturnType<typeof headers> | undefined): Promise<Msg> {
  const subject = `live-headers.${Math.random().toString(36).slice(2)}`;
  const got = new Promise<Msg>((resolve) => nc.subscribe(subject, { max: 1, callback: (_e, m) => resolve(m) }));
  await nc.flush();
  nc.publish(subject, new Uint8Array([1, 2, 3]), h ? { headers: h } : undefined);
  return got;
}

test("a message from nats-server: read from its bytes (nats.js's header map never built), payload untouched", async () => {
  const h = headers();
  h.set(POSITION_HEADER, "epoch1.41");
  h.set(MSG_ID_HEADER, "id-41");
  h.set(RECEIVED_HEADER, "1700000000999");
  const m = await roundTrip(h);
  const read = readLiveHeaders(m);
  // The fast path reads nats.js's raw fields; if a nats.js upgrade renames them this fails (the fallback still works).
  assert.equal((m as unknown as { _headers?: unknown })._headers, undefined, "nats.js decoded the headers");
  assert.deepEqual(read, { position: "epoch1.41", msgId: "id-41", received: "1700000000999", frameId: undefined });
  assert.deepEqual(read, viaNats(m.headers ?? headers()));
  assert.deepEqual([...m.data], [1, 2, 3]);
});

test("a message without headers, and one whose raw fields are gone (the public headers are read instead)", async () => {
  const bare = await roundTrip(undefined);
  assert.deepEqual(readLiveHeaders(bare), {
    position: undefined,
    msgId: undefined,
    received: undefined,
    frameId: undefined,
  });
  const h = headers();
  h.set(FRAME_HEADER, "frame-9");
  const m = await roundTrip(h);
  const publicOnly = { headers: m.headers };
  assert.deepEqual(readLiveHeaders(publicOnly), {
    position: undefined,
    msgId: undefined,
    received: undefined,
    frameId: "frame-9",
  });
});

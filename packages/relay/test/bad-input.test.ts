// Bad input from the platform (a frame the codec rejects, an unknown or unset segment, no instrument) is counted,
// reported and never published, and the relay goes on with the next frame.
import assert from "node:assert/strict";
import { once } from "node:events";
import { after, before, describe, test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { encodeMessage } from "@tickwire/codec";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { WebSocketServer } from "ws";
import { startRelay } from "../src/index.js";
import { type Stack, startStack, storedMessages, until } from "./helpers.js";

function tick(id: bigint, segment: number, seq: bigint): Uint8Array {
  return encodeMessage(
    create(MarketDataMessageBaseSchema, {
      ID: seq,
      subtype: { case: "TickData", value: { InstrumentID: id, ExchangeSegment: segment, LTP: 100.5 } },
    }),
  );
}

describe("relay: bad input", () => {
  let stack: Stack;
  let platform: WebSocketServer;
  before(async () => {
    stack = await startStack();
    platform = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    platform.on("error", () => {});
    await once(platform, "listening");
    platform.on("connection", (socket) => {
      socket.on("error", () => {});
      socket.once("message", () => {
        socket.send(tick(110010000002885n, 1, 1n));
        socket.send(new Uint8Array([0x0f])); // the codec rejects it
        socket.send("not base64 at all!");
        socket.send(tick(110010000002885n, 99, 2n)); // a segment the contract does not list
        socket.send(tick(110010000002885n, 0, 3n)); // NONE: the field was not set
        socket.send(encodeMessage(create(MarketDataMessageBaseSchema, { ID: 4n }))); // no subtype
        socket.send(tick(31010010000234230n, 31, 5n));
      });
    });
  });
  after(async () => {
    for (const socket of platform.clients) socket.terminate();
    platform.close();
    await stack.close();
  });

  test("is counted by kind and reported, never published, never fatal", async () => {
    const warnings: string[] = [];
    const address = platform.address() as { port: number };
    const relay = await startRelay({
      name: "bad",
      platform: { ...stack.platform, wsUrl: `ws://127.0.0.1:${address.port}/md-streaming/ws` },
      servers: stack.nats.urls,
      instruments: [110010000002885n],
      logger: { warn: (message, fields) => warnings.push(`${message} ${JSON.stringify(fields)}`) },
    });
    await until(() => relay.stats().published === 2, "the two good frames stored");
    const stats = relay.stats();
    assert.deepEqual(stats.badInput, { decode: 2, "unknown-segment": 2, "no-instrument": 1 });
    assert.equal(stats.role, "active");
    assert.equal(stats.lastBadInput?.reason, "no-instrument");
    assert.ok(
      warnings.some((w) => w.includes("unknown-segment")),
      "reported in the log",
    );
    assert.ok(
      warnings.some((w) => w.includes("decode")),
      "decode errors reported in the log",
    );
    const stored = await storedMessages(stack.nc, "TICKWIRE_MD");
    assert.deepEqual(
      stored.map((m) => m.subject),
      ["tickwire.md.NSECM.110010000002885.TickData", "tickwire.md.MCXFO.31010010000234230.TickData"],
    );
    await relay.close();
  });
});

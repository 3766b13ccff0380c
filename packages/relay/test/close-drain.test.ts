// close() stores what the relay received before it stops, even when the stream's acks are slow: it waits up to
// closeTimeoutMs (10 s), longer than a publish's own 5 s timeout. A connection that forwards nothing for 3 s here (a
// fault proxy, paused) stands for a replicated stream electing a new leader. With the old 2 s wait the relay closed
// its connection with those publishes unsent, and the stream never got them (this test's first case then fails:
// 404 frames received, about 200 stored); nothing counted the loss. The second case, with a 1 s wait, shows it now
// counted and logged.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { jetstreamManager } from "@nats-io/jetstream";
import { decodeMessage } from "@tickwire/codec";
import { defaultInstruments } from "@tickwire/sandbox";
import { FaultProxy } from "@tickwire/testkit/faults";
import { startRelay } from "../src/index.js";
import { retry, type Stack, startStack, storedMessages, until } from "./helpers.js";

// No index: one subject per frame, so frames and stored messages can be counted one for one.
const IDS = defaultInstruments.filter((i) => i.kind !== "index").map((i) => i.id);

describe("relay: close() with acks slower than a publish's timeout", () => {
  let stack: Stack;
  let proxy: FaultProxy;
  before(async () => {
    stack = await startStack({ sandbox: { rate: 500 } });
    const port = Number(new URL(stack.nats.urls[0]).port);
    proxy = await FaultProxy.start({ targetPort: port, raw: true });
  });
  after(async () => {
    await proxy.close();
    await stack.close();
  });

  for (const [label, closeTimeoutMs, stored] of [
    ["the default wait stores every frame received", undefined, "all"],
    ["a wait shorter than the acks gives the rest up, counted and logged", 1000, "some"],
  ] as const) {
    test(label, { timeout: 60_000 }, async (t) => {
      const streamName = `CLOSING_${stored.toUpperCase()}`;
      const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
      const relay = await startRelay({
        name: `closing-${stored}`,
        platform: stack.platform,
        servers: [`nats://127.0.0.1:${proxy.port}`],
        instruments: IDS,
        stream: { name: streamName, maxMsgsPerSubject: 100_000 },
        ...(closeTimeoutMs === undefined ? {} : { closeTimeoutMs }),
        logger: {
          debug() {},
          info() {},
          warn: (message: string, fields?: Record<string, unknown>) => warnings.push({ message, fields }),
          error() {},
        },
      });
      t.after(() => retry(async () => (await jetstreamManager(stack.nc)).streams.delete(streamName)));
      await relay.active();
      await until(() => relay.stats().published > 200, "200 stored");
      // From here nothing passes for 3 s (under the 5 s publish timeout, over the old 2 s wait); frames keep coming for
      // a while, then the relay closes.
      proxy.pause();
      const resume = setTimeout(() => proxy.resume(), 3000);
      t.after(() => {
        clearTimeout(resume);
        proxy.resume();
      });
      const framesAtDelay = relay.stats().frames;
      await until(() => relay.stats().frames > framesAtDelay + 200, "200 frames with slow acks");
      const startedClose = Date.now();
      await relay.close();
      const closeMs = Date.now() - startedClose;
      const stats = relay.stats();
      const ids = (await storedMessages(stack.nc, streamName)).map((m) => decodeMessage(m.data).ID);
      t.diagnostic(`close() took ${closeMs} ms; ${ids.length} of ${stats.frames} frames stored`);
      assert.equal(new Set(ids).size, ids.length, "no frame stored twice");
      if (stored === "all") {
        assert.equal(stats.givenUpAtClose, 0, JSON.stringify(stats));
        assert.equal(ids.length, stats.frames, JSON.stringify(stats));
        assert.equal(warnings.filter((w) => w.message.includes("not stored")).length, 0);
      } else {
        // What close() gave up is what was not acknowledged when it stopped: every frame was acknowledged or given up.
        // The stream holds every acknowledged frame, and some given up (sent before the pause, their acks held), not all.
        assert.ok(stats.givenUpAtClose > 0, JSON.stringify(stats));
        assert.equal(stats.published + stats.duplicates + stats.givenUpAtClose, stats.enqueued, JSON.stringify(stats));
        assert.ok(ids.length >= stats.published && ids.length < stats.frames, JSON.stringify(stats));
        const warning = warnings.find((w) => w.message.includes("not stored"));
        assert.equal(warning?.fields?.givenUp, stats.givenUpAtClose, JSON.stringify(warnings));
        assert.ok(closeMs < 2500, `close() took ${closeMs} ms with a 1 s wait`);
      }
    });
  }
});

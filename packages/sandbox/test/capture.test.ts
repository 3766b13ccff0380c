import assert from "node:assert/strict";
import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { DecodeError, decodeFrames, encodeDelimited } from "@tickwire/codec";
import { CaptureWriter, defaultInstruments, MarketSimulator, readCapture } from "../src/index.js";
import { FeedClient, login, start, type TestSandbox, withSandbox } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "sandbox-capture-"));
const subscribeAll = `{"action":"subscribe","instrumentIds":[${defaultInstruments.map((i) => i.id).join(",")}]}`;
const hex = (list: readonly Uint8Array[]) => list.map((b) => Buffer.from(b).toString("hex"));

/** A paused sandbox, a client subscribed to everything, then the feed started: the client sees the whole sequence. */
async function collect(
  sandbox: TestSandbox,
  count: number,
  format: "base64" | "binary" = "binary",
): Promise<FeedClient> {
  const token = await login(sandbox);
  const client = new FeedClient(`${sandbox.wsUrl}?key=${token}&format=${format}`, format);
  await client.opened();
  client.send(subscribeAll);
  // The error notice for this bad request comes after the subscription was applied.
  client.send("{}");
  await client.until(() => client.texts.length > 0, "the barrier notice");
  sandbox.feed.resume();
  await client.until(() => client.raw.length >= count, `${count} frames`);
  await client.close();
  return client;
}

describe("determinism", () => {
  test("two servers with the same seed send the same frames, equal to a standalone simulator's", async () => {
    const runs: Uint8Array[][] = [];
    for (const seed of [2024, 2024, 2025]) {
      const sandbox = await start({ seed, rate: 3000, paused: true });
      try {
        runs.push((await collect(sandbox, 400)).raw.slice(0, 400));
        assert.equal(sandbox.stats().dropped, 0);
      } finally {
        await sandbox.close();
      }
    }
    assert.deepEqual(hex(runs[0]), hex(runs[1]));
    assert.notDeepEqual(hex(runs[0]), hex(runs[2]));
    const simulator = new MarketSimulator({ seed: 2024, rate: 3000 });
    assert.deepEqual(hex(runs[0]), hex(Array.from({ length: 400 }, () => simulator.next().bytes)));
  });
});

describe("record and replay", () => {
  const file = join(dir, "feed.capture");
  let received: Uint8Array[] = [];
  let produced = 0;

  test("the capture holds every message produced, size-delimited, flushed on close", async () => {
    const sandbox = await start({ seed: 77, rate: 4000, paused: true, capture: file });
    try {
      received = (await collect(sandbox, 1500)).raw;
    } finally {
      await sandbox.close();
    }
    produced = sandbox.stats().produced;
    assert.equal(sandbox.stats().captured, produced);
    const captured: Uint8Array[] = [];
    for await (const frame of readCapture(file)) captured.push(frame.bytes);
    assert.equal(captured.length, produced);
    assert.deepEqual(hex(captured.slice(0, received.length)), hex(received), "the client saw the capture's prefix");
    // The file is exactly the codec's delimited framing of each message.
    const messages = [];
    for await (const m of decodeFrames(createReadStream(file), { framing: "delimited" })) messages.push(m);
    assert.deepEqual(Buffer.concat(messages.map((m) => encodeDelimited(m))), readFileSync(file));
  });

  test("a fast replay sends the capture frame for frame", async () => {
    await withSandbox({ replay: { file, pace: "fast" }, paused: true }, async (replay) => {
      const client = await collect(replay, produced, "base64");
      await replay.feed.ended;
      const captured: Uint8Array[] = [];
      for await (const frame of readCapture(file)) captured.push(frame.bytes);
      assert.equal(client.raw.length, captured.length);
      assert.deepEqual(hex(client.raw), hex(captured));
      assert.equal(replay.stats().produced, produced);
    });
  });

  test("a replay prices LTP from the replayed frames", async () => {
    await withSandbox({ replay: { file, pace: "fast" } }, async (replay) => {
      await replay.feed.ended;
      const token = await login(replay);
      const response = await fetch(`${replay.httpUrl}/api/marketfeed/ltp`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: `{"InstrumentIds":[110010000002885]}`,
      });
      const body = (await response.json()) as { data: Record<string, { LTP: number }> };
      const book = new MarketSimulator({ seed: 77, rate: 4000 });
      for (let k = 0; k < produced; k++) book.next();
      assert.equal(body.data["110010000002885"].LTP, book.lastPrice(110010000002885n));
    });
  });

  test("an original-pace replay keeps the captured spacing (never faster than recorded)", async () => {
    const paced = join(dir, "paced.capture");
    const simulator = new MarketSimulator({ seed: 5, rate: 1000 });
    const writer = new CaptureWriter(paced);
    writer.write(Array.from({ length: 400 }, () => simulator.next()));
    await writer.close();
    await withSandbox({ replay: { file: paced }, paused: true, logger: false }, async (replay) => {
      const began = performance.now();
      replay.feed.resume();
      await replay.feed.ended;
      const elapsed = performance.now() - began;
      // 400 frames at 1000/s span 399 ms of message time.
      assert.ok(elapsed >= 380, `took ${elapsed} ms`);
      assert.equal(replay.stats().produced, 400);
    });
  });

  test("a truncated capture ends the replay with the codec's error; the server keeps serving", async () => {
    const broken = join(dir, "broken.capture");
    writeFileSync(broken, readFileSync(file).subarray(0, 1000));
    await withSandbox({ replay: { file: broken, pace: "fast" } }, async (replay) => {
      await assert.rejects(
        replay.feed.ended,
        (error: unknown) => error instanceof DecodeError && error.code === "TRUNCATED",
      );
      assert.ok(replay.stats().produced > 0);
      assert.equal((await fetch(`${replay.httpUrl}/api/v1/positions`)).status, 401);
      assert.ok(replay.logs.some((line) => line.includes("replay stopped")));
    });
  });
});

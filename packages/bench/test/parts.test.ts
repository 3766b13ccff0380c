import assert from "node:assert/strict";
import { test } from "node:test";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { delimitedCapture, encodeAll, FIRST_MESSAGE_ID, mixedFeed } from "../src/feed.js";
import { medianInterval } from "../src/measure.js";
import { canonical, tagCount } from "../src/normalise.js";
import { scanPlan, skipScan } from "../src/skip-scan.js";

const feed = mixedFeed(5000);

test("the mixed feed is the same for a seed and follows the documented distribution", () => {
  const again = mixedFeed(50);
  assert.deepEqual(
    again.map((m) => m.subtype.value),
    feed.slice(0, 50).map((m) => m.subtype.value),
  );
  const share = (c: string) => feed.filter((m) => m.subtype.case === c).length / feed.length;
  const documented: Record<string, number> = {
    TickData: 0.3,
    TickDataMessage: 0.1,
    TouchLineDataMessage: 0.3,
    MarketDepthMessage: 0.1,
    IncrementalUpdateMessage: 0.12,
    IndexDataMessage: 0.05,
    IndexDataListMessage: 0.03,
  };
  for (const [c, p] of Object.entries(documented)) assert.ok(Math.abs(share(c) - p) < 0.02, `${c}: ${share(c)}`);
  assert.ok(feed.every((m, i) => m.ID === FIRST_MESSAGE_ID + BigInt(i)));
});

test("every 64-bit value of the feed is below 2^53, so the number path can decode it", () => {
  const limit = 2n ** 53n;
  const check = (value: unknown): void => {
    if (typeof value === "bigint") assert.ok(value < limit);
    else if (Array.isArray(value)) value.forEach(check);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(check);
  };
  feed.forEach(check);
});

test("a delimited capture repeats the frames up to the size asked for, each behind its length", () => {
  const frames = encodeAll(feed.slice(0, 10));
  const { bytes, count } = delimitedCapture(frames, 10_000);
  assert.equal(count % 10, 0);
  assert.ok(bytes.length >= 10_000);
  let at = 0;
  for (let i = 0; i < count; i++) {
    let length = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[at++];
      length |= (b & 0x7f) << shift;
      shift += 7;
    } while (b > 0x7f);
    assert.deepEqual(bytes.subarray(at, at + length), frames[i % 10]);
    at += length;
  }
  assert.equal(at, bytes.length);
});

test("the skip-scan visits exactly the tags on the wire, nested ones included", () => {
  const plan = scanPlan(MarketDataMessageBaseSchema);
  const frames = encodeAll(feed.slice(0, 500));
  frames.forEach((f, i) => {
    assert.equal(skipScan(f, plan), tagCount(canonical(feed[i], MarketDataMessageBaseSchema)), `frame ${i}`);
  });
});

test("the skip-scan rejects bytes that do not parse", () => {
  const plan = scanPlan(MarketDataMessageBaseSchema);
  assert.throws(() => skipScan(new Uint8Array([0x0f]), plan), /wire type 7/);
  assert.throws(() => skipScan(new Uint8Array([0x12, 0x05, 0x01]), plan), /past the end/);
});

test("the median's interval comes from order statistics and contains the median", () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
  const { median, low, high } = medianInterval(sorted);
  assert.equal(median, 50.5);
  // ranks 50 ± 9.8: the 40th and 61st values.
  assert.equal(low, 40);
  assert.equal(high, 61);
  assert.deepEqual(medianInterval([7]), { median: 7, low: 7, high: 7 });
});

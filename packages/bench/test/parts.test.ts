import assert from "node:assert/strict";
import { test } from "node:test";
import { MarketDataMessageBaseSchema, subtypeCases } from "@tickwire/proto";
import { defaultInstruments, MarketSimulator } from "@tickwire/sandbox";
import { splitDelimited } from "@tickwire/testkit/delimited";
import { delimitedCapture, encodeAll, FIRST_MESSAGE_ID, MIXED_SEED, mixedFeed, mixedInstruments } from "../src/feed.js";
import { medianInterval } from "../src/measure.js";
import { canonical, tagCount } from "../src/normalise.js";
import { scanPlan, skipScan } from "../src/skip-scan.js";
import { suiteConfig } from "../src/suite-config.js";

const feed = mixedFeed(5000);

test("the mixed feed is the sandbox simulator's, the same for a seed, with every subtype", () => {
  const again = mixedFeed(50);
  assert.deepEqual(
    again.map((m) => m.subtype.value),
    feed.slice(0, 50).map((m) => m.subtype.value),
  );
  const simulator = new MarketSimulator({ seed: MIXED_SEED, instruments: mixedInstruments, rate: 10_000 });
  for (const message of feed.slice(0, 200)) assert.deepEqual(message, simulator.next().message);
  const cases = new Set(feed.map((m) => m.subtype.case));
  for (const c of subtypeCases) assert.ok(cases.has(c), `${c} never appears in 5,000 messages`);
  assert.ok(feed.every((m, i) => m.ID === FIRST_MESSAGE_ID + BigInt(i)));
  assert.ok(mixedInstruments.length < defaultInstruments.length, "the ids above 2^53 are left out");
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
  const split = splitDelimited(bytes);
  assert.equal(split.length, count);
  for (const [i, frame] of split.entries()) assert.deepEqual(frame, frames[i % 10]);
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

test("each suite's round groups put every case in exactly one process, of one variant (and, full general runs, one feature)", () => {
  for (const [name, smoke] of [
    ["general", false],
    ["general", true],
    ["market-data", false],
    ["market-data", true],
  ] as const) {
    const suite = suiteConfig(name, smoke);
    const members = suite.groups.map((group) => suite.ids.filter((id) => new RegExp(group).test(id)));
    for (const id of suite.ids) {
      assert.equal(members.filter((ids) => ids.includes(id)).length, 1, `${name}${smoke ? " smoke" : ""}: ${id}`);
    }
    for (const ids of members) {
      assert.ok(ids.length > 0);
      const variants = new Set(ids.map((id) => `${id.split("/")[0]}/${id.split("/")[2]}`));
      assert.equal(variants.size, 1, `one variant per process: ${ids.join(", ")}`);
      const features = new Set(ids.map((id) => id.split("/")[1]?.replace(/-[^-]+$/, "")));
      if (name === "general" && !smoke) assert.equal(features.size, 1, `one feature per process: ${ids.join(", ")}`);
    }
  }
  assert.equal(suiteConfig("general", false).groups.length, 60);
  assert.equal(suiteConfig("general", true).groups.length, 6);
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeMessage, encodeMessage } from "@tickwire/codec";
import { messageIds, subtypeCases } from "@tickwire/proto";
import {
  checkInstruments,
  DEFAULT_START_TIME,
  defaultInstruments,
  type FeedFrame,
  MAX_SAFE_ID,
  MarketSimulator,
  PRICE_UNITS,
  Prng,
} from "../src/index.js";

const take = (simulator: MarketSimulator, n: number) => Array.from({ length: n }, () => simulator.next());
const hex = (frames: FeedFrame[]) => frames.map((f) => Buffer.from(f.bytes).toString("hex"));

describe("seeded PRNG", () => {
  test("the same seed gives the same numbers; another seed others", () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const c = new Prng(43);
    const sa = Array.from({ length: 100 }, () => a.nextUint32());
    assert.deepEqual(
      sa,
      Array.from({ length: 100 }, () => b.nextUint32()),
    );
    assert.notDeepEqual(
      sa,
      Array.from({ length: 100 }, () => c.nextUint32()),
    );
    // Pinned to mulberry32's reference output for seed 1 (0.6270739405881613 as a fraction): a change to the
    // generator would silently change every recorded capture and seeded test.
    const pinned = new Prng(1);
    assert.deepEqual(
      Array.from({ length: 3 }, () => pinned.nextUint32()),
      [2693262067, 11749833, 2265367787],
    );
    const r = new Prng(7);
    for (let k = 0; k < 1000; k++) {
      const s = r.step(3);
      assert.ok(Number.isInteger(s) && s >= -3 && s <= 3);
    }
    assert.throws(() => new Prng(1.5), TypeError);
  });
});

describe("market simulator", () => {
  test("same seed, same bytes; another seed, other bytes", () => {
    const a = hex(take(new MarketSimulator({ seed: 99, rate: 10_000 }), 3000));
    const b = hex(take(new MarketSimulator({ seed: 99, rate: 10_000 }), 3000));
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, hex(take(new MarketSimulator({ seed: 100, rate: 10_000 }), 3000)));
  });

  test("every subtype appears, and every frame is the codec's canonical encoding with MessageSize = its length", () => {
    const frames = take(new MarketSimulator({ seed: 3 }), 3000);
    for (const c of subtypeCases)
      assert.ok(
        frames.some((f) => f.message.subtype.case === c),
        c,
      );
    for (const [k, frame] of frames.entries()) {
      const decoded = decodeMessage(frame.bytes);
      assert.equal(decoded.MessageSize, frame.bytes.length);
      assert.equal(decoded.ID, BigInt(k + 1));
      assert.deepEqual(encodeMessage(decoded), frame.bytes);
      assert.deepEqual(decoded, frame.message);
    }
  });

  test("timestamps come from the simulated clock: startTime + step / rate", () => {
    const simulator = new MarketSimulator({ seed: 5, rate: 400, startTime: 1_700_000_000_000 });
    const frames = take(simulator, 1000);
    for (const [k, frame] of frames.entries()) {
      assert.equal(frame.timeMs, 1_700_000_000_000 + Math.floor((k * 1000) / 400));
      const v = frame.message.subtype.value as { TimeStamp?: bigint };
      if (v.TimeStamp !== undefined) assert.equal(Number(v.TimeStamp), frame.timeMs);
    }
    assert.equal(new MarketSimulator().next().timeMs, DEFAULT_START_TIME);
  });

  test("prices sit on the tick grid; books are ordered around the last price; day ranges and volumes hold", () => {
    const simulator = new MarketSimulator({ seed: 11 });
    const volume = new Map<bigint, bigint>();
    for (const frame of take(simulator, 5000)) {
      const { subtype } = frame.message;
      if (subtype.case === "TouchLineDataMessage" || subtype.case === "MarketDepthMessage") {
        const v = subtype.value;
        const instrument = defaultInstruments.find((i) => i.id === v.InstrumentID);
        assert.ok(instrument);
        const onGrid = (p: number) => Math.abs(Math.round(p * PRICE_UNITS) % instrument.tickUnits) === 0;
        assert.ok(onGrid(v.LTP), `${v.InstrumentName} ${v.LTP}`);
        assert.ok(v.Low <= v.LTP && v.LTP <= v.High && v.Low > 0);
        assert.equal(v.BestBidLevel.length, subtype.case === "MarketDepthMessage" ? 5 : 1);
        assert.ok(v.BestBidLevel.every((l) => l.Price < v.LTP || l.Price === instrument.tickUnits / PRICE_UNITS));
        assert.ok(v.BestAskLevel.every((l) => l.Price > v.LTP && onGrid(l.Price)));
        for (let k = 1; k < v.BestBidLevel.length; k++)
          assert.ok(v.BestBidLevel[k].Price <= v.BestBidLevel[k - 1].Price);
        for (let k = 1; k < v.BestAskLevel.length; k++)
          assert.ok(v.BestAskLevel[k].Price > v.BestAskLevel[k - 1].Price);
        assert.ok(v.VTT >= (volume.get(v.InstrumentID) ?? 0n), "volume never falls");
        volume.set(v.InstrumentID, v.VTT);
        assert.ok(v.TBQ > 0n && v.TSQ > 0n);
      }
      if (subtype.case === "IndexDataMessage") {
        const d = subtype.value.IndexData;
        assert.ok(d && d.YearlyLow <= d.Low && d.Low <= d.Last && d.Last <= d.High && d.High <= d.YearlyHigh);
        assert.equal(d.NetChangeIndicator, d.Last === d.Close ? 0 : d.Last > d.Close ? 1 : 2);
      }
      if (subtype.case === "IndexDataListMessage") {
        assert.equal(subtype.value.IndexDataList.length, defaultInstruments.filter((i) => i.kind === "index").length);
      }
      if (subtype.case === "IncrementalUpdateMessage") {
        for (const e of subtype.value.MDEntriesList) {
          assert.ok([0, 1, 2].includes(e.MDEntryType) && [0, 1].includes(e.MDUpdateAction));
          assert.equal(e.MDEntryTime, Math.floor(frame.timeMs / 1000), "MDEntryTime is epoch seconds (int32)");
        }
      }
    }
  });

  test("the universe spans segments and kinds with 15- to 17-digit ids, some above 2^53", () => {
    const digits = new Set(defaultInstruments.map((i) => String(i.id).length));
    assert.deepEqual([...digits].sort(), [15, 16, 17]);
    assert.ok(defaultInstruments.some((i) => i.id > MAX_SAFE_ID));
    for (const kind of ["equity", "future", "option", "index"])
      assert.ok(defaultInstruments.some((i) => i.kind === kind));
    assert.ok(new Set(defaultInstruments.map((i) => i.segment)).size >= 5);
    // The vendor's documented example ids (docs/platform.md) name the same instruments here.
    const byId = (id: bigint) => defaultInstruments.find((i) => i.id === id);
    assert.deepEqual([byId(110010000002885n)?.name, byId(110010000002885n)?.segment], ["RELIANCE", "NSECM"]);
    assert.deepEqual([byId(110010000011536n)?.name, byId(110010000011536n)?.segment], ["TCS", "NSECM"]);
    assert.deepEqual([byId(110010002000001n)?.kind, byId(110010002000001n)?.segment], ["index", "NSECM"]);
    assert.deepEqual([byId(262090000149108n)?.kind, byId(262090000149108n)?.segment], ["option", "NSEFO"]);
    assert.equal(defaultInstruments.find((i) => i.name === "RELIANCE" && i.segment === "NSECM")?.id, 110010000002885n);
  });

  test("each frame's ids are the instruments its message carries, as messageIds reads them", () => {
    const frames = take(new MarketSimulator({ seed: 7 }), 5000);
    const cases = new Set<string | undefined>();
    for (const frame of frames) {
      assert.deepEqual(frame.ids, messageIds(frame.message));
      cases.add(frame.message.subtype.case);
    }
    // Every kind of message was among them, the index list (every index) too.
    assert.equal(cases.size, 7);
  });

  test("a custom universe is checked, and a bad one is refused with the entry named", () => {
    const [one] = defaultInstruments;
    assert.throws(() => checkInstruments([one, one]), /instruments\[1\] \(RELIANCE\): duplicate id/);
    assert.throws(() => checkInstruments([{ ...one, lotSize: 0 }]), /lotSize must be a positive integer/);
    assert.throws(() => checkInstruments([]), /at least one/);
    const narrow = new MarketSimulator({ instruments: defaultInstruments.filter((i) => i.id <= MAX_SAFE_ID) });
    assert.ok(take(narrow, 2000).every((f) => f.ids.every((id) => id <= MAX_SAFE_ID)));
    assert.throws(() => new MarketSimulator({ rate: 0 }), RangeError);
  });
});

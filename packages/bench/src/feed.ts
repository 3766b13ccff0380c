// The realistic mixed feed every suite takes its mixed frames from: drawn from the
// sandbox's seeded market simulator (@tickwire/sandbox), the same feed its WebSocket
// serves. Only instruments whose ids are below 2^53 take part, so the number-path
// decoders (codec int64 "number", protobufjs without Long) can decode every message
// exactly: the sandbox's three MCX ids lie above 2^53 on purpose.
//
// The simulator's mix (per message, over a uniform pick of instrument): equities and
// derivatives send compact ticks (TickData), tick messages, touch lines and market
// depth (5 levels a side) and incremental updates; indices send index data and, about
// one time in seven, an index list. Its IDs count up from 1, so a stream's order can
// be checked, and MessageSize is each message's encoded size.
import { toBinary } from "@bufbuild/protobuf";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";
import { defaultInstruments, MAX_SAFE_ID, MarketSimulator } from "@tickwire/sandbox/simulator";

/** The ID of the feed's first message; the next ones count up by one. */
export const FIRST_MESSAGE_ID = 1n;

export const MIXED_SEED = 20241121;

/** The instruments of the mixed feed: the simulator's, less those a JavaScript number cannot hold. */
export const mixedInstruments = defaultInstruments.filter((instrument) => instrument.id <= MAX_SAFE_ID);

/** `count` messages of the mixed feed, the same for a given seed on every run and engine. */
export function mixedFeed(count: number, seed = MIXED_SEED): MarketDataMessageBase[] {
  const simulator = new MarketSimulator({ seed, instruments: mixedInstruments, rate: 10_000 });
  return Array.from({ length: count }, () => simulator.next().message);
}

/** The wire bytes of each message (protobuf-es toBinary: the reference encoder). */
export function encodeAll(messages: MarketDataMessageBase[]): Uint8Array[] {
  return messages.map((m) => toBinary(MarketDataMessageBaseSchema, m));
}

/** A size-delimited capture (varint length, then the message) of `frames`, repeated to at least `minBytes`. */
export function delimitedCapture(frames: Uint8Array[], minBytes: number): { bytes: Uint8Array; count: number } {
  let perPass = 0;
  for (const f of frames) perPass += varintLength(f.length) + f.length;
  const passes = Math.max(1, Math.ceil(minBytes / perPass));
  const bytes = new Uint8Array(perPass * passes);
  let at = 0;
  for (let p = 0; p < passes; p++) {
    for (const f of frames) {
      let len = f.length;
      while (len > 0x7f) {
        bytes[at++] = (len & 0x7f) | 0x80;
        len >>>= 7;
      }
      bytes[at++] = len;
      bytes.set(f, at);
      at += f.length;
    }
  }
  return { bytes, count: frames.length * passes };
}

export function varintLength(value: number): number {
  let n = 1;
  while (value > 0x7f) {
    value >>>= 7;
    n++;
  }
  return n;
}

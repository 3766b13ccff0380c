// What the suites decode, encode and stream: the codec issue's five frames and the mixed feed.
import type { MarketDataMessageBase } from "@tickwire/proto";
import { encodeAll, mixedFeed } from "./feed.js";
import { frames } from "./frames.js";

/** A benchmark subject: one frame, or the mixed feed's frames decoded one after another. */
export interface Subject {
  name: string;
  frames: Uint8Array[];
  messages: MarketDataMessageBase[];
  bytes: number;
}

export const MIXED = "Mixed";

export function subjects(mixedCount: number): Subject[] {
  const single = frames.map(({ name, message, bytes }) => ({
    name,
    frames: [bytes],
    messages: [message],
    bytes: bytes.length,
  }));
  const messages = mixedFeed(mixedCount);
  const mixed = encodeAll(messages);
  return [
    ...single,
    {
      name: MIXED,
      frames: mixed,
      messages,
      bytes: mixed.reduce((n, b) => n + b.length, 0),
    },
  ];
}

/** How often a task repeats a one-frame subject per sample: about 16 KiB of input, so samples are tens of µs. */
export function repeatsFor(subject: Subject): number {
  if (subject.frames.length > 1) return 1;
  return Math.min(256, Math.max(4, Math.ceil(16384 / subject.bytes)));
}

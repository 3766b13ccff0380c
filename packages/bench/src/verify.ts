// Before anything is timed: every decoder must return the reference values for every
// frame it will be timed on, and every encoder the reference bytes. A benchmark of a
// wrong answer fails here, with the frame and the first differing field.
import { fromBinary } from "@bufbuild/protobuf";
import { type MarketDataMessageBase, MarketDataMessageBaseSchema } from "@tickwire/proto";
import type { Decoder, Encoder } from "./decoders.js";
import { type Canonical, canonical, firstDifference, tagCount } from "./normalise.js";

export class VerificationError extends Error {
  override name = "VerificationError";
}

/**
 * The reference is the generator's own message objects (what was encoded), not any
 * decoder under test, so a wrong protobuf-es fails too.
 */
export function verifyDecoders(
  subject: string,
  decoders: readonly Decoder[],
  frames: readonly Uint8Array[],
  messages: readonly MarketDataMessageBase[],
): void {
  const expected = messages.map((m) => canonical(m, MarketDataMessageBaseSchema));
  for (const decoder of decoders) {
    decoder.setup?.();
    for (let i = 0; i < frames.length; i++) {
      let got: Canonical | number;
      try {
        got = decoder.check(decoder.decode(frames[i]));
      } catch (error) {
        throw new VerificationError(`${subject}/${decoder.name}: frame ${i} failed to decode: ${String(error)}`);
      }
      const difference =
        typeof got === "number"
          ? got === tagCount(expected[i])
            ? undefined
            : `visited ${got} tags, the frame has ${tagCount(expected[i])}`
          : firstDifference(expected[i], got);
      if (difference !== undefined) {
        throw new VerificationError(`${subject}/${decoder.name}: frame ${i} decodes wrongly: ${difference}`);
      }
    }
  }
}

/** codec and protobuf-es must produce the reference bytes; protobufjs bytes that decode to the same message. */
export function verifyEncoders(
  subject: string,
  encoders: readonly Encoder[],
  frames: readonly Uint8Array[],
  messages: readonly MarketDataMessageBase[],
): void {
  for (const encoder of encoders) {
    encoder.setup?.();
    for (let i = 0; i < frames.length; i++) {
      const out = encoder.encode(i);
      let difference: string | undefined;
      if (encoder.name === "protobufjs") {
        const back = canonical(fromBinary(MarketDataMessageBaseSchema, out), MarketDataMessageBaseSchema);
        difference = firstDifference(canonical(messages[i], MarketDataMessageBaseSchema), back);
      } else if (!sameBytes(out, frames[i])) {
        difference = `${out.length} bytes differ from the reference ${frames[i].length} bytes`;
      }
      if (difference !== undefined) {
        throw new VerificationError(`${subject}/encode ${encoder.name}: message ${i}: ${difference}`);
      }
    }
  }
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// The differential oracle: what protobuf-es makes of some bytes, converted to an int64
// mode, and the verdict on what a codec target made of them. A verdict other than
// "agrees" is a finding, deduplicated by target, kind and error code.
import { isDeepStrictEqual } from "node:util";
import { fromBinary } from "@bufbuild/protobuf";
import { DecodeError } from "@tickwire/codec";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { type Outcome, outcomeOf } from "@tickwire/testkit/outcome";
import type { Int64Choice } from "./inputs.js";
import { scan } from "./wire.js";

export const reference = (bytes: Uint8Array): Outcome =>
  outcomeOf(() => fromBinary(MarketDataMessageBaseSchema, bytes, { readUnknownFields: false }));

const LIMIT = 2n ** 53n;

/** A plain deep copy with bigints converted to the mode and own properties holding undefined dropped. */
export function normalise(value: unknown, mode: Int64Choice): unknown {
  if (typeof value === "bigint")
    return mode === "bigint" ? value : mode === "string" ? value.toString() : Number(value);
  if (Array.isArray(value)) return value.map((v) => normalise(v, mode));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = normalise(v, mode);
    }
    return out;
  }
  return value;
}

function hasUnsafeInt64(value: unknown): boolean {
  if (typeof value === "bigint") return value >= LIMIT || value <= -LIMIT;
  if (Array.isArray(value)) return value.some(hasUnsafeInt64);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasUnsafeInt64);
  return false;
}

export interface Verdict {
  kind: string;
  code?: string;
  detail: string;
}

/**
 * Judges `ours` (already normalised to `mode`) against protobuf-es's `theirs` for `bytes`.
 * Accepted differences: INVALID_WIRE_TYPE where a known field has the wrong wire type
 * (README, "the one deliberate difference"), and INT64_RANGE in "number" mode where
 * the frame carries a 64-bit value of magnitude 2^53 or more, even one that a later
 * value of the same field replaces (the codec checks each value as it reads it).
 */
export function judge(bytes: Uint8Array, mode: Int64Choice, ours: Outcome, theirs: Outcome): Verdict | undefined {
  if (!ours.ok && !(ours.error instanceof DecodeError)) {
    const error = ours.error as { name?: string; message?: string };
    return { kind: "crash", code: error?.name ?? typeof ours.error, detail: String(error?.message ?? ours.error) };
  }
  if (ours.ok && !theirs.ok) return { kind: "accepted-invalid", detail: String(theirs.error) };
  if (ours.ok && theirs.ok) {
    if (mode === "number" && hasUnsafeInt64(theirs.value))
      return { kind: "missed-int64-range", detail: "a 64-bit value of 2^53 or more was returned as a number" };
    if (!isDeepStrictEqual(ours.value, normalise(theirs.value, mode)))
      return { kind: "mismatch", detail: "values differ" };
    return undefined;
  }
  if (!ours.ok && theirs.ok) {
    const error = ours.error as DecodeError;
    const found = scan(bytes, MarketDataMessageBaseSchema);
    if (error.code === "INVALID_WIRE_TYPE" && found.wrongWireType) return undefined;
    if (error.code === "INT64_RANGE" && mode === "number" && (found.unsafeInt64 || hasUnsafeInt64(theirs.value)))
      return undefined;
    return { kind: "rejected-valid", code: error.code, detail: error.message };
  }
  return undefined;
}

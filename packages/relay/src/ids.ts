// Instrument ids as callers give them (bigint, a safe integer or a digit string), checked as uint64.
import { type InstrumentIdInput, InvalidArgumentError } from "@tickwire/client";

const UINT64_MAX = (1n << 64n) - 1n;

export function toIds(values: Iterable<InstrumentIdInput> | undefined, where: string): bigint[] {
  if (values === undefined) return [];
  if (values === null || typeof (values as Iterable<unknown>)[Symbol.iterator] !== "function") {
    throw new InvalidArgumentError(where, "must be an iterable of instrument ids");
  }
  const ids = new Set<bigint>();
  let index = 0;
  for (const value of values) {
    let id: bigint | undefined;
    if (typeof value === "bigint") id = value;
    else if (typeof value === "number" && Number.isSafeInteger(value)) id = BigInt(value);
    else if (typeof value === "string" && /^[0-9]{1,20}$/.test(value)) id = BigInt(value);
    if (id === undefined || id < 0n || id > UINT64_MAX) {
      throw new InvalidArgumentError(
        `${where}[${index}]`,
        "must be a bigint, a safe integer or a digit string (an unsigned 64-bit id)",
      );
    }
    ids.add(id);
    index++;
  }
  return [...ids];
}

// Instrument ids as the caller gives them (bigint, an exact number, or a digit string), checked as uint64 and
// written to JSON digit for digit.
import { InvalidArgumentError } from "./errors.js";

export type InstrumentIdInput = bigint | number | string;

const UINT64_MAX = (1n << 64n) - 1n;

/** One id as a bigint, or an InvalidArgumentError naming it: a number beyond 2^53 has already lost its digits. */
export function toInstrumentId(value: unknown, where: string): bigint {
  let id: bigint | undefined;
  if (typeof value === "bigint") id = value;
  else if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) {
      throw new InvalidArgumentError(
        where,
        Number.isInteger(value)
          ? `is ${value}, beyond 2^53: a number cannot hold it exactly; pass a bigint or a digit string`
          : `must be a non-negative integer, received ${value}`,
      );
    }
    id = BigInt(value);
  } else if (typeof value === "string" && /^[0-9]{1,20}$/.test(value)) id = BigInt(value);
  if (id === undefined) {
    throw new InvalidArgumentError(
      where,
      `must be a bigint, a safe integer or a digit string, received ${typeof value}`,
    );
  }
  if (id < 0n || id > UINT64_MAX) throw new InvalidArgumentError(where, "must be an unsigned 64-bit integer");
  return id;
}

/** The ids of an iterable, checked and de-duplicated, in first-seen order. */
export function toInstrumentIds(values: Iterable<InstrumentIdInput>, name: string): bigint[] {
  if (
    values === null ||
    typeof values !== "object" ||
    typeof (values as Iterable<unknown>)[Symbol.iterator] !== "function"
  ) {
    throw new InvalidArgumentError(name, "must be an array (or iterable) of instrument ids");
  }
  const seen = new Set<bigint>();
  let index = 0;
  for (const value of values) {
    seen.add(toInstrumentId(value, `${name}[${index}]`));
    index++;
  }
  return [...seen];
}

/** A JSON array of ids, each written as its exact digits. */
export const idsJson = (ids: readonly bigint[]) => `[${ids.join(",")}]`;

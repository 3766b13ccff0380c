// Commander's argument parsers (`.option(flags, text, parser, default)`): a bad value is commander's
// InvalidArgumentError, a usage error naming the option.
import { InvalidArgumentError } from "commander";
import { usageError } from "./exit-codes.js";

export const integer = (name: string, min: number) => (value: string) => {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
    throw new InvalidArgumentError(`${name} must be an integer of at least ${min}`);
  }
  return n;
};

export const positive = (name: string) => (value: string) => {
  const n = Number(value);
  if (!(n > 0) || !Number.isFinite(n)) throw new InvalidArgumentError(`${name} must be a positive number`);
  return n;
};

/** A comma-separated list of instrument ids, exact as bigints; a bad id is a usage error. */
export function parseInstrumentIds(list: string): bigint[] {
  return list.split(",").map((text) => {
    const trimmed = text.trim();
    if (!/^\d+$/.test(trimmed)) throw usageError(`instrument id '${trimmed}' is not an unsigned integer`);
    return BigInt(trimmed);
  });
}

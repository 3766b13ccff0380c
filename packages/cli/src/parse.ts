import { InvalidArgumentError } from "commander";

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

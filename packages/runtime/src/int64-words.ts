// A 64-bit value and its two 32-bit words, both ways, through one 64-bit typed-array
// cell. Encoding: a bigint (or exact number, or decimal string: whatever an int64 mode
// gives) stored in the cell and read back as words; V8's optimizing compiler turns the
// store and the BigInt.asIntN / asUintN range test into plain 64-bit operations, with no
// allocation and no runtime call, where `Number(big & mask)` and `big >> 32n` each
// allocate. Decoding: the words stored and the cell loaded as a bigint in one step,
// about twice as fast as BigInt(number) and with no range test (protobuf-es's
// DataView.getBigInt64 does the same; a typed array's element load is cheaper still).
const scratch = new BigInt64Array(1);
const unsignedScratch = new BigUint64Array(scratch.buffer);
const words = new Uint32Array(scratch.buffer);
/** The decoder's words are signed, as the varint reader leaves them. */
const signedWords = new Int32Array(scratch.buffer);
/** The platform's byte order: the words' order in the cell, and the scalar readers' scratch copies. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = LITTLE_ENDIAN ? 0 : 1;
const HI = LITTLE_ENDIAN ? 1 : 0;
const TWO_32 = 4294967296;
const DECIMAL = /^-?[0-9]+$/;

/** The int64 whose two's complement words are `lo`, `hi`, as a bigint at any magnitude. */
export function bigIntOfWords(lo: number, hi: number): bigint {
  // A value in int32 range (`hi` only extends `lo`'s sign): BigInt of a small integer is
  // made inline, cheaper than the two-word cell below or BigInt of a larger double.
  if (hi === lo >> 31) return BigInt(lo | 0);
  signedWords[LO] = lo;
  signedWords[HI] = hi;
  return scratch[0];
}

/** The uint64 with words `lo`, `hi`, as a bigint at any magnitude. */
export function bigUintOfWords(lo: number, hi: number): bigint {
  if (hi === 0 && (lo | 0) >= 0) return BigInt(lo | 0);
  signedWords[LO] = lo;
  signedWords[HI] = hi;
  return unsignedScratch[0];
}

/** The low word of the last split value. */
export const low = (): number => words[LO];
/** The high word of the last split value. */
export const high = (): number => words[HI];

/** A decimal string as a bigint; undefined for anything else (a number here is not an exact integer). */
function fromString(value: unknown): bigint | undefined {
  return typeof value === "string" && DECIMAL.test(value) ? BigInt(value) : undefined;
}

/**
 * A decimal string of at most 15 digits (always below 2^53: exact as a double) parsed
 * without a regular expression or a bigint; NaN for any other string, which then takes
 * the bigint path (larger values, and the refusal of what is not a decimal at all).
 */
function shortDecimal(text: string): number {
  const len = text.length;
  const negative = len > 0 && text.charCodeAt(0) === 0x2d;
  const start = negative ? 1 : 0;
  if (len === start || len - start > 15) return Number.NaN;
  let n = 0;
  for (let i = start; i < len; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return Number.NaN;
    n = n * 10 + digit;
  }
  return negative ? -n : n;
}

/** Sets the words from an exact integer below 2^53 in magnitude (two's complement when negative). */
function fromSafe(n: number): void {
  const hi = Math.floor(n / TWO_32);
  words[LO] = n - hi * TWO_32;
  words[HI] = hi;
}

/** Splits a signed 64-bit value (int64, sint64, sfixed64) into low() and high(); false if it is not one. */
export function splitSigned(value: unknown): boolean {
  if (typeof value === "bigint" && BigInt.asIntN(64, value) === value) {
    scratch[0] = value;
    return true;
  }
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    fromSafe(value);
    return true;
  }
  if (typeof value === "string") {
    const n = shortDecimal(value);
    if (!Number.isNaN(n)) {
      fromSafe(n);
      return true;
    }
  }
  const big = fromString(value);
  if (big === undefined || BigInt.asIntN(64, big) !== big) return false;
  scratch[0] = big;
  return true;
}

/** Splits an unsigned 64-bit value (uint64, fixed64) into low() and high(); false if it is not one. */
export function splitUnsigned(value: unknown): boolean {
  if (typeof value === "bigint" && BigInt.asUintN(64, value) === value) {
    scratch[0] = value;
    return true;
  }
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
    fromSafe(value);
    return true;
  }
  if (typeof value === "string") {
    const n = shortDecimal(value);
    // "-0" is zero; any other negative is out of range, which the bigint path refuses.
    if (n >= 0) {
      fromSafe(n);
      return true;
    }
  }
  const big = fromString(value);
  if (big === undefined || BigInt.asUintN(64, big) !== big) return false;
  // A value of 2^63 and above is stored as its two's complement: the same 64 bits.
  scratch[0] = big;
  return true;
}

// Protobuf wire building blocks for hand-made test inputs. Plain number arrays, so a test can spread pieces into one
// message and corrupt any byte it likes; protobuf-es's BinaryWriter only writes well-formed fields.

/** The varint encoding of a value taken as 64 bits: a negative one is its two's complement (ten bytes). */
export function varint(value: bigint | number): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

/** A field's key: its number and wire type, as the unsigned 32-bit varint protobuf reads. */
export const tag = (field: number, wireType: number): number[] => varint(((field << 3) | wireType) >>> 0);

/** A length-delimited field (wire type 2): key, length, body. */
export const lengthDelimited = (field: number, body: number[]): number[] => [
  ...tag(field, 2),
  ...varint(body.length),
  ...body,
];

export const utf8 = (text: string): number[] => [...new TextEncoder().encode(text)];

/** A double as the 8 little-endian bytes of a fixed64 field's value. */
export function double64(value: number): number[] {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value, true);
  return [...bytes];
}

/**
 * The wire types of the protobuf encoding: the low three bits of every tag. Named here
 * so that no reader, writer or generated decoder spells them as bare numbers.
 */
export const WireType = {
  /** int32, int64, uint32, uint64, sint32, sint64, bool, enum. */
  Varint: 0,
  /** fixed64, sfixed64, double. */
  Bit64: 1,
  /** string, bytes, messages, packed repeated fields, map entries. */
  LengthDelimited: 2,
  /** A group's start (proto2 groups, editions' delimited encoding). */
  StartGroup: 3,
  /** A group's end. */
  EndGroup: 4,
  /** fixed32, sfixed32, float. */
  Bit32: 5,
} as const;

export type WireType = (typeof WireType)[keyof typeof WireType];

/** The tag of field `fieldNo` with `wireType`, as the unsigned 32-bit number a decoder's switch compares. */
export function tagOf(fieldNo: number, wireType: WireType): number {
  return ((fieldNo << 3) | wireType) >>> 0;
}

// The wire facts of protobuf's scalar types that both the decoder and the encoder
// print from: each type's runtime reader and writers (one value, a packed run), its wire type, and whether it
// is a 64-bit integer (the ones whose int64 mode and jstype matter).
import { ScalarType } from "@bufbuild/protobuf";

export const WIRE_VARINT = 0;
export const WIRE_BIT64 = 1;
export const WIRE_LENGTH = 2;
export const WIRE_START_GROUP = 3;
export const WIRE_END_GROUP = 4;
export const WIRE_BIT32 = 5;

export interface ScalarInfo {
  read: string;
  write: string;
  /** The runtime's writer of a packed run (length prefix and items); empty for types that cannot be packed. */
  writePacked: string;
  wire: number;
  is64: boolean;
}

export const SCALARS: Record<ScalarType, ScalarInfo> = {
  [ScalarType.DOUBLE]: {
    read: "readDouble",
    write: "writeDouble",
    writePacked: "writePackedDouble",
    wire: WIRE_BIT64,
    is64: false,
  },
  [ScalarType.FLOAT]: {
    read: "readFloat",
    write: "writeFloat",
    writePacked: "writePackedFloat",
    wire: WIRE_BIT32,
    is64: false,
  },
  [ScalarType.INT64]: {
    read: "readInt64",
    write: "writeInt64",
    writePacked: "writePackedInt64",
    wire: WIRE_VARINT,
    is64: true,
  },
  [ScalarType.UINT64]: {
    read: "readUint64",
    write: "writeUint64",
    writePacked: "writePackedUint64",
    wire: WIRE_VARINT,
    is64: true,
  },
  [ScalarType.INT32]: {
    read: "readInt32",
    write: "writeInt32",
    writePacked: "writePackedInt32",
    wire: WIRE_VARINT,
    is64: false,
  },
  [ScalarType.FIXED64]: {
    read: "readFixed64",
    write: "writeFixed64",
    writePacked: "writePackedFixed64",
    wire: WIRE_BIT64,
    is64: true,
  },
  [ScalarType.FIXED32]: {
    read: "readFixed32",
    write: "writeFixed32",
    writePacked: "writePackedFixed32",
    wire: WIRE_BIT32,
    is64: false,
  },
  [ScalarType.BOOL]: {
    read: "readBool",
    write: "writeBool",
    writePacked: "writePackedBool",
    wire: WIRE_VARINT,
    is64: false,
  },
  [ScalarType.STRING]: { read: "readString", write: "writeString", writePacked: "", wire: WIRE_LENGTH, is64: false },
  [ScalarType.BYTES]: { read: "readBytes", write: "writeBytes", writePacked: "", wire: WIRE_LENGTH, is64: false },
  [ScalarType.UINT32]: {
    read: "readUint32",
    write: "writeUint32",
    writePacked: "writePackedUint32",
    wire: WIRE_VARINT,
    is64: false,
  },
  [ScalarType.SFIXED32]: {
    read: "readSfixed32",
    write: "writeSfixed32",
    writePacked: "writePackedSfixed32",
    wire: WIRE_BIT32,
    is64: false,
  },
  [ScalarType.SFIXED64]: {
    read: "readSfixed64",
    write: "writeSfixed64",
    writePacked: "writePackedSfixed64",
    wire: WIRE_BIT64,
    is64: true,
  },
  [ScalarType.SINT32]: {
    read: "readSint32",
    write: "writeSint32",
    writePacked: "writePackedSint32",
    wire: WIRE_VARINT,
    is64: false,
  },
  [ScalarType.SINT64]: {
    read: "readSint64",
    write: "writeSint64",
    writePacked: "writePackedSint64",
    wire: WIRE_VARINT,
    is64: true,
  },
};

/** A field's tag: its number and wire type as the varint on the wire carries them. */
export const tag = (no: number, wire: number) => ((no << 3) | wire) >>> 0;

/** A tag as the bytes of its shortest varint, as the generated code compares or writes them. */
export function tagBytes(value: number): number[] {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value & 0x7f) | 0x80);
    value >>>= 7;
  }
  bytes.push(value);
  return bytes;
}

/** A byte as the generated code spells it: `0x0a`. */
export const hexByte = (b: number) => `0x${b.toString(16).padStart(2, "0")}`;

/** The runtime's packed-run readers (one loop per type, the common case inline); other types loop here. */
export const PACKED_READERS: Partial<Record<ScalarType, string>> = {
  [ScalarType.INT32]: "readPackedInt32",
  [ScalarType.UINT32]: "readPackedUint32",
  [ScalarType.SINT32]: "readPackedSint32",
  [ScalarType.BOOL]: "readPackedBool",
  [ScalarType.DOUBLE]: "readPackedDouble",
  [ScalarType.FLOAT]: "readPackedFloat",
  [ScalarType.FIXED32]: "readPackedFixed32",
  [ScalarType.SFIXED32]: "readPackedSfixed32",
  [ScalarType.INT64]: "readPackedInt64",
  [ScalarType.UINT64]: "readPackedUint64",
  [ScalarType.SINT64]: "readPackedSint64",
  [ScalarType.FIXED64]: "readPackedFixed64",
  [ScalarType.SFIXED64]: "readPackedSfixed64",
};

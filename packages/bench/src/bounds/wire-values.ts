// How many bytes of an encoded message are values: everything but its tags and length
// prefixes. The encode bound writes at least these for a message (it writes proto3 defaults
// too, which the wire leaves out), so writing fewer means its walk skipped values.
import type { DescField, DescMessage } from "@bufbuild/protobuf";

/** What a length-delimited payload of a field is: a message to walk into, or value bytes. */
type Payload = DescMessage | "value" | { mapOf: DescField & { fieldKind: "map" } };

function payloadOf(field: DescField | undefined): Payload {
  if (field === undefined) return "value";
  switch (field.fieldKind) {
    case "message":
      return field.message;
    case "list":
      return field.listKind === "message" ? field.message : "value";
    case "map":
      return { mapOf: field };
    default:
      return "value";
  }
}

class Walk {
  pos: number;
  constructor(
    private readonly bytes: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    let b: number;
    do {
      b = this.bytes[this.pos++];
      value += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    return value;
  }

  /** Value bytes from `pos` to `end` or past a group's end tag, the fields' payloads resolved by `payload(fieldNumber)`. */
  fields(end: number, payload: (no: number) => Payload): number {
    let values = 0;
    while (this.pos < end) {
      const tag = this.varint();
      const wireType = tag % 8;
      const no = Math.floor(tag / 8);
      if (wireType === 0) {
        const at = this.pos;
        this.varint();
        values += this.pos - at;
      } else if (wireType === 1 || wireType === 5) {
        const n = wireType === 1 ? 8 : 4;
        this.pos += n;
        values += n;
      } else if (wireType === 2) {
        const length = this.varint();
        const stop = this.pos + length;
        const p = payload(no);
        if (p === "value") {
          values += length;
          this.pos = stop;
        } else if ("mapOf" in p) {
          const valueField: Payload = p.mapOf.mapKind === "message" ? p.mapOf.message : "value";
          values += this.fields(stop, (n) => (n === 2 ? valueField : "value"));
        } else {
          values += this.message(p, stop);
        }
      } else if (wireType === 3) {
        // A group (proto2, or an editions message field encoded delimited): its fields up to its end tag.
        const p = payload(no);
        if (p === "value" || "mapOf" in p) throw new Error(`a group at byte ${this.pos} of a field that is no message`);
        values += this.message(p, end);
      } else if (wireType === 4) {
        return values;
      } else {
        throw new Error(`wire type ${wireType} at byte ${this.pos}`);
      }
    }
    return values;
  }

  message(desc: DescMessage, end: number): number {
    const byNumber = new Map(desc.fields.map((f) => [f.number, f]));
    return this.fields(end, (no) => payloadOf(byNumber.get(no)));
  }
}

/** The bytes of `frame`, a `desc` message, that are values rather than tags or lengths. */
export function wireValueBytes(desc: DescMessage, frame: Uint8Array): number {
  return new Walk(frame, 0).message(desc, frame.length);
}

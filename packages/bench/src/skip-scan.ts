// The floor: walk every tag and length of a frame, descending into nested messages,
// without materialising a value. No decoder that looks at every field can beat it.
import type { DescMessage } from "@bufbuild/protobuf";

/** For each field number of a message, the plan of the nested message it holds (if any). */
export interface ScanPlan {
  children: (ScanPlan | undefined)[];
}

export function scanPlan(desc: DescMessage, seen = new Map<string, ScanPlan>()): ScanPlan {
  const known = seen.get(desc.typeName);
  if (known !== undefined) return known;
  const plan: ScanPlan = { children: [] };
  seen.set(desc.typeName, plan);
  for (const field of desc.fields) {
    const nested =
      field.fieldKind === "message" ? field.message : field.fieldKind === "list" ? field.message : undefined;
    if (nested !== undefined) plan.children[field.number] = scanPlan(nested, seen);
  }
  return plan;
}

/** Visits every tag of `bytes[pos, end)`; returns how many. Throws on bytes that do not parse. */
export function skipScan(bytes: Uint8Array, plan: ScanPlan, pos = 0, end = bytes.length): number {
  let tags = 0;
  while (pos < end) {
    let tag = bytes[pos++];
    if (tag > 0x7f) {
      tag &= 0x7f;
      let shift = 7;
      let b: number;
      do {
        b = bytes[pos++];
        tag |= (b & 0x7f) << shift;
        shift += 7;
      } while (b > 0x7f && shift < 35);
    }
    tags++;
    switch (tag & 7) {
      case 0:
        while (bytes[pos++] > 0x7f);
        break;
      case 1:
        pos += 8;
        break;
      case 5:
        pos += 4;
        break;
      case 2: {
        let length = 0;
        let shift = 0;
        let b: number;
        do {
          b = bytes[pos++];
          length |= (b & 0x7f) << shift;
          shift += 7;
        } while (b > 0x7f && shift < 35);
        const child = plan.children[tag >>> 3];
        if (child !== undefined) tags += skipScan(bytes, child, pos, pos + length);
        pos += length;
        break;
      }
      default:
        throw new Error(`skip-scan: wire type ${tag & 7} at byte ${pos}`);
    }
  }
  if (pos !== end) throw new Error(`skip-scan: ran past the end (${pos} > ${end})`);
  return tags;
}

// Byte-level mutations for fuzzing a decoder: flip a bit, set a byte, insert, delete, truncate. Positions are taken
// modulo the input's length, so any generated mutation applies to any input, the empty one included.
import fc from "fast-check";

export const byteMutation = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);

export type ByteMutation = typeof byteMutation extends fc.Arbitrary<infer T> ? T : never;

/** A copy of `input` with the mutations applied in order; `input` is left as it is. */
export function mutateBytes(input: Uint8Array | readonly number[], mutations: readonly ByteMutation[]): Uint8Array {
  let bytes = [...input];
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : m.at % (bytes.length + 1);
    switch (m.kind) {
      case "flip":
        if (at < bytes.length) bytes[at] ^= 1 << m.bit;
        break;
      case "set":
        if (at < bytes.length) bytes[at] = m.value;
        break;
      case "insert":
        bytes.splice(at, 0, ...m.bytes);
        break;
      case "delete":
        bytes.splice(at, m.count);
        break;
      case "truncate":
        bytes = bytes.slice(0, at);
        break;
    }
  }
  return new Uint8Array(bytes);
}

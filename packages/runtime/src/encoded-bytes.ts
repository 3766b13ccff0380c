// Where an encoder's result lives. Every ArrayBuffer costs a malloc and, once dead, a free on
// the collector's sweeper thread; a process that encodes thousands of small messages leaves
// the C allocator thousands of small free chunks, which the next large request sorts first.
// Measured (bench:mixed, market data, Node 20): a 5.5 KB IndexDataList encode took 10 µs
// alone and 50-70 µs in a process that also encoded the mixed feed's 135-byte messages, the
// whole difference in its one output allocation; the decodes beside them slowed too (the
// sweeper's CPU time). So a result of 65 bytes to 2 KiB is a view into an 8 KiB slab shared
// with the results before and after it, as Node's own buffer pool and protobufjs do: one
// allocation per slab, not per message. Up to 64 bytes a result has an array of its own,
// which V8 keeps on its heap (no malloc); above 2 KiB a result has one of its own too.
import type { Writer } from "./writer.js";

/** Results of up to this many bytes are views into a shared slab. */
export const SLAB_MAX_RESULT = 2048;
const SLAB_BYTES = 8192;
/** Typed arrays up to this size live on V8's heap: a copy of their own costs no malloc. */
const ON_HEAP_MAX = 64;

let slab = new Uint8Array(SLAB_BYTES);
let slabPos = 0;

/**
 * The bytes written to `w` (`w.buf[0, w.pos)`) as the encoder's result. The result's bytes
 * are never written again, but a result of 65 bytes to 2 KiB shares its ArrayBuffer with
 * other results: pass the Uint8Array on (send, write, publish), not its `.buffer`.
 */
export function takeBytes(w: Writer): Uint8Array {
  const len = w.pos;
  if (len <= ON_HEAP_MAX || len > SLAB_MAX_RESULT) return w.buf.slice(0, len);
  // A slab whose buffer was transferred away (postMessage) reads as length 0: start another.
  if (slabPos + len > SLAB_BYTES || slab.length === 0) {
    slab = new Uint8Array(SLAB_BYTES);
    slabPos = 0;
  }
  const at = slabPos;
  slab.set(w.buf.subarray(0, len), at);
  // 8-byte aligned, so a Float64Array or DataView over a result's buffer needs no copy to align.
  slabPos = (at + len + 7) & ~7;
  return slab.subarray(at, at + len);
}

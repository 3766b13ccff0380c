// Small byte arrays cut from a shared block. Each `new Uint8Array(n)` past V8's on-heap limit (64 bytes) allocates a
// backing store outside the heap, which the garbage collector tracks and frees one by one: the relay made two per
// frame (the frame's copy and its header block), and in its profile at 20,000 frames/s the collector was 12-14% of
// its CPU. Views of one 256 KiB block cost an object each; a block is freed when no view of it is left (the relay
// keeps frames in receive order, so blocks go in order too).
const BLOCK = 256 * 1024;
/** Larger arrays get their own backing store: one would waste a block's tail, and they are rare. */
const LARGEST = 16 * 1024;

export class Slab {
  #block = new Uint8Array(0);
  #used = 0;

  /** A zero-filled array of `size` bytes. */
  alloc(size: number): Uint8Array {
    if (size > LARGEST) return new Uint8Array(size);
    if (this.#used + size > this.#block.length) {
      this.#block = new Uint8Array(BLOCK);
      this.#used = 0;
    }
    const out = this.#block.subarray(this.#used, this.#used + size);
    this.#used += size;
    return out;
  }

  /** A copy of `bytes`. */
  copy(bytes: Uint8Array): Uint8Array {
    const out = this.alloc(bytes.length);
    out.set(bytes);
    return out;
  }
}

/** The relay's copies of the frames it publishes (the feed reuses its view of a frame's bytes for the next one). */
export const frameCopies = new Slab();

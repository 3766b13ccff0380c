/**
 * A repeated message field of a view: `length` and `at(i)`, as on an array, over
 * element views that are recycled from frame to frame. Elements are made only when
 * a frame has more entries than any frame before it; after that, none.
 */
export class ViewList<T> {
  private readonly items: T[] = [];
  private count = 0;

  constructor(private readonly make: () => T) {}

  get length(): number {
    return this.count;
  }

  /** The element at `index`, or undefined outside `0 <= index < length` (negative indexes count from the end). */
  at(index: number): T | undefined {
    const i = index < 0 ? this.count + index : index;
    return i >= 0 && i < this.count ? this.items[i] : undefined;
  }

  /** Appends an element as it was left by the last frame; the decoder resets it. */
  add(): T {
    const items = this.items;
    if (this.count === items.length) items.push(this.make());
    return items[this.count++];
  }

  clear(): void {
    this.count = 0;
  }

  /** Copies the elements out (allocates; for logging and tests). */
  toArray<U>(map: (item: T) => U): U[] {
    const out: U[] = [];
    for (let i = 0; i < this.count; i++) out.push(map(this.items[i]));
    return out;
  }
}

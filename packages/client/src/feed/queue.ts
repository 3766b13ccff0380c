// The bounded buffer behind an async iterator of the feed. When the consumer falls behind by `capacity` messages,
// the policy decides which one goes: "drop-oldest" (default; the consumer sees the newest prices) or "drop-newest"
// (the consumer sees an unbroken prefix). Every dropped message is counted.

export type OverflowPolicy = "drop-oldest" | "drop-newest";

export class BoundedQueue<T> {
  readonly #items: (T | undefined)[];
  #head = 0;
  #size = 0;
  #waiting: ((result: IteratorResult<T, undefined>) => void) | undefined;
  #ended = false;

  constructor(
    readonly capacity: number,
    readonly overflow: OverflowPolicy,
    private readonly onDrop: () => void,
  ) {
    this.#items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.#size;
  }

  push(item: T): void {
    if (this.#ended) return;
    const waiting = this.#waiting;
    if (waiting !== undefined) {
      this.#waiting = undefined;
      waiting({ value: item, done: false });
      return;
    }
    if (this.#size === this.capacity) {
      this.onDrop();
      if (this.overflow === "drop-newest") return;
      this.#items[this.#head] = undefined;
      this.#head = (this.#head + 1) % this.capacity;
      this.#size--;
    }
    this.#items[(this.#head + this.#size) % this.capacity] = item;
    this.#size++;
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#size > 0) {
      const item = this.#items[this.#head] as T;
      this.#items[this.#head] = undefined;
      this.#head = (this.#head + 1) % this.capacity;
      this.#size--;
      return Promise.resolve({ value: item, done: false });
    }
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    if (this.#waiting !== undefined) {
      return Promise.reject(new TypeError("next() called again before the previous call settled"));
    }
    return new Promise((resolve) => {
      this.#waiting = resolve;
    });
  }

  /** Ends the queue: buffered items are still handed out, then next() reports done. */
  end(): void {
    this.#ended = true;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  /** Ends the queue and drops what it holds (the consumer stopped iterating). */
  clear(): void {
    this.end();
    this.#items.fill(undefined);
    this.#size = 0;
  }
}

/**
 * Hands each item to every open async iterator, each through its own BoundedQueue: the `messages()` of a feed (the
 * client's, and the relay's consumer). An iterator opened after end() is done at once.
 */
export class IteratorFanout<T> {
  readonly #queues = new Set<BoundedQueue<T>>();
  #ended = false;

  constructor(
    readonly capacity: number,
    readonly overflow: OverflowPolicy,
    private readonly onDrop: () => void,
  ) {}

  /** Iterators open now. */
  get size(): number {
    return this.#queues.size;
  }

  iterator(): AsyncIterableIterator<T> {
    const queue = new BoundedQueue<T>(this.capacity, this.overflow, this.onDrop);
    if (this.#ended) queue.end();
    else this.#queues.add(queue);
    const iterator: AsyncIterableIterator<T> = {
      next: () => queue.next(),
      return: () => {
        queue.clear();
        this.#queues.delete(queue);
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  push(item: T): void {
    for (const queue of this.#queues) queue.push(item);
  }

  /** Ends every iterator (each still hands out what it holds) and any opened later. */
  end(): void {
    this.#ended = true;
    for (const queue of this.#queues) queue.end();
    this.#queues.clear();
  }
}

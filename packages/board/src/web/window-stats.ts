// Percentiles over a sliding time window: samples older than the window fall out. Fixed-size rings, so a long
// session allocates nothing per sample.

export interface Percentiles {
  p50: number;
  p99: number;
  /** Samples in the window. */
  count: number;
}

export class SlidingWindow {
  private readonly values: Float64Array;
  private readonly times: Float64Array;
  private start = 0;
  private length = 0;
  private readonly scratch: Float64Array;

  constructor(
    private readonly windowMs: number,
    capacity = 4096,
  ) {
    this.values = new Float64Array(capacity);
    this.times = new Float64Array(capacity);
    this.scratch = new Float64Array(capacity);
  }

  add(value: number, at: number): void {
    const capacity = this.values.length;
    if (this.length === capacity) {
      this.start = (this.start + 1) % capacity;
      this.length--;
    }
    const slot = (this.start + this.length) % capacity;
    this.values[slot] = value;
    this.times[slot] = at;
    this.length++;
  }

  /** p50 and p99 (nearest rank) of the samples taken within the window before `now`; null when there are none. */
  percentiles(now: number): Percentiles | null {
    const capacity = this.values.length;
    while (this.length > 0 && this.times[this.start] < now - this.windowMs) {
      this.start = (this.start + 1) % capacity;
      this.length--;
    }
    if (this.length === 0) return null;
    const sorted = this.scratch.subarray(0, this.length);
    for (let i = 0; i < this.length; i++) sorted[i] = this.values[(this.start + i) % capacity];
    sorted.sort();
    const rank = (p: number) => sorted[Math.min(this.length - 1, Math.ceil(p * this.length) - 1)];
    return { p50: rank(0.5), p99: rank(0.99), count: this.length };
  }
}

// A seeded PRNG so that the same seed gives the same feed on every machine and Node version. Math.random cannot be
// seeded, and transcendental functions (Math.log, Math.cos) are avoided on purpose: only integer arithmetic and
// exact divisions feed the prices, so nothing depends on how an engine rounds a libm result.

/** mulberry32: 32 bits of state, passes BigCrush's common subset, plenty for a market simulation. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed)) throw new TypeError(`seed must be an integer, received ${String(seed)}`);
    this.state = seed >>> 0;
  }

  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A uniform number in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A roughly normal integer in [-span, span] (the mean of three uniforms, rounded): a random-walk increment. */
  step(span: number): number {
    return Math.round((this.int(-span, span) + this.int(-span, span) + this.int(-span, span)) / 3);
  }

  /** Picks one element. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

/** Token buckets by key: `capacity` tokens, refilled evenly over `perMs` milliseconds. */
export class Buckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private takes = 0;

  constructor(
    private readonly capacity: number,
    private readonly perMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Take one token for `key`: 0 when there was one, else how many ms until there will be. */
  take(key: string): number {
    const now = this.now();
    if (++this.takes % 1024 === 0) this.sweep(now);
    const bucket = this.refilled(key, now);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) * this.perMs) / this.capacity);
  }

  /** How many ms until `key` has a token (0: it has one now), without taking it. */
  wait(key: string): number {
    const bucket = this.refilled(key, this.now());
    return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) * this.perMs) / this.capacity);
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }

  private refilled(key: string, now: number): { tokens: number; at: number } {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.capacity, at: now };
    return { tokens: Math.min(this.capacity, bucket.tokens + ((now - bucket.at) * this.capacity) / this.perMs), at: now };
  }

  /** Keys whose bucket is full again are as good as new: drop them, so that memory follows the active keys only. */
  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets)
      if (bucket.tokens + ((now - bucket.at) * this.capacity) / this.perMs >= this.capacity) this.buckets.delete(key);
  }
}

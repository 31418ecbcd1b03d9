import { Buckets } from './buckets';

/** A token bucket's size: `capacity` tokens, refilled evenly over `perMs` milliseconds. */
export interface Rate {
  readonly capacity: number;
  readonly perMs: number;
}

/** One bucket: its rate, and whose it is (a limit and an address, say). */
export interface BucketRef {
  readonly rate: Rate;
  readonly key: string;
}

/** The first of the buckets asked for that had no token, and how long until it has one. */
export interface Shortfall {
  readonly index: number;
  readonly waitMs: number;
}

/**
 * Token buckets where they are counted: in this process (MemoryBudgets), or in Redis for every process of
 * a deployment (RedisBudgets), so that N processes do not give a client N budgets.
 */
export interface Budgets {
  /** Take a token from each of `buckets`, all or none: null when taken, else the first that had none. */
  take(buckets: readonly BucketRef[]): Promise<Shortfall | null>;
  /** How long until `bucket` has a token (0: it has one now), taking nothing. */
  wait(bucket: BucketRef): Promise<number>;
  /** A fixed window of `windowMs` counting at `key` (from its first count): its count and when it ends; `add` counts one. */
  window(key: string, windowMs: number, add: boolean): Promise<WindowCount>;
  close(): Promise<void>;
}

/** What a fixed window has counted, and how long until it is over (then it counts from 0). */
export interface WindowCount {
  readonly count: number;
  readonly endsInMs: number;
}

/** The buckets of this process alone (one process, or tests). */
export class MemoryBudgets implements Budgets {
  private readonly byRate = new Map<string, Buckets>();
  private readonly windows = new Map<string, { end: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(buckets: readonly BucketRef[]): Promise<Shortfall | null> {
    for (const [index, b] of buckets.entries()) {
      const waitMs = this.of(b.rate).wait(b.key);
      if (waitMs > 0) return { index, waitMs };
    }
    for (const b of buckets) this.of(b.rate).take(b.key);
    return null;
  }

  async wait(bucket: BucketRef): Promise<number> {
    return this.of(bucket.rate).wait(bucket.key);
  }

  async window(key: string, windowMs: number, add: boolean): Promise<WindowCount> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.end <= now) {
      // Windows that are over are let go (memory follows the active keys only).
      if (this.windows.size > 10_000) for (const [k, old] of this.windows) if (old.end <= now) this.windows.delete(k);
      w = { end: now + windowMs, count: 0 };
      if (add) this.windows.set(key, w);
    }
    if (add) w.count++;
    return { count: w.count, endsInMs: w.count > 0 ? w.end - now : 0 };
  }

  async close(): Promise<void> {}

  private of({ capacity, perMs }: Rate): Buckets {
    const name = `${capacity}/${perMs}`;
    let buckets = this.byRate.get(name);
    if (!buckets) this.byRate.set(name, (buckets = new Buckets(capacity, perMs, this.now)));
    return buckets;
  }
}

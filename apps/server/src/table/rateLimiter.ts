/**
 * A token bucket per client: `perSecond` messages a second on average, bursts up to `burst`.
 * Colyseus 0.16 has no flood limit of its own.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number; noticeAt: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
    private readonly burst = perSecond,
  ) {}

  /** May this client's message be handled? `notify` is true at most once a second while it floods. */
  take(client: string): { allowed: boolean; notify: boolean } {
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.burst, at: now, noticeAt: -Infinity };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(client, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, notify: false };
    }
    const notify = now - bucket.noticeAt >= 1000;
    if (notify) bucket.noticeAt = now;
    return { allowed: false, notify };
  }

  forget(client: string): void {
    this.buckets.delete(client);
  }
}

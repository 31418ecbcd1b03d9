import { Buckets } from '../limits/buckets';
import { metrics } from '../core/metrics';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * Failed sign-ins at one login name. Each address has its own budget at each name, so a guesser does not
 * lock the owner out; over every address together a name meets a higher ceiling per minute (a guesser
 * with many addresses), which holds only until that minute is over: the right password waits a minute
 * at most. An unknown name counts like a known one, so the answer tells nothing either way.
 */
export class NameLimits {
  private readonly fromAddress: Buckets;
  private readonly windows = new Map<string, { start: number; failures: number }>();

  constructor(
    perAddressHour: number,
    private readonly perNameMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.fromAddress = new Buckets(perAddressHour, HOUR, now);
  }

  /** Seconds `address` waits before `nameKey` may be tried from it again; 0: it may now. */
  retryAfter(nameKey: string, address: string): number {
    const own = this.fromAddress.wait(`${address} ${nameKey}`);
    const window = this.window(nameKey);
    const all = window.failures >= this.perNameMinute ? window.start + MINUTE - this.now() : 0;
    if (own > 0) metrics.limited.inc({ limit: 'sign-in-name' });
    else if (all > 0) metrics.limited.inc({ limit: 'sign-in-name-all' });
    const wait = Math.max(own, all);
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  failed(nameKey: string, address: string): void {
    this.fromAddress.take(`${address} ${nameKey}`);
    this.window(nameKey).failures++;
  }

  /** This minute's failures at `nameKey` (a window that is over starts again; old ones are let go). */
  private window(nameKey: string): { start: number; failures: number } {
    const now = this.now();
    const current = this.windows.get(nameKey);
    if (current && now - current.start < MINUTE) return current;
    if (this.windows.size > 10_000) for (const [key, w] of this.windows) if (now - w.start >= MINUTE) this.windows.delete(key);
    const fresh = { start: now, failures: 0 };
    this.windows.set(nameKey, fresh);
    return fresh;
  }
}

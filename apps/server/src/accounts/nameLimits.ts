import { Buckets } from '../limits/buckets';
import { metrics } from '../metrics';

const HOUR = 3_600_000;

/**
 * Failed sign-ins per login name, whatever address they come from (a guesser with many addresses
 * still meets it). An unknown name counts like a known one, so the answer tells nothing either way.
 */
export class NameLimits {
  private readonly failures: Buckets;

  constructor(perHour: number, now: () => number = Date.now) {
    this.failures = new Buckets(perHour, HOUR, now);
  }

  /** Seconds to wait before `nameKey` may be tried again; 0: it may now. */
  retryAfter(nameKey: string): number {
    const wait = this.failures.wait(nameKey);
    if (wait > 0) metrics.limited.inc({ limit: 'sign-in-name' });
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  failed(nameKey: string): void {
    this.failures.take(nameKey);
  }
}

import { type Budgets, MemoryBudgets } from '../limits/budgets';
import { metrics } from '../core/metrics';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * Failed sign-ins at one login name. Each address has its own budget at each name, so a guesser does not
 * lock the owner out; over every address together a name meets a higher ceiling per minute (a guesser
 * with many addresses), which holds only until that minute is over: the right password waits a minute
 * at most. An unknown name counts like a known one, so the answer tells nothing either way. Counted in
 * `budgets`: with several processes, by all of them together (one that cannot count lets the try through).
 */
export class NameLimits {
  constructor(
    private readonly perAddressHour: number,
    private readonly perNameMinute: number,
    private readonly budgets: Budgets = new MemoryBudgets(),
  ) {}

  /** Seconds `address` waits before `nameKey` may be tried from it again; 0: it may now. */
  async retryAfter(nameKey: string, address: string): Promise<number> {
    const own = await this.budgets.wait(this.fromAddress(nameKey, address)).catch(() => 0);
    const window = await this.budgets.window(this.atName(nameKey), MINUTE, false).catch(() => ({ count: 0, endsInMs: 0 }));
    const all = window.count >= this.perNameMinute ? window.endsInMs : 0;
    if (own > 0) metrics.limited.inc({ limit: 'sign-in-name' });
    else if (all > 0) metrics.limited.inc({ limit: 'sign-in-name-all' });
    const wait = Math.max(own, all);
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
  }

  async failed(nameKey: string, address: string): Promise<void> {
    await Promise.all([
      this.budgets.take([this.fromAddress(nameKey, address)]),
      this.budgets.window(this.atName(nameKey), MINUTE, true),
    ]).catch(() => undefined);
  }

  private fromAddress(nameKey: string, address: string) {
    return { rate: { capacity: this.perAddressHour, perMs: HOUR }, key: `sign-in-name|${address} ${nameKey}` };
  }

  private atName(nameKey: string): string {
    return `sign-in-name-all|${nameKey}`;
  }
}

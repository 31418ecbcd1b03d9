import pino from 'pino';
import { DEFAULT_CONFIG } from '../../src/config';
import type { Budgets } from '../../src/limits/budgets';
import { MemoryBudgets } from '../../src/limits/budgets';
import { ClientLimiter } from '../../src/limits/clientLimiter';

const limits = { ...DEFAULT_CONFIG.limits, guestsPerMinute: 2, httpPerMinute: 100 };

/** A logger that keeps what it was told. */
function recorded() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe('the limits of a client address, counted in budgets', () => {
  test('a request counts against every limit it meets, all or none; the first used up refuses it with when to come back', async () => {
    let now = 0;
    const { log } = recorded();
    const limiter = new ClientLimiter([], limits, log, new MemoryBudgets(() => now), () => now);
    expect(await limiter.take('1.2.3.4', ['http', 'guests'])).toBeNull();
    expect(await limiter.take('1.2.3.4', ['http', 'guests'])).toBeNull();
    expect(await limiter.take('1.2.3.4', ['http', 'guests'])).toEqual({ limit: 'guests', retryAfter: 30 });
    expect(await limiter.take('5.6.7.8', ['http', 'guests'])).toBeNull(); // another address, its own budget
    now += 30_000;
    expect(await limiter.take('1.2.3.4', ['guests'])).toBeNull();
  });

  test('budgets that cannot be counted (Redis away) let requests through, and say so once a minute', async () => {
    let now = 0;
    const { log, lines } = recorded();
    const away: Budgets = {
      take: () => Promise.reject(new Error('Connection is closed.')),
      wait: () => Promise.reject(new Error('Connection is closed.')),
      window: () => Promise.reject(new Error('Connection is closed.')),
      close: async () => undefined,
    };
    const limiter = new ClientLimiter([], limits, log, away, () => now);
    for (let i = 0; i < 5; i++) expect(await limiter.take('1.2.3.4', ['http', 'guests'])).toBeNull();
    expect(await limiter.check('1.2.3.4', 'code-misses')).toBeNull();
    await limiter.missed('1.2.3.4');
    expect(lines.filter((l) => l.event === 'limits-unanswered')).toHaveLength(1);
    now += 60_000;
    await limiter.take('1.2.3.4', ['http']);
    expect(lines.filter((l) => l.event === 'limits-unanswered')).toHaveLength(2);
  });
});

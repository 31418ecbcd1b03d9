import { NameLimits } from '../../src/accounts/nameLimits';
import { MemoryBudgets } from '../../src/limits/budgets';

/** Failed sign-ins at a login name, on a clock the test turns. */
function limitsAt(perAddressHour: number, perNameMinute: number) {
  let now = 1_000_000;
  const limits = new NameLimits(perAddressHour, perNameMinute, new MemoryBudgets(() => now));
  return { limits, pass: (ms: number) => void (now += ms) };
}

test('one address meets its budget at a name and waits for it to refill; other addresses and names do not', async () => {
  const { limits, pass } = limitsAt(3, 100);
  for (let i = 0; i < 3; i++) {
    expect(await limits.retryAfter('ann', '10.0.0.1')).toBe(0);
    await limits.failed('ann', '10.0.0.1');
  }
  expect(await limits.retryAfter('ann', '10.0.0.1')).toBe(1200); // an hour over 3: one more try in 20 minutes
  expect(await limits.retryAfter('ann', '10.0.0.2')).toBe(0);
  expect(await limits.retryAfter('bob', '10.0.0.1')).toBe(0);
  pass(20 * 60_000);
  expect(await limits.retryAfter('ann', '10.0.0.1')).toBe(0);
});

test('many addresses together meet the ceiling of the name, which lets go when its minute is over, whoever keeps guessing', async () => {
  const { limits, pass } = limitsAt(10, 5);
  for (let i = 0; i < 5; i++) await limits.failed('ann', `10.0.1.${i}`);
  expect(await limits.retryAfter('ann', '10.9.9.9')).toBe(60);
  pass(45_000);
  expect(await limits.retryAfter('ann', '10.9.9.9')).toBe(15);
  pass(15_000);
  expect(await limits.retryAfter('ann', '10.9.9.9')).toBe(0);
  // A guesser who fills each new minute at once still leaves the name locked a minute at most at a time.
  for (let minute = 0; minute < 3; minute++) {
    for (let i = 0; i < 5; i++) await limits.failed('ann', `10.0.${2 + minute}.${i}`);
    expect(await limits.retryAfter('ann', '10.9.9.9')).toBeLessThanOrEqual(60);
    pass(60_000);
    expect(await limits.retryAfter('ann', '10.9.9.9')).toBe(0);
  }
});

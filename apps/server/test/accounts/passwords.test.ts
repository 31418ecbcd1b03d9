import { PASSWORD_COST, checkPassword, decoyHash, hashPassword } from '../../src/accounts/passwords';
import { loginNameSchema, nameKey } from '../../src/accounts/loginNames';

jest.setTimeout(30_000);

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
};

describe('passwords (scrypt)', () => {
  test('at the real cost: a salted hash with its parameters, checked; a wrong password and an unknown name (the decoy) take the same work', async () => {
    const [stored, hashing] = await timed(() => hashPassword('correct horse battery'));
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse battery')).not.toBe(stored); // salted
    const [right] = await timed(() => checkPassword('correct horse battery', stored));
    expect(right).toBe(true);
    const decoy = decoyHash(PASSWORD_COST);
    await decoy(); // made once, ahead
    const [wrong, wrongMs] = await timed(() => checkPassword('correct horse batterz', stored));
    const [unknown, unknownMs] = await timed(async () => checkPassword('correct horse battery', await decoy()));
    expect([wrong, unknown]).toEqual([false, false]);
    // Each is one full scrypt at the real cost (about 100 ms here; more on a busy machine, never less):
    // a check that skipped it would take microseconds. (That both do the same work is counted in accounts.test.ts.)
    for (const ms of [hashing, wrongMs, unknownMs]) expect(ms).toBeGreaterThan(20);
  });

  test('the password is NFKC-normalised: it checks the same typed on any keyboard', async () => {
    const cheap = { N: 1024, r: 8, p: 1 };
    const stored = await hashPassword('ｐａｓｓｗｏｒｄ１', cheap);
    expect(await checkPassword('password1', stored)).toBe(true);
    expect(stored.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await checkPassword('password1', 'md5$whatever')).toBe(false);
  });
});

describe('login names', () => {
  test.each([
    ['Ann_Li', 'ann_li'],
    ['ＡＮＮ_li', 'ann_li'],
    ['  Straße  ', 'straße'],
    ['飞行棋手', '飞行棋手'],
  ])('%s is compared as %s', (typed, key) => {
    const parsed = loginNameSchema.safeParse(typed);
    expect(parsed.success).toBe(true);
    expect(nameKey(parsed.data!)).toBe(key);
  });

  test.each(['ab', 'x'.repeat(21), 'two words', 'tab\there', 'emoji🙂', ''])('%j is refused', (typed) => {
    expect(loginNameSchema.safeParse(typed).success).toBe(false);
  });
});

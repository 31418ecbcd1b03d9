import { LocalPresence } from '@colyseus/core';
import { QuickPlayLedger, RESERVATION_MS } from '../../src/pairing/quickPlayLedger';

describe("quick play's ledger of reserved seats (the presence: Redis with several processes)", () => {
  let now = 1_000_000;
  const ledger = () => new QuickPlayLedger(new LocalPresence(), false, () => now);

  test('keeps each seat at one table: a second press moves it, others stay; a reservation lapses when Colyseus frees its seat', async () => {
    const l = ledger();
    await l.reserve('r1', { playerId: 'ann', rating: 1500, at: now });
    await l.reserve('r1', { playerId: 'bob', rating: 1600, at: now });
    await l.reserve('r2', { playerId: 'ann', rating: 1500, at: now });
    expect(await l.reserved()).toEqual(
      new Map([
        ['r1', [{ playerId: 'bob', rating: 1600, at: now }]],
        ['r2', [{ playerId: 'ann', rating: 1500, at: now }]],
      ]),
    );
    // Bob's again at r1: once, not twice.
    await l.reserve('r1', { playerId: 'bob', rating: 1600, at: now + 1 });
    expect((await l.reserved()).get('r1')).toEqual([{ playerId: 'bob', rating: 1600, at: now + 1 }]);
    now += RESERVATION_MS;
    expect((await l.reserved()).get('r2')).toBeUndefined();
    expect([...(await l.reserved()).keys()]).toEqual(['r1']);
    now += 1;
    expect((await l.reserved()).size).toBe(0);
  });
});

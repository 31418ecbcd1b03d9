import type { MatchStart } from '../../src/matches/MatchStorage';
import type { Storage } from '../../src/repositories';
import { FIRST_COOLDOWN_MS, cooldownAt } from '../../src/pairing/cooldown';
import { createGuest } from '../../src/accounts/guests';
import { type StorageHarness, freshDatabase } from './contract';
import { RESULT, seat, start } from './matchFixtures';

const HOUR = 3_600_000;

/** Quick play's storage, for every Storage: blocks, escapers' conduct counted from rated results, ratings read. */
export function pairingContract(openHarness: () => Promise<StorageHarness>): void {
  let h: StorageHarness;
  const open = freshDatabase(openHarness, (harness) => (h = harness));

  test('blocks: idempotent, newest first with nicknames, kept across a restart, seen from both sides, lifted', async () => {
    const storage = await open();
    const [ann, bob, cat] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob'), await createGuest(storage, 'Cat')];
    await storage.pairing.block(ann.playerId, bob.playerId, 10);
    await storage.pairing.block(ann.playerId, bob.playerId, 30); // again: nothing changes
    await storage.pairing.block(ann.playerId, cat.playerId, 20);
    await storage.pairing.block(cat.playerId, bob.playerId, 40);
    await storage.close();

    const reopened = await open();
    expect(await reopened.pairing.blocked(ann.playerId)).toEqual([
      { playerId: cat.playerId, nickname: 'Cat' },
      { playerId: bob.playerId, nickname: 'Bob' },
    ]);
    expect(await reopened.pairing.avoided(cat.playerId)).toEqual(new Set([ann.playerId, bob.playerId]));
    expect(await reopened.pairing.avoided(bob.playerId)).toEqual(new Set([ann.playerId, cat.playerId]));
    expect(await reopened.pairing.blockersOf(bob.playerId)).toEqual(new Set([ann.playerId, cat.playerId]));
    expect(await reopened.pairing.blockersOf(ann.playerId)).toEqual(new Set());
    await reopened.pairing.unblock(ann.playerId, bob.playerId);
    await reopened.pairing.unblock(ann.playerId, bob.playerId);
    expect(await reopened.pairing.blocked(ann.playerId)).toEqual([{ playerId: cat.playerId, nickname: 'Cat' }]);
    expect(await reopened.pairing.blockersOf(bob.playerId)).toEqual(new Set([cat.playerId]));
    // A block names a player: the foreign key refuses it. Matched by message, not toThrow(): better-sqlite3's
    // addon keeps the SqliteError class of the first Jest file that loaded it, an Error of another realm.
    await expect(reopened.pairing.block(ann.playerId, 'nobody', 50)).rejects.toMatchObject({
      message: expect.stringMatching(/foreign key/i),
    });
  });

  test("an idle guest's cleanup takes the blocks they made or were the target of", async () => {
    const storage = await open();
    const [ann, idle] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Idle')];
    await storage.pairing.block(ann.playerId, idle.playerId, 10);
    await storage.pairing.block(idle.playerId, ann.playerId, 20);
    expect(await storage.deleteIdleGuests(Date.now() + 1)).toBe(2);
    expect(await h.query('SELECT COUNT(*) AS n FROM blocks')).toEqual([{ n: 0 }]);
  });

  /** A 2-seat game of Ann (red) and Bob (yellow) ending at `endedAt`, Bob leaving it as `out`. */
  const game = async (storage: Storage, id: string, players: [string, string], endedAt: number, out: string | null, rated = true) => {
    const base = start(id, players[0], endedAt - 1);
    const match: MatchStart = {
      ...base,
      rated,
      seats: [base.seats[0]!, { colour: 'yellow', kind: 'human', bot: null, playerId: players[1], name: 'Bob' }],
    };
    await storage.startMatch(match);
    await storage.finishMatch({
      id,
      owner: match.owner,
      result: RESULT,
      endedAt,
      seats: [seat('red', 40, true), seat('yellow', -40, false, out)],
      rating: rated ? { places: { red: 1, yellow: 2 }, weights: { red: 1, yellow: 1 } } : undefined,
    });
  };

  test('escapes and expired holds in rated games bring a cooldown, stored with the result; casual games and resignations do not count', async () => {
    const storage = await open();
    const [ann, bob] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob')];
    const pair: [string, string] = [ann.playerId, bob.playerId];
    const t0 = 100 * HOUR;
    await game(storage, 'm1', pair, t0, 'escape');
    await game(storage, 'm2', pair, t0 + HOUR, 'escape', false); // casual
    await game(storage, 'm3', pair, t0 + 2 * HOUR, 'resign');
    expect(await storage.pairing.conduct(bob.playerId)).toEqual({ strikes: 0, cleanGames: 1, until: 0 }); // a resignation is no escape
    expect(await storage.pairing.escapes(bob.playerId, t0 + 2 * HOUR)).toEqual([t0]);

    await game(storage, 'm4', pair, t0 + 3 * HOUR, 'forfeit'); // the second within 24 h
    const conduct = await storage.pairing.conduct(bob.playerId);
    expect(conduct).toEqual({ strikes: 1, cleanGames: 0, until: t0 + 3 * HOUR + FIRST_COOLDOWN_MS });
    expect(cooldownAt(conduct, await storage.pairing.escapes(bob.playerId, t0 + 3 * HOUR), t0 + 3 * HOUR)).toMatchObject({ escapes: 2 });
    // Ann played every rated game to the end.
    expect(await storage.pairing.conduct(ann.playerId)).toEqual({ strikes: 0, cleanGames: 3, until: 0 });
    // A day later the old escapes are out of the window.
    expect(await storage.pairing.escapes(bob.playerId, t0 + 27 * HOUR + 1)).toEqual([]);
    const stored = await h.query('SELECT rated FROM matches WHERE id = ?', ['m2']);
    expect(Number(stored[0]!.rated)).toBe(0);
  });
}

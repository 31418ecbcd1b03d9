import { createGuest } from '../../src/accounts/guests';
import type { NewTournament, StoredRound } from '../../src/tournaments/tournamentRepository';
import { type StorageHarness, freshDatabase } from './contract';
import { OWNER, finish, start } from './matchFixtures';

const tournament = (id: string, creatorId: string, extra: Partial<NewTournament> = {}): NewTournament => ({
  id,
  name: 'Evening',
  format: 'swiss',
  minutes: 0,
  teams: false,
  seats: 2,
  rounds: 2,
  duplicate: true,
  private: false,
  creatorId,
  preset: 'online',
  turnSeconds: 15,
  breakSeconds: 30,
  startsAt: 100,
  createdAt: 1,
  ...extra,
});

const round = (id: string, number: number, matchId: string): StoredRound => ({
  id,
  number,
  tables: [
    {
      matchId,
      tableId: `table-${matchId}`,
      seats: [
        { colour: 'red', playerId: 'p', stream: 0 },
        { colour: 'yellow', playerId: null, stream: 1 },
      ],
    },
  ],
  byes: [],
  startedAt: 200,
  endedAt: null,
});

/** The tournaments' storage, for every Storage: each step of a tournament's course taken once however many processes race for it. */
export function tournamentsContract(openHarness: () => Promise<StorageHarness>): void {
  const open = freshDatabase(openHarness, () => {});

  test('join before the start only, withdraw once; the start and each round are taken once; the list shows public ones', async () => {
    const storage = await open();
    const [ann, bob] = [await createGuest(storage, 'Ann'), await createGuest(storage, 'Bob')];
    const ts = storage.tournaments;
    await ts.create(tournament('t1', ann.playerId));
    await ts.create(tournament('t2', ann.playerId, { private: true, startsAt: 50 }));
    expect((await ts.listed('upcoming', 10)).map((t) => t.id)).toEqual(['t1']);
    expect(await ts.join('t1', ann.playerId, 'Ann', 2)).toBe(true);
    expect(await ts.join('t1', bob.playerId, 'Bob', 3)).toBe(true);
    expect(await ts.withdraw('t1', bob.playerId, 4)).toBe(true);
    expect(await ts.withdraw('t1', bob.playerId, 5)).toBe(false);
    expect((await ts.counts(['t1', 't2'])).get('t1')).toBe(1);
    expect(await ts.join('t1', bob.playerId, 'Bob', 6)).toBe(true);
    expect((await ts.entrants('t1')).map((e) => [e.playerId, e.withdrawnAt])).toEqual([
      [ann.playerId, null],
      [bob.playerId, null],
    ]);
    expect((await ts.due(60)).map((t) => t.id)).toEqual(['t2']);
    const boards = [{ seed: 'a'.repeat(64), commitment: 'b'.repeat(64) }];
    const starts = await Promise.all([ts.start('t1', 100, ['x', 'y'], boards), ts.start('t1', 100, ['y', 'x'], boards)]);
    expect(starts.filter(Boolean)).toHaveLength(1);
    expect(await ts.join('t1', 'late', 'Late', 101)).toBe(false);
    const t1 = (await ts.get('t1'))!;
    expect(t1).toMatchObject({ status: 'running', nextRoundAt: 100, boards, duplicate: true, round: 0 });
    expect(await ts.start('t2', 60, null, null)).toBe(true);
    expect((await ts.get('t2'))!.status).toBe('cancelled');

    const added = await Promise.all([ts.addRound('t1', round('r1', 1, 'm1')), ts.addRound('t1', round('r1b', 1, 'm1b'))]);
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await ts.addRound('t1', round('r3', 3, 'm3'))).toBe(false);
    const [stored] = await ts.rounds('t1');
    expect(stored).toMatchObject({ number: 1, endedAt: null, byes: [] });
    expect((await ts.get('t1'))!).toMatchObject({ round: 1, nextRoundAt: null });
    expect(await ts.endRound('t1', stored!.id, 300, 330)).toBe(true);
    expect(await ts.endRound('t1', stored!.id, 301, 331)).toBe(false);
    expect((await ts.get('t1'))!).toMatchObject({ status: 'running', nextRoundAt: 330 });
    expect(await ts.addRound('t1', round('r2', 2, 'm2'))).toBe(true);
    expect(await ts.endRound('t1', 'r2', 400, null)).toBe(true);
    expect((await ts.get('t1'))!).toMatchObject({ status: 'finished', endedAt: 400 });
    expect(await ts.withdraw('t1', ann.playerId, 401)).toBe(false);
    expect((await ts.listed('finished', 10)).map((t) => t.id)).toEqual(['t1']);
  });

  test("a duplicate round's match keeps its board: restored with it, its seed shown only once the round has ended", async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const ts = storage.tournaments;
    await ts.create(tournament('t1', ann.playerId));
    await ts.start('t1', 100, [ann.playerId], [{ seed: 's'.repeat(64), commitment: 'c'.repeat(64) }]);
    await ts.addRound('t1', round('r1', 1, 'm1'));
    const streams = { red: 0, yellow: 1 };
    await storage.startMatch({ ...start('m1', ann.playerId), board: { id: 'r1', streams } });
    expect((await storage.claimMatch('m1', { owner: OWNER, now: 2_000, until: 3_000, scope: 'all' }))!.board).toEqual({
      id: 'r1',
      streams,
    });
    expect((await ts.outcomes(['m1', 'nothing'])).map((o) => [o.colour, o.status])).toEqual([
      ['red', 'playing'],
      ['yellow', 'playing'],
    ]);
    await storage.finishMatch(finish('m1'));
    expect(await storage.getMatch('m1')).toMatchObject({ status: 'finished', seed: null, diceStreams: streams });
    expect((await ts.outcomes(['m1'])).map((o) => [o.colour, o.status, o.winner, o.out])).toEqual([
      ['red', 'finished', true, null],
      ['yellow', 'finished', false, 'resign'],
    ]);
    await ts.endRound('t1', 'r1', 300, null);
    expect(await storage.getMatch('m1')).toMatchObject({ seed: 's'.repeat(64), diceStreams: streams });
  });

  test("a game's review is kept once, its dice's part with it; a failed one keeps nothing of it", async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const ts = storage.tournaments;
    await ts.create(tournament('t1', ann.playerId));
    for (const id of ['m1', 'm2']) {
      await storage.startMatch({ ...start(id, ann.playerId), tournamentId: 't1' });
      await storage.finishMatch(finish(id));
    }
    const luck = { luck: { red: 12.5, yellow: -12.5 }, pairLuck: { red: { red: 0, yellow: 0.25 }, yellow: { red: -0.25, yellow: 0 } } };
    await ts.storeReview('m1', 't1', { losses: { red: { loss: 3.5, decisions: 9 } }, luck }, 400);
    await ts.storeReview('m1', 't1', { losses: {}, luck: null }, 500);
    await ts.storeReview('m2', 't1', { losses: {}, luck: null }, 500);
    expect(await ts.reviews('t1')).toEqual(
      new Map([
        ['m1', { losses: { red: { loss: 3.5, decisions: 9 } }, luck }],
        ['m2', { losses: {}, luck: null }],
      ]),
    );
    expect(await ts.unreviewed()).toBeNull();
  });
}

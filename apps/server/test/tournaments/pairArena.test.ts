import { pairArena } from '../../src/tournaments/pairArena';

const t = { seats: 2 as const, preset: 'online' as const };
let ids = 0;
const newId = () => `id${++ids}`;
const players = (table: { seats: readonly { playerId: string | null }[] }) => table.seats.map((s) => s.playerId);

describe("an arena's pairing (pairArena)", () => {
  test('by score, the longest waiting first among equals, a table at a time; the one left over waits', () => {
    const waiting = [
      { playerId: 'a', score: 3, since: 50 },
      { playerId: 'b', score: 7, since: 90 },
      { playerId: 'c', score: 3, since: 10 },
      { playerId: 'd', score: 0, since: 0 },
      { playerId: 'e', score: 5, since: 95 },
    ];
    const tables = pairArena(t, waiting, 100, 20_000, newId);
    expect(tables.map((x) => players(x).sort())).toEqual([
      ['b', 'e'],
      ['a', 'c'],
    ]);
    // Each table seated in the preset's colours for two, its ids drawn.
    expect(tables[0]!.seats.map((s) => s.colour).sort()).toEqual(['red', 'yellow']);
    expect(new Set(tables.flatMap((x) => [x.matchId, x.tableId])).size).toBe(4);
  });

  test('a player left alone is seated with a bot once they have waited long enough, not before', () => {
    const lone = [{ playerId: 'a', score: 0, since: 1_000 }];
    expect(pairArena(t, lone, 20_999, 20_000, newId)).toEqual([]);
    expect(pairArena(t, lone, 21_000, 20_000, newId).map(players)).toEqual([expect.arrayContaining(['a', null])]);
    // At tables of four, the three left over sit together with one bot.
    const three = ['a', 'b', 'c'].map((playerId) => ({ playerId, score: 0, since: 0 }));
    expect(pairArena({ ...t, seats: 4 }, three, 30_000, 20_000, newId).map((x) => players(x).filter((p) => p === null).length)).toEqual([
      1,
    ]);
    expect(pairArena(t, [], 30_000, 20_000, newId)).toEqual([]);
  });
});

import type { GameLuck } from '@flightchess/rules';
import { finishesByTable, standings } from '../../src/tournaments/results';
import type { Entrant, SeatOutcome, StoredReview, StoredRound } from '../../src/tournaments/tournamentRepository';

const entrants: Entrant[] = ['ann', 'bob', 'cat', 'dan'].map((playerId) => ({ playerId, name: playerId, joinedAt: 0, withdrawnAt: null }));
const duel = (matchId: string, red: string, blue: string) => ({
  matchId,
  tableId: `table-${matchId}`,
  seats: [
    { colour: 'red' as const, playerId: red, stream: 0 },
    { colour: 'blue' as const, playerId: blue, stream: 1 },
  ],
});
/** One duplicate round of two duels: red beats blue at both, with three planes home to blue's `arrived`. */
const round: StoredRound = {
  id: 'r1',
  number: 1,
  tables: [duel('m1', 'ann', 'bob'), duel('m2', 'cat', 'dan')],
  byes: [],
  startedAt: 0,
  endedAt: 1,
};
const outcomes: SeatOutcome[] = ['m1', 'm2'].flatMap((matchId) => [
  { matchId, colour: 'red', status: 'finished', endedAt: 1, winner: true, arrived: 4, out: null },
  { matchId, colour: 'blue', status: 'finished', endedAt: 1, winner: false, arrived: 2, out: null },
]);
/** A review whose dice favoured red over blue by `edge` (its chance to finish ahead). */
const reviewed = (edge: number): StoredReview => {
  const luck: GameLuck = {
    luck: { red: 30 * edge, blue: -30 * edge },
    pairLuck: { red: { red: 0, blue: edge }, blue: { red: -edge, blue: 0 } },
  };
  return { losses: {}, luck };
};
const t = { duplicate: true, draw: ['bob', 'dan', 'ann', 'cat'], format: 'swiss' as const, startsAt: 0 };
const finishes = finishesByTable(round.tables, outcomes);

describe("a duplicate Swiss's standings", () => {
  test('unreviewed, two equal wins are rated alike: the tiebreaks and the drawn order decide', () => {
    const s = standings(t, entrants, [round], { finishes });
    expect(s.map((x) => x.playerId)).toEqual(['ann', 'cat', 'bob', 'dan']);
    expect(s[0]!.rating).toBe(s[1]!.rating);
    expect(s[0]!.rating).toBeGreaterThan(0);
    expect(s.reduce((sum, x) => sum + x.rating!, 0)).toBeCloseTo(0, 2);
  });

  test('reviewed, the winner the dice carried is rated below the one who won against them — the rating is what ranks', () => {
    const reviews = new Map([
      ['m1', reviewed(0.5)],
      ['m2', reviewed(-0.5)],
    ]);
    const s = standings(t, entrants, [round], { finishes, reviews });
    expect(s.map((x) => x.playerId)).toEqual(['cat', 'ann', 'bob', 'dan']);
    expect(s[0]!.rating).toBeGreaterThan(s[1]!.rating!);
    // The same points and matchpoints, shown beside.
    expect(s.map((x) => [x.points, x.matchpoints])).toEqual([
      [1, 0.5],
      [1, 0.5],
      [0, 0.5],
      [0, 0.5],
    ]);
  });

  test('reviewed, three who lost with one plane home each are ranked by where each stood when the game ended', () => {
    const colours = ['red', 'yellow', 'blue', 'green'] as const;
    const table = {
      matchId: 'm4',
      tableId: 'table-m4',
      seats: colours.map((colour, stream) => ({ colour, playerId: entrants[stream]!.playerId, stream })),
    };
    const four: StoredRound = { ...round, tables: [table] };
    const played: SeatOutcome[] = colours.map((colour) => ({
      matchId: 'm4',
      colour,
      status: 'finished',
      endedAt: 1,
      winner: colour === 'red',
      arrived: colour === 'red' ? 4 : 1,
      out: null,
    }));
    const none = Object.fromEntries(colours.map((c) => [c, 0]));
    const luck: GameLuck = {
      luck: none,
      pairLuck: Object.fromEntries(colours.map((c) => [c, none])),
      end: { red: 0, yellow: 0.2, blue: 0.5, green: 0.3 },
    };
    const s = standings(t, entrants, [four], {
      finishes: finishesByTable(four.tables, played),
      reviews: new Map([['m4', { losses: {}, luck }]]),
    });
    // ann (red) won; cat (blue) stood closest to winning, then dan (green), then bob (yellow).
    expect(s.map((x) => x.playerId)).toEqual(['ann', 'cat', 'dan', 'bob']);
    // A review stored before the end was read leaves the three level: the drawn order decides among them.
    const stale = standings(t, entrants, [four], {
      finishes: finishesByTable(four.tables, played),
      reviews: new Map([['m4', { losses: {}, luck: { luck: luck.luck, pairLuck: luck.pairLuck } }]]),
    });
    expect(stale.map((x) => x.playerId)).toEqual(['ann', 'bob', 'dan', 'cat']);
  });

  test('who withdrew before the start is not listed; who withdrew after it is, marked', () => {
    const left = [
      ...entrants,
      { playerId: 'eve', name: 'eve', joinedAt: 0, withdrawnAt: 5 },
      { playerId: 'fay', name: 'fay', joinedAt: 0, withdrawnAt: 20 },
    ];
    const s = standings({ ...t, startsAt: 10 }, left, [round], { finishes });
    expect(s.map((x) => x.playerId).sort()).toEqual(['ann', 'bob', 'cat', 'dan', 'fay']);
    expect(s.find((x) => x.playerId === 'fay')).toMatchObject({ withdrawn: true, games: 0 });
  });

  test('a plain Swiss has no rating, and ranks by points', () => {
    const s = standings({ ...t, duplicate: false }, entrants, [round], { finishes, reviews: new Map([['m1', reviewed(0.5)]]) });
    expect(s.every((x) => x.rating === null && x.matchpoints === null)).toBe(true);
    expect(s.map((x) => x.points)).toEqual([1, 1, 0, 0]);
  });
});

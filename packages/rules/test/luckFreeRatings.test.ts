import fc from 'fast-check';
import {
  type GameSetup,
  type RatedTable,
  type SeatFinish,
  createGame,
  gameLuck,
  luckFreeRatings,
  placedAdjustment,
  ratedShare,
} from '../src';
import { rollPairLuck } from '../src/review/placeLuck';
import { sideOf } from '../src/bots/evaluate';
import { playGame } from '../src/sim/playGame';
import { createRng } from '../src/rng';

const won = (arrived = 4): SeatFinish => ({ won: true, arrived });
const lost = (arrived: number): SeatFinish => ({ won: false, arrived });
const left: SeatFinish = { won: false, arrived: -1 };
/** The order of players best first, by their ratings. */
const orderOf = (ratings: readonly number[]) =>
  ratings
    .map((r, p) => ({ r, p }))
    .sort((a, b) => b.r - a.r)
    .map((x) => x.p);
/** No luck at a table of `n` seats but `pairLuck[0][1]` = `edge` (and its mirror). */
const luckWith = (n: number, edge: number) => ({
  luck: Array.from({ length: n }, () => 0),
  pairLuck: Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (__, j) => (i === 0 && j === 1 ? edge : i === 1 && j === 0 ? -edge : 0)),
  ),
});

describe("a duplicate Swiss's ratings (luckFreeRatings)", () => {
  test('without luck: who finished ahead of whom, and against whom — beating a player who beat others counts more', () => {
    const tables: RatedTable[] = [
      { players: [0, 1, 2, 3], finishes: [won(), lost(3), lost(2), lost(1)], luck: null },
      { players: [4, 5, 6, 7], finishes: [won(), lost(3), lost(2), lost(1)], luck: null },
      { players: [0, 5, 6, 3], finishes: [lost(3), won(), lost(2), lost(1)], luck: null },
      { players: [4, 1, 2, 7], finishes: [lost(3), won(), lost(2), lost(1)], luck: null },
    ];
    const r = luckFreeRatings(8, tables);
    // 0 and 4 each won once and came second once; 3 and 7 lost every game.
    expect(r[0]).toBeCloseTo(r[4]!, 9);
    expect(r[3]).toBeCloseTo(r[7]!, 9);
    expect(Math.min(r[0]!, r[4]!, r[1]!, r[5]!)).toBeGreaterThan(Math.max(r[2]!, r[6]!, r[3]!, r[7]!));
    expect(Math.max(r[3]!, r[7]!)).toBeLessThan(Math.min(r[2]!, r[6]!));
  });

  test("the same results, but one won a duel with the dice's help: the other, who won theirs against the dice, is rated higher", () => {
    const tables: RatedTable[] = [
      { players: [0, 1], finishes: [won(), lost(2)], luck: luckWith(2, 0.6) },
      { players: [2, 3], finishes: [won(), lost(2)], luck: luckWith(2, -0.6) },
    ];
    const r = luckFreeRatings(4, tables);
    expect(orderOf(r)).toEqual([2, 0, 1, 3]);
    // The adjustment is the fitted weight of the luck of finishing ahead.
    expect(placedAdjustment(luckWith(2, 0.6), 0, 1)).toBeCloseTo(0.185 * 0.6, 12);
    // Unreviewed, the two duels count alike.
    const plain = luckFreeRatings(
      4,
      tables.map((t) => ({ ...t, luck: null })),
    );
    expect(plain[0]).toBeCloseTo(plain[2]!, 12);
  });

  test('two who did not win compare by where each stood when the game ended, not only by planes home', () => {
    // Equal planes home; by the review's reading of the end, seat 1 was three times as close to winning as seat 2.
    const luck = { ...luckWith(3, 0), end: [0, 0.75, 0.25] };
    const finishes = [won(), lost(1), lost(1)];
    expect(ratedShare(finishes, luck, 1, 2)).toBeCloseTo(0.75, 12);
    expect(ratedShare(finishes, luck, 2, 1)).toBeCloseTo(0.25, 12);
    // The winner's results are as they finished; so is everything in a review stored before the end was read.
    expect(ratedShare(finishes, luck, 0, 1)).toBe(1);
    expect(ratedShare(finishes, luckWith(3, 0), 1, 2)).toBe(0.5);
    // And the dice's part still comes off: seat 1 was handed 0.6 of finishing ahead of seat 2.
    expect(ratedShare(finishes, { ...luckWith(3, 0.6), end: [0, 0.75, 0.25] }, 0, 1)).toBeCloseTo(1 - 0.185 * 0.6, 12);
    const r = luckFreeRatings(3, [{ players: [0, 1, 2], finishes, luck }]);
    expect(orderOf(r)).toEqual([0, 1, 2]);
    const stale = luckFreeRatings(3, [{ players: [0, 1, 2], finishes, luck: luckWith(3, 0) }]);
    expect(stale[1]).toBeCloseTo(stale[2]!, 9);
  });

  test("a seat whose player left keeps its loss whatever its dice were; a bot's seat is an opponent like any other", () => {
    const r = luckFreeRatings(4, [
      { players: [0, 1], finishes: [left, won()], luck: luckWith(2, -3) },
      { players: [2, 3], finishes: [lost(0), won()], luck: null },
      { players: [0, null], finishes: [lost(1), won()], luck: null },
      { players: [2, null], finishes: [lost(1), won()], luck: null },
    ]);
    expect(r[0]).toBeCloseTo(r[2]!, 9);
    // Only a bot beaten: rated above a player who lost their one game to a player.
    const beatBot = luckFreeRatings(2, [
      { players: [0, null], finishes: [won(), lost(1)], luck: null },
      { players: [1, null], finishes: [lost(1), won()], luck: null },
    ]);
    expect(beatBot[0]).toBeGreaterThan(beatBot[1]!);
  });

  test('the order the games are listed in changes no rating', () => {
    const finish = fc.oneof(fc.constant(left), fc.record({ won: fc.boolean(), arrived: fc.integer({ min: 0, max: 4 }) }));
    const table = fc.record({
      players: fc.uniqueArray(fc.oneof(fc.integer({ min: 0, max: 7 }), fc.constant(null)), { minLength: 4, maxLength: 4 }),
      finishes: fc.array(finish, { minLength: 4, maxLength: 4 }),
      edge: fc.option(fc.double({ min: -1, max: 1, noNaN: true })),
    });
    fc.assert(
      fc.property(fc.array(table, { maxLength: 12 }), fc.nat(), (drawn, seed) => {
        const tables: RatedTable[] = drawn.map((t) => ({ ...t, luck: t.edge === null ? null : luckWith(4, t.edge) }));
        const shuffled = [...tables].sort((a, b) => ((tables.indexOf(a) * 7919 + seed) % 13) - ((tables.indexOf(b) * 7919 + seed) % 13));
        const once = luckFreeRatings(8, tables);
        luckFreeRatings(8, shuffled).forEach((r, i) => expect(r).toBeCloseTo(once[i]!, 6));
      }),
    );
  });
});

describe("a game's luck (gameLuck)", () => {
  test.each([
    { name: 'four seats', teams: false },
    { name: '2v2, where partners share a side', teams: true },
  ])('$name: every roll replayed from the log, by seat, antisymmetric; the win-chance luck is the review’s', ({ teams }) => {
    const setup: GameSetup = { preset: 'online', seats: ['red', 'yellow', 'blue', 'green'], teams, firstSeat: 'red' };
    const bySide = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    const played = playGame(
      setup,
      { red: 'heuristic', yellow: 'random', blue: 'heuristic', green: 'random' },
      createRng(`luck/${teams}`),
      createRng(`luck/${teams}/bots`),
      undefined,
      (before, action) => {
        if (action.type === 'roll' && before.phase === 'roll')
          rollPairLuck(before, action.value).forEach((row, a) => row.forEach((l, b) => (bySide[a]![b]! += l)));
      },
    );
    const seats = setup.seats.map((colour, i) => ({ colour, dice: i * 10 - 15 }));
    const luck = gameLuck(setup, played.actions, { seats: seats as never });
    if (!luck.ok) throw new Error(luck.error.message);
    expect(luck.value.luck).toEqual({ red: -15, yellow: -5, blue: 5, green: 15 });
    const state = createGame(setup);
    if (!state.ok) throw new Error(state.error.message);
    for (const a of setup.seats)
      for (const b of setup.seats) {
        expect(luck.value.pairLuck[a]![b]).toBeCloseTo(bySide[sideOf(state.value, a)]![sideOf(state.value, b)]!, 12);
        expect(luck.value.pairLuck[a]![b]).toBeCloseTo(-luck.value.pairLuck[b]![a]!, 12);
      }
    if (teams) expect(luck.value.pairLuck.red!.yellow).toBe(0); // red and yellow are partners
    // Where each stood at the end: the winners 0, shares of 1 among the rest, partners alike.
    const end = luck.value.end!;
    const winners = played.state.result!.winners;
    for (const c of winners) expect(end[c]).toBe(0);
    const sides = new Map(setup.seats.filter((c) => !winners.includes(c)).map((c) => [sideOf(state.value, c), end[c]!]));
    expect([...sides.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (const share of sides.values()) expect(share).toBeGreaterThan(0);
    if (teams) expect(end.red).toBe(end.yellow);
    expect(Math.max(...Object.values(luck.value.pairLuck).flatMap((row) => Object.values(row).map(Math.abs)))).toBeGreaterThan(0.05);
  });

  test('a log the engine refuses is an error, not a reading', () => {
    const setup: GameSetup = { preset: 'online', seats: ['red', 'blue'], teams: false, firstSeat: 'red' };
    const luck = gameLuck(setup, [{ type: 'roll', seat: 'blue', value: 3 }], { seats: [] });
    expect(luck.ok).toBe(false);
  });
});

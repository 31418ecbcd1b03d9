import type { Action } from '../src/actions';
import { sideOf } from '../src/bots/evaluate';
import { COLOURS } from '../src/colours';
import { rollLuck } from '../src/review/luck';
import { SWISS_FORMS, TIERS, correlation, playTable, rankBy, swissTournament } from '../src/sim/duplicateStudy';
import { aheadChance, pairLuckOfFaces } from '../src/review/placeLuck';
import { playGame } from '../src/sim/playGame';
import {
  DICE_WEIGHTS,
  LUCK_WEIGHT,
  type Outcome,
  adjustedShare,
  beats,
  shareLess,
  bradleyTerry,
  controlWeights,
  leastSquaresRatings,
  luckAdjusted,
  matchpoints,
  matchpointsOf,
  streamsFor,
  swissTables,
  tableComparisons,
  tablePoints,
} from '../src/sim/swiss';
import { createRng } from '../src/rng';
import type { GameState } from '../src/state';

const won = (arrived = 4): Outcome => ({ won: true, arrived });
const lost = (arrived: number): Outcome => ({ won: false, arrived });

describe('Swiss tables of four', () => {
  test('from the top of the standings, each table taking whoever has met nobody at it; a repeat only when none is left', () => {
    const met = new Set(['0-1', '1-0', '4-5', '5-4']);
    const tables = swissTables([0, 1, 2, 3, 4, 5, 6, 7], (a, b) => met.has(`${a}-${b}`));
    expect(tables).toEqual([
      [0, 2, 3, 4],
      [1, 5, 6, 7],
    ]);
    // Everyone has met everyone: seated in standings order all the same.
    expect(swissTables([3, 2, 1, 0], () => true)).toEqual([[3, 2, 1, 0]]);
    expect(() => swissTables([0, 1, 2], () => false)).toThrow(RangeError);
  });

  test('property: every player seated exactly once, whatever the standings and who has met whom', () => {
    for (let k = 0; k < 200; k++) {
      const rng = createRng(k);
      const standings = Array.from({ length: 16 }, (_, i) => i).sort(() => rng.next() - 0.5);
      const met = new Set(Array.from({ length: 40 }, () => `${rng.int(16)}-${rng.int(16)}`));
      const tables = swissTables(standings, (a, b) => met.has(`${a}-${b}`) || met.has(`${b}-${a}`));
      expect(tables.every((t) => t.length === 4)).toBe(true);
      expect(tables.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    }
  });

  test('streams go to those who held them least: over four rounds at one table, each player holds each stream once', () => {
    const held = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    for (let round = 0; round < 4; round++) {
      const streams = streamsFor([0, 1, 2, 3], (p, s) => held[p]![s]!);
      expect([...streams].sort()).toEqual([0, 1, 2, 3]);
      streams.forEach((s, p) => held[p]![s]!++);
    }
    expect(held).toEqual([0, 1, 2, 3].map(() => [1, 1, 1, 1]));
  });
});

describe('what a result is worth', () => {
  test('a win beats any loss; among losses, more planes arrived; equal is half', () => {
    expect([beats(won(), lost(3)), beats(lost(3), won()), beats(lost(2), lost(1)), beats(lost(1), lost(1)), beats(won(), won(4))]).toEqual([
      1, 0, 1, 0.5, 0.5,
    ]);
  });

  test('plain: the seats beaten at the own table (six points shared out at a table of four)', () => {
    expect(tablePoints([lost(1), won(), lost(3), lost(1)])).toEqual([0.5, 3, 2, 0.5]);
  });

  test('duplicate: matchpoints only against the holders of the same stream at the other tables', () => {
    // Two tables, two streams: stream 0 won at table A and lost at table B; stream 1 lost with 2 and with 2 planes home.
    expect(
      matchpoints([
        [won(), lost(2)],
        [lost(3), lost(2)],
      ]),
    ).toEqual([
      [1, 0.5],
      [0, 0.5],
    ]);
  });

  test('luck-adjusted: the points minus the weighted luck of the dice', () => {
    expect(luckAdjusted([3, 0, 2, 1], [50, -20, 0, -30], 0.01)).toEqual([2.5, 0.2, 2, 1.3]);
    expect(luckAdjusted([1], [100])).toEqual([1 - 100 * LUCK_WEIGHT]);
  });

  test('matchpoints of numbers: the same stream compared across tables, equal is half', () => {
    expect(
      matchpointsOf([
        [2.4, 0.1],
        [1.9, 0.1],
        [2.6, 0.3],
      ]),
    ).toEqual([
      [1, 0.5],
      [0, 0.5],
      [2, 2],
    ]);
  });

  test("a game's luck per side sums to zero over the four seats, so adjusted table points still share out six", () => {
    const seats = COLOURS.slice(0, 4);
    const bots = { red: 'heuristic', green: 'random', yellow: 'heuristic', blue: 'random' } as const;
    const luck = [0, 0, 0, 0];
    const seen: Action[] = [];
    const watch = (before: GameState, action: Action) => {
      seen.push(action);
      if (action.type !== 'roll') return;
      const rolled = rollLuck(before, action.value, sideOf(before, action.seat)).luck;
      rolled.forEach((l, s) => (luck[s]! += l));
    };
    const setup = { preset: 'online', seats, teams: false, firstSeat: 'red' } as const;
    const watched = playGame(setup, bots, createRng('luck'), createRng('luck/bots'), undefined, watch);
    // Watching changes nothing: the same game, every action seen once, before it is applied.
    expect(playGame(setup, bots, createRng('luck'), createRng('luck/bots')).actions).toEqual(watched.actions);
    expect(seen).toEqual(watched.actions);
    expect(luck.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 6);
    expect(Math.max(...luck.map(Math.abs))).toBeGreaterThan(1);
    const outcomes = seats.map((c) => ({ won: watched.state.result!.winners.includes(c), arrived: 0 }));
    const adjusted = luckAdjusted(tablePoints(outcomes), luck);
    expect(adjusted.reduce((a, b) => a + b, 0)).toBeCloseTo(6, 6);
  });

  test("Spearman's rho: 1 for the same order, −1 for the reverse", () => {
    expect(correlation([1, 2, 3, 4], [1, 2, 3, 4])).toBeCloseTo(1);
    expect(correlation([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
  });
});

describe('strengths fitted to every comparison so far', () => {
  test('a table of four gives six comparisons, each seat against each later one', () => {
    const outcomes = [lost(1), won(), lost(3), lost(1)];
    const c = tableComparisons([7, 3, 9, 4], (i, j) => beats(outcomes[i]!, outcomes[j]!));
    expect(c).toEqual([
      { a: 7, b: 3, score: 0 },
      { a: 7, b: 9, score: 0 },
      { a: 7, b: 4, score: 0.5 },
      { a: 3, b: 9, score: 1 },
      { a: 3, b: 4, score: 1 },
      { a: 9, b: 4, score: 1 },
    ]);
    // Each seat's shares sum to its table points.
    const sums = [7, 3, 9, 4].map((p) => c.reduce((s, x) => s + (x.a === p ? x.score : x.b === p ? 1 - x.score : 0), 0));
    expect(sums).toEqual(tablePoints(outcomes));
  });

  test('luck-adjusted shares: beats minus a quarter of the weighted luck difference, within [0, 1], summing to the adjusted points', () => {
    const outcomes = [lost(1), won(), lost(3), lost(2)];
    const luck = [-10, 30, 0, -20];
    expect(adjustedShare(outcomes, luck, 2, 0, 0.01)).toBeCloseTo(1 - 0.025);
    expect(adjustedShare(outcomes, luck, 0, 2, 0.01)).toBeCloseTo(0.025);
    expect(adjustedShare(outcomes, luck, 1, 3, 0.01)).toBeCloseTo(0.875);
    expect(adjustedShare(outcomes, luck, 3, 0, 0.01)).toBe(1); // 1 + 0.025, held at 1
    const seat2 = [0, 1, 3].reduce((s, j) => s + adjustedShare(outcomes, luck, 2, j, 0.01), 0);
    expect(seat2).toBeCloseTo(luckAdjusted(tablePoints(outcomes), luck, 0.01)[2]!);
  });

  test('luck of finishing ahead: a Plackett–Luce chance from the win chances, each pair averaging 0 over the faces', () => {
    expect(aheadChance([0.6, 0.2, 0.2, 0], 0, 1)).toBeCloseTo(0.75);
    expect(aheadChance([0.6, 0.4, 0, 0], 2, 3)).toBe(0.5); // neither can win
    const faces = [1, 2, 3, 4, 5, 6].map((f) => [f / 21, 0.5 - f / 42, 0.3, 0.2 - f / 42]);
    const byFace = [1, 2, 3, 4, 5, 6].map((v) => pairLuckOfFaces(faces, v));
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        expect(byFace.reduce((s, l) => s + l[i]![j]!, 0)).toBeCloseTo(0, 12);
        for (const l of byFace) expect(l[i]![j]!).toBeCloseTo(-l[j]![i]!, 12);
      }
    // A six that lifts side 0 is good luck for it against every other side.
    expect(byFace[5]![0]!.slice(1).every((l) => l > 0)).toBe(true);
  });

  test("a played table's pair luck: antisymmetric, zero on the diagonal, and read only when asked", () => {
    const field = ['heuristic', 'random'] as const;
    const asked = playTable(field, [0, 4, 1, 5], createRng('pairs'), createRng('pairs/bots'), { pairs: true });
    expect(asked.pairLuck.map((row, i) => row[i])).toEqual([0, 0, 0, 0]);
    asked.pairLuck.forEach((row, i) => row.forEach((l, j) => expect(l).toBeCloseTo(-asked.pairLuck[j]![i]!, 9)));
    expect(Math.max(...asked.pairLuck.flat().map(Math.abs))).toBeGreaterThan(0.05);
    const plain = playTable(field, [0, 4, 1, 5], createRng('pairs'), createRng('pairs/bots'));
    expect(plain.outcomes).toEqual(asked.outcomes);
    expect(plain.pairLuck.flat().every((l) => l === 0)).toBe(true);
  });

  test('a share less an adjustment is held within [0, 1]', () => {
    const outcomes = [won(), lost(2)];
    expect([shareLess(outcomes, 0, 1, 0.2), shareLess(outcomes, 0, 1, -0.2), shareLess(outcomes, 1, 0, 0.1)]).toEqual([0.8, 1, 0]);
  });

  test('Bradley–Terry: the odds of the comparisons, finite for the unbeaten, and who was beaten counts', () => {
    // Without a prior, 3 wins in 4 is odds of 3.
    const two = bradleyTerry(
      2,
      [1, 1, 1, 0].map((score) => ({ a: 0, b: 1, score })),
      0,
    );
    expect(two[0]! - two[1]!).toBeCloseTo(Math.log(3), 6);
    // Unbeaten: finite with the prior, and above the beaten.
    const unbeaten = bradleyTerry(2, [{ a: 0, b: 1, score: 1 }]);
    expect(unbeaten.every(Number.isFinite)).toBe(true);
    expect(unbeaten[0]).toBeGreaterThan(0);
    expect(unbeaten[1]).toBeLessThan(0);
    // 0 and 1 each won once; 0 beat player 2, who beat player 3 twice, and 1 beat player 3: 0 comes first.
    const c = [
      { a: 2, b: 3, score: 1 },
      { a: 2, b: 3, score: 1 },
      { a: 0, b: 2, score: 1 },
      { a: 1, b: 3, score: 1 },
    ];
    const s = bradleyTerry(5, c);
    expect(s[0]).toBeGreaterThan(s[1]!);
    expect(s[4]).toBe(0); // no games: the prior's strength
    const ls = leastSquaresRatings(5, c);
    expect(ls[0]).toBeGreaterThan(ls[1]!);
  });

  test('least-squares ratings with a ridge: one win of margin 1 gives ±1/(2 + ridge)', () => {
    const r = leastSquaresRatings(2, [{ a: 0, b: 1, score: 1 }], 1);
    expect(r[0]).toBeCloseTo(1 / 3, 6);
    expect(r[1]).toBeCloseTo(-1 / 3, 6);
  });

  test("control weights: least squares within groups recovers the coefficients, whatever each group's mean", () => {
    const rng = createRng('weights');
    const rows = Array.from({ length: 60 }, (_, i) => {
      const x = [rng.next() * 10 - 5, rng.next() * 4 - 2];
      const group = ['a', 'b', 'c'][i % 3]!;
      return { group, y: 0.5 * x[0]! - 2 * x[1]! + { a: 3, b: 0, c: -1 }[group]!, x };
    });
    const w = controlWeights(rows);
    expect(w[0]).toBeCloseTo(0.5, 6);
    expect(w[1]).toBeCloseTo(-2, 6);
    expect(DICE_WEIGHTS.luck).toBeGreaterThan(0);
  });
});

describe('a simulated Swiss tournament', () => {
  test('the yardsticks: each kind its own places, or experts and strong bots sharing the top eight', () => {
    const field = ['expert', 'strong', 'heuristic', 'random'] as const;
    const players = [0, 4, 8, 12];
    expect(players.map(rankBy(field, (k) => k))).toEqual([2.5, 6.5, 10.5, 14.5]);
    expect(players.map(rankBy(field, (k) => TIERS[field[k]!]))).toEqual([4.5, 4.5, 10.5, 14.5]);
  });

  test('pure given its seed, in every form', () => {
    // Cheap bots (the study's experts take a tenth of a second a game), eight of them: two tables.
    const field = ['heuristic', 'random'] as const;
    for (const form of SWISS_FORMS) {
      const once = swissTournament(form, 1, 'test', field);
      expect(swissTournament(form, 1, 'test', field)).toEqual(once);
      expect(once.rho).toHaveLength(1);
      expect(Math.abs(once.rho[0]!)).toBeLessThanOrEqual(1);
      // Heuristic and random bots are in different tiers: the two yardsticks agree.
      expect(once.tierRho).toEqual(once.rho);
    }
  });
});

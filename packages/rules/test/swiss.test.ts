import type { Action } from '../src/actions';
import { sideOf } from '../src/bots/evaluate';
import { COLOURS } from '../src/colours';
import { rollLuck } from '../src/review/luck';
import { SWISS_FORMS, correlation, swissTournament } from '../src/sim/duplicateStudy';
import { playGame } from '../src/sim/playGame';
import {
  LUCK_WEIGHT,
  type Outcome,
  beats,
  luckAdjusted,
  matchpoints,
  matchpointsOf,
  streamsFor,
  swissTables,
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

describe('a simulated Swiss tournament', () => {
  test('pure given its seed, in every form', () => {
    expect(SWISS_FORMS).toEqual(['plain', 'duplicate', 'rotated', 'adjusted', 'adjusted-win', 'adjusted-duplicate']);
    // Cheap bots (the study's experts take a tenth of a second a game), eight of them: two tables.
    const field = ['heuristic', 'random'] as const;
    for (const form of SWISS_FORMS) {
      const once = swissTournament(form, 1, 'test', field);
      expect(swissTournament(form, 1, 'test', field)).toEqual(once);
      expect(once.rho).toHaveLength(1);
      expect(Math.abs(once.rho[0]!)).toBeLessThanOrEqual(1);
    }
  });
});

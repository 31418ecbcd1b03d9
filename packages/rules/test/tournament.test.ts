import fc from 'fast-check';
import {
  BYE_POINTS,
  type MoveReview,
  type SeatFinish,
  type PlayedRound,
  type TableSize,
  arenaScore,
  decisionLosses,
  pairRound,
  placePoints,
  standingsOf,
} from '../src';

const won = (arrived = 4): SeatFinish => ({ won: true, arrived });
const lost = (arrived: number): SeatFinish => ({ won: false, arrived });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const never = () => false;

describe('Swiss pairing (pairRound)', () => {
  test.each([
    {
      name: 'tables of four from the top of the standings, each taking whoever has met nobody at it',
      standings: [0, 1, 2, 3, 4, 5, 6, 7],
      size: 4 as TableSize,
      met: ['0-1', '4-5'],
      tables: [
        [0, 2, 3, 4],
        [1, 5, 6, 7],
      ],
      byes: [],
    },
    {
      name: 'everyone has met everyone: in standings order all the same',
      standings: [3, 2, 1, 0],
      size: 4 as TableSize,
      met: ['3-2', '3-1', '3-0', '2-1', '2-0', '1-0'],
      tables: [[3, 2, 1, 0]],
      byes: [],
    },
    {
      name: '14 players at tables of four: 4, 4, 3, 3 — bots take the two seats left, one at each of the last tables',
      standings: range(14),
      size: 4 as TableSize,
      met: [],
      tables: [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9, 10, null],
        [11, 12, 13, null],
      ],
      byes: [],
    },
    {
      name: 'three people at tables of four: one table, a bot in the fourth seat',
      standings: [2, 0, 1],
      size: 4 as TableSize,
      met: [],
      tables: [[2, 0, 1, null]],
      byes: [],
    },
    {
      name: 'duels: an odd one out sits the round out — the lowest placed who has not yet (9 had a bye)',
      standings: range(10).slice(1),
      size: 2 as TableSize,
      met: ['1-2'],
      hadBye: [9],
      tables: [
        [1, 3],
        [2, 4],
        [5, 6],
        [7, 9],
      ],
      byes: [8],
    },
  ])('$name', ({ standings, size, met, tables, byes, ...rest }) => {
    const hadBye = new Set((rest as { hadBye?: number[] }).hadBye ?? []);
    const pairs = new Set(met.flatMap((m) => [m, m.split('-').reverse().join('-')]));
    expect(pairRound({ standings, size, met: (a, b) => pairs.has(`${a}-${b}`), hadBye: (p) => hadBye.has(p) })).toEqual({ tables, byes });
  });

  test('property: every player sits at one table or sits out, once; tables are full (people or bots); at most one bye, and bots only where the count does not fill the tables', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom<TableSize>(2, 4),
        fc.array(fc.tuple(fc.nat(39), fc.nat(39)), { maxLength: 120 }),
        fc.array(fc.nat(39), { maxLength: 20 }),
        fc.nat(),
        (n, size, metPairs, byeList, shuffleSeed) => {
          const standings = range(n).sort((a, b) => ((a * 7919 + shuffleSeed) % 101) - ((b * 7919 + shuffleSeed) % 101));
          const met = new Set(metPairs.flatMap(([a, b]) => [`${a}-${b}`, `${b}-${a}`]));
          const { tables, byes } = pairRound({ standings, size, met: (a, b) => met.has(`${a}-${b}`), hadBye: (p) => byeList.includes(p) });
          const seated = tables.flat().filter((p): p is number => p !== null);
          expect([...seated, ...byes].sort((a, b) => a - b)).toEqual(range(n));
          expect(tables.every((t) => t.length === size && t[0] !== null)).toBe(true);
          expect(byes.length).toBe(size === 2 ? n % 2 : 0);
          const bots = tables.flat().length - seated.length;
          expect(bots).toBe(size === 4 ? (4 - (n % 4)) % 4 : 0);
          // Spread: no table has two more bots than another.
          const perTable = tables.map((t) => t.filter((p) => p === null).length);
          expect(Math.max(...perTable) - Math.min(...perTable)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  test('property: when nobody has met anybody, no table seats two who met — and over rounds of duels of 8, nobody meets twice before they have to', () => {
    const met = new Set<string>();
    let standings = range(8);
    for (let round = 0; round < 7; round++) {
      const { tables } = pairRound({ standings, size: 2, met: (a, b) => met.has(`${a}-${b}`), hadBye: never });
      for (const [a, b] of tables as number[][]) {
        expect(met.has(`${a}-${b}`)).toBe(false);
        met.add(`${a}-${b}`).add(`${b}-${a}`);
      }
      // Any new standings: the winners of this round first.
      standings = [...(tables as number[][]).map((t) => t[round % 2]!), ...(tables as number[][]).map((t) => t[1 - (round % 2)]!)];
    }
    expect(met.size).toBe(8 * 7);
  });
});

describe('what a game is worth', () => {
  test('place points: 3 / 2 / 1 / 0 at a table of four, level finishes sharing; 1 / 0 for a duel', () => {
    expect(placePoints([lost(2), won(), lost(0), lost(3)])).toEqual([1, 3, 0, 2]);
    expect(placePoints([lost(1), won(), lost(1), lost(0)])).toEqual([1.5, 3, 1.5, 0]);
    expect(placePoints([won(), lost(3)])).toEqual([1, 0]);
    // Whatever the finishes, a table hands out the same points in all: n(n−1)/2.
    fc.assert(
      fc.property(
        fc.array(fc.record({ won: fc.boolean(), arrived: fc.integer({ min: 0, max: 4 }) }), { minLength: 2, maxLength: 4 }),
        (fs) => {
          const n = fs.length;
          expect(placePoints(fs).reduce((a, b) => a + b, 0)).toBe((n * (n - 1)) / 2);
        },
      ),
    );
  });

  test('the arena streak: after two wins in a row games count double, until one that is not a win (which still counts double)', () => {
    const g = (points: number, won: boolean) => ({ points, won });
    expect(arenaScore([g(3, true), g(3, true), g(3, true), g(1, false), g(3, true)])).toBe(3 + 3 + 6 + 2 + 3);
    expect(arenaScore([g(3, true), g(1, false), g(3, true), g(3, true)])).toBe(10);
    expect(arenaScore([])).toBe(0);
  });
});

describe('standings (standingsOf)', () => {
  /** Two rounds of a four-player duel Swiss: 0 beats 1 and 2 beats 3, then 0 beats 2 and 3 beats 1. */
  const rounds: PlayedRound[] = [
    {
      tables: [
        { players: [0, 1], finishes: [won(), lost(2)] },
        { players: [2, 3], finishes: [won(), lost(1)] },
      ],
      byes: [],
    },
    {
      tables: [
        { players: [0, 2], finishes: [won(), lost(3)] },
        { players: [1, 3], finishes: [lost(0), won()] },
      ],
      byes: [],
    },
  ];

  test('points, then Sonneborn–Berger (the points of those one beat), then wins, then the drawn order', () => {
    const table = standingsOf(range(4), rounds, [3, 2, 1, 0]);
    expect(table.map((s) => [s.player, s.points, s.tiebreak])).toEqual([
      [0, 2, 0 + 1], // beat 1 (0 points) and 2 (1 point)
      [2, 1, 1], // beat 3 (1 point)
      [3, 1, 0], // beat 1 (0 points)
      [1, 0, 0],
    ]);
    expect(table[0]).toMatchObject({ wins: 2, games: 2 });
  });

  test('a bye is worth BYE_POINTS and is no game; bots earn nobody points; level on everything, the drawn order decides', () => {
    const withBots = standingsOf(
      [5, 6],
      [
        { tables: [{ players: [5, null, null, 6], finishes: [lost(1), won(), lost(1), lost(0)] }], byes: [] },
        { tables: [], byes: [6] },
      ],
      [6, 5],
    );
    // 5 finished ahead of 6 and level with a bot; 6 sat the next round out.
    expect(withBots.map((s) => [s.player, s.points, s.games])).toEqual([
      [5, 1.5, 1],
      [6, 0 + BYE_POINTS, 1],
    ]);
    expect(standingsOf([7, 8], [], [8, 7]).map((s) => s.player)).toEqual([8, 7]);
  });

  test('property: the same results give the same standings, in whatever order the tables are listed', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const shuffled = rounds.map((r) => ({ ...r, tables: seed % 2 ? [...r.tables].reverse() : r.tables }));
        expect(standingsOf(range(4), shuffled, range(4))).toEqual(standingsOf(range(4), rounds, range(4)));
      }),
    );
  });
});

describe('the luck-free column (decisionLosses)', () => {
  const move = (seat: 'red' | 'blue', loss: number, extra: Partial<MoveReview> = {}): MoveReview => ({
    index: 0,
    seat,
    roll: 6,
    plane: 0,
    by: 'player',
    forced: false,
    choices: [],
    best: 0,
    chance: 0.5,
    bestChance: 0.5,
    loss,
    label: null,
    ...extra,
  });

  test("each seat's own decisions summed; auto-play's and forced moves are nobody's", () => {
    const moves = [
      move('red', 3),
      move('red', 0),
      move('blue', 12.5),
      move('red', 40, { by: 'auto-play' }),
      move('blue', 0, { forced: true }),
    ];
    expect(decisionLosses({ moves })).toEqual({ red: { loss: 3, decisions: 2 }, blue: { loss: 12.5, decisions: 1 } });
    expect(decisionLosses({ moves: [] })).toEqual({});
  });
});

import { type Colour, levelFor, scoreGame } from '../src';
import {
  ALL4,
  type ScoreRow,
  act,
  answer,
  game,
  greenOnRed50,
  idle,
  play,
  redCapturesThenWins,
  rm,
  roll,
  runScoreRow,
  sq,
  yellowAt,
} from './helpers';

/** RULES.md §7.1 scoring: plane points, collision points, resign / escape / team scoring, coins, levels. */

const RY: readonly Colour[] = ['red', 'yellow'];
const RGY: readonly Colour[] = ['red', 'green', 'yellow'];
/** Red needs one 2 to bring its last plane home. */
const redAlmostHome = [56, 56, 56, 54];
const redWins = rm('red', 2, 3);

const ROWS: readonly ScoreRow[] = [
  {
    name: '§7.1 seed 000 example: 1000-point room, base 250, arrived 4/3/2/1 → +1500 / −250 / −500 / −750',
    setup: game('online', { red: redAlmostHome, green: [56, 56, 56], yellow: [56, 56], blue: [56] }, { seats: ALL4 }),
    actions: redWins,
    next: 'over: red',
    options: { base: 250 },
    seats: {
      red: { arrived: 4, points: 1500, collision: 0, score: 1500, coins: 1500, rank: 1 },
      green: { arrived: 3, notArrived: 1, points: -250, score: -250, rank: 2 },
      yellow: { arrived: 2, notArrived: 2, points: -500, score: -500, rank: 3 },
      blue: { arrived: 1, notArrived: 3, points: -750, score: -750, rank: 4 },
    },
    ranking: ['red', 'green', 'yellow', 'blue'],
  },
  {
    name: '§7.1 free-for-all, two players: the loser pays its planes not arrived, the winner takes them',
    setup: game('traditional', { red: redAlmostHome, yellow: [56] }),
    actions: redWins,
    next: 'over: red',
    options: { base: 100 },
    seats: { red: { score: 300 }, yellow: { score: -300 } },
  },
  {
    name: '§7.1 collision points: +5 per opponent plane sent home, counted for a loser too; no −5 outside team mode',
    setup: game(
      'online',
      { red: [56, 56, 56, 44], green: [1, greenOnRed50, 56], yellow: [sq('yellow', 4, 'green'), 56, 56] },
      { seats: RGY, firstSeat: 'green' },
    ),
    actions: [...rm('green', 3, 0), roll('yellow', 1), ...redCapturesThenWins],
    next: 'over: red',
    options: { base: 100 },
    seats: {
      red: { points: 500, collision: 5, score: 505 },
      green: { arrived: 1, points: -300, collision: 5, score: -295 },
      yellow: { arrived: 2, points: -200, collision: 0, score: -200 },
    },
  },
  {
    name: '§7.1 team mode: team points = losing planes not arrived × base × 2, split by the winners; −5 per own plane sent home; coins = score × multiplier − fee',
    setup: game('online', { red: [56, 56, 56, 44], yellow: [56, 56], green: [56, greenOnRed50] }, { seats: ALL4, teams: true }),
    actions: redCapturesThenWins,
    next: 'over: red',
    options: { base: 100, multiplier: 2, tableFee: 10 },
    seats: {
      red: { points: 700, collision: 5, score: 705, coins: 1400 },
      yellow: { points: 700, collision: 0, score: 700, coins: 1390 },
      green: { points: -600, collision: -5, score: -605, coins: -1220 },
      blue: { points: -800, collision: 0, score: -800, coins: -1610 },
    },
    ranking: ['red', 'yellow', 'green', 'blue'],
  },
  {
    name: '§7.1 team mode: a winner who escaped scores only the penalty, the other winner takes all team points; penalty coins go to the non-escapers',
    setup: game('online', { red: [56, 56, 56, 44], yellow: [56, 56], green: [56, greenOnRed50] }, { seats: ALL4, teams: true }),
    actions: [act('escape', 'yellow'), ...redCapturesThenWins],
    next: 'over: red',
    options: { base: 100 },
    seats: {
      red: { points: 1400, collision: 5, score: 1405, coins: 1405 + 66 },
      yellow: { points: 0, escapePenalty: -200, score: -200, coins: -200 },
      green: { points: -600, score: -605, coins: -605 + 66 },
      blue: { points: -800, score: -800, coins: -800 + 66 },
    },
  },
  {
    name: '§7.1 team mode ended by both losers escaping: the same team points; each escaper also −200',
    setup: game('online', { red: [56], yellow: [56, 56], green: [56] }, { seats: ALL4, teams: true }),
    actions: [act('escape', 'green'), act('escape', 'blue')],
    next: 'over: yellow',
    options: { base: 100 },
    seats: {
      red: { points: 700, score: 700, coins: 700 + 200 },
      yellow: { points: 700, score: 700, coins: 700 + 200 },
      green: { points: -600, escapePenalty: -200, score: -800, coins: -600 - 200 },
      blue: { points: -800, escapePenalty: -200, score: -1000, coins: -800 - 200 },
    },
  },
  {
    name: '§7.1 resignation, two players: the resigner pays its planes not arrived, the winner scores its own arrived',
    setup: game('online', { red: [56, 56], yellow: [56] }),
    actions: [...idle(RY, 16), act('resign', 'yellow')],
    next: 'over: red',
    options: { base: 100 },
    seats: { red: { points: 200, score: 200 }, yellow: { points: -300, escapePenalty: 0, score: -300 } },
  },
  {
    name: "§7.1 resignation, three players: the resigner's loss is added to the eventual winner's score",
    setup: game('online', { red: redAlmostHome, green: [56], yellow: [56, 56] }, { seats: RGY, options: { resignAfterRolls: 0 } }),
    actions: [act('resign', 'green'), ...redWins],
    next: 'over: red',
    options: { base: 100 },
    seats: { red: { score: 300 + 200 }, green: { score: -300 }, yellow: { score: -200 } },
  },
  {
    name: '§7.1 forfeit, two players: scored as a resignation (no escape penalty)',
    setup: game('online', { red: [56, 56], yellow: [56] }),
    actions: [act('forfeit', 'yellow')],
    next: 'over: red',
    options: { base: 100 },
    seats: { red: { score: 200, coins: 200 }, yellow: { score: -300, escapePenalty: 0, coins: -300 } },
  },
  {
    name: "§7.1 escape, two players: the escaper pays the winner's arrived planes and −200; the winner scores its arrived",
    setup: game('online', { red: [56, 56], yellow: [56] }),
    actions: [act('escape', 'yellow')],
    next: 'over: red',
    options: { base: 100 },
    seats: {
      red: { points: 200, score: 200, coins: 200 + 200 },
      yellow: { points: -200, escapePenalty: -200, score: -400, coins: -200 - 200 },
    },
  },
  {
    name: '§7.1 escape, three players: the escaper pays its own planes not arrived (to the winner) and −200; penalty coins split by the others',
    setup: game('online', { red: redAlmostHome, green: [56], yellow: [56, 56] }, { seats: RGY }),
    actions: [act('escape', 'green'), ...redWins],
    next: 'over: red',
    options: { base: 100 },
    seats: {
      red: { points: 500, score: 500, coins: 600 },
      green: { points: -300, escapePenalty: -200, score: -500, coins: -500 },
      yellow: { points: -200, score: -200, coins: -100 },
    },
  },
  {
    name: '§7.1 coins never go below 0: a loss takes at most the coins held; a gain is added in full; a seat with no coins on record keeps the formula',
    setup: game('online', { red: [56, 56], yellow: [56] }),
    actions: [act('escape', 'yellow')],
    next: 'over: red',
    options: { base: 100, coinsHeld: { red: 5, yellow: 12 } },
    seats: {
      red: { coinsEarned: 400, coins: 400, coinsBefore: 5, coinsAfter: 405 },
      yellow: { coinsEarned: -400, coins: -12, coinsBefore: 12, coinsAfter: 0 },
    },
  },
  {
    name: '§7.1 coins: a loss smaller than the coins held is taken in full',
    setup: game('online', { red: [56, 56], yellow: [56] }),
    actions: [act('forfeit', 'yellow')],
    next: 'over: red',
    options: { base: 100, coinsHeld: { yellow: 1000 } },
    seats: {
      red: { coinsEarned: 200, coins: 200, coinsBefore: null, coinsAfter: null },
      yellow: { coinsEarned: -300, coins: -300, coinsBefore: 1000, coinsAfter: 700 },
    },
  },
  {
    name: '§7.1 draw (plyyard): no plane points, collision points still count',
    setup: game('plyyard', { red: [20], yellow: [yellowAt(23)] }),
    actions: [...rm('red', 3, 0), act('offer-draw', 'red'), answer('answer-draw', 'yellow', true)],
    next: 'over: draw',
    options: { base: 100 },
    seats: { red: { points: 0, collision: 5, score: 5 }, yellow: { points: 0, collision: 0, score: 0 } },
  },
  {
    name: '§7.1 levels: lifetime score before and after the game',
    setup: game('traditional', { red: redAlmostHome, yellow: [56] }),
    actions: redWins,
    next: 'over: red',
    options: { base: 100, lifetime: { red: 400, yellow: 600 } },
    seats: {
      red: { lifetimeBefore: 400, lifetimeAfter: 700, levelBefore: levelFor(0), levelAfter: levelFor(501) },
      yellow: { lifetimeBefore: 600, lifetimeAfter: 300, levelBefore: levelFor(501), levelAfter: levelFor(0) },
    },
  },
];

describe('§7.1 scoring', () => {
  test.each(ROWS)('$name', runScoreRow);

  test('§7.1 an unfinished game has no score', () => {
    const scored = scoreGame(play(game('online')).state, { base: 100 });
    expect(scored.ok ? 'ok' : scored.error.code).toBe('ERR_NOT_ALLOWED');
  });

  test('§7.1 a negative base is refused', () => {
    const scored = scoreGame(play(game('online', { red: redAlmostHome }), ...redWins).state, { base: -1 });
    expect(scored.ok ? 'ok' : scored.error.code).toBe('ERR_BAD_OPTIONS');
  });
});

/** Seed 002's 积分级别表, transcribed: level, name, lowest and highest lifetime score. */
const LEVEL_TABLE: readonly [number, string, number, number][] = [
  [1, '初级学员', 0, 500],
  [2, '中级学员', 501, 1500],
  [3, '高级学员', 1501, 3000],
  [4, '飞行员', 3001, 5000],
  [5, '一级飞行员', 5001, 7000],
  [6, '王牌飞行员', 7001, 10000],
  [7, '飞行组长', 10001, 15000],
  [8, '飞行小队长', 15001, 20000],
  [9, '飞行中队长', 20001, 30000],
  [10, '飞行大队长', 30001, 50000],
  [11, '飞行少尉', 50001, 100000],
  [12, '飞行中尉', 100001, 200000],
  [13, '飞行上尉', 200001, 300000],
  [14, '飞行少校', 300001, 500000],
  [15, '飞行中校', 500001, 1000000],
  [16, '飞行上校', 1000001, 2000000],
  [17, '飞行大校', 2000001, 5000000],
  [18, '空军少将', 5000001, 10000000],
  [19, '空军司令', 10000001, Number.MAX_SAFE_INTEGER],
];

describe('§7.1 levels (seed 002 table)', () => {
  test.each(LEVEL_TABLE)('§7.1 level %i %s: lifetime %i – %i', (level, name, min, max) => {
    expect([levelFor(min), levelFor(max)]).toEqual([expect.objectContaining({ level, name }), expect.objectContaining({ level, name })]);
  });

  test('§7.1 levels: a negative lifetime score stays at level 1', () => {
    expect(levelFor(-300).level).toBe(1);
  });
});

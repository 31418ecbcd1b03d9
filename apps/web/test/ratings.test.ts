import type { MatchRecord } from '@flightchess/protocol';
import { onlineResults } from '../src/results/results';
import { setLanguage } from '../src/i18n';
import { chartScale } from '../src/ratings/chartScale';
import { LEADERBOARD_TABS, leaderboardPath } from '../src/leaderboard/leaderboardTab';
import { parseLeaderboardTab } from '../src/router';
import { ratingChange, ratingSpread, ratingText, seatRating } from '../src/ratings/ratingWords';
import { secondsLeft, waitClock } from '../src/ratings/timeLeft';

describe('a rating change in words', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('says before, after and the difference with its sign, in either language', () => {
    expect(ratingChange(1512, 1527)).toEqual({ text: '1512 → 1527（+15）', delta: 15, tone: 'up' });
    setLanguage('en');
    expect(ratingChange(1512, 1527)).toEqual({ text: '1512 → 1527 (+15)', delta: 15, tone: 'up' });
    expect(ratingChange(1530, 1498)).toEqual({ text: '1530 → 1498 (-32)', delta: -32, tone: 'down' });
    expect(ratingChange(1500, 1500)?.tone).toBe('same');
  });

  it('rounds to whole points before taking the difference, so the words add up', () => {
    setLanguage('en');
    expect(ratingChange(1511.6, 1527.4)?.text).toBe('1512 → 1527 (+15)');
  });

  it('shows nothing for a casual table, a bot or a result not yet recorded', () => {
    expect(ratingChange(null, null)).toBeNull();
    expect(ratingChange(1500, null)).toBeNull();
    expect(ratingChange(1500, 0)).toBeNull();
    expect(ratingChange(0, 1500)).toBeNull();
  });

  it('marks a provisional rating with "?" and gives the deviation', () => {
    expect(ratingText({ rating: 1500, provisional: true })).toBe('1500?');
    expect(ratingSpread({ rating: 1612.4, deviation: 84.6, provisional: false })).toBe('1612 ± 85');
    expect(seatRating(0)).toBe('');
    expect(seatRating(1499.5)).toBe('1500');
  });

  it('comes from the recorded seats into the results with the rated games so far (null at a casual table)', () => {
    const seat = { colour: 'red', kind: 'human', bot: null, playerId: 'p1', name: 'Ann', rank: 1, winner: true } as const;
    const match = {
      id: 'm1',
      base: 10,
      setup: { teams: false },
      result: { reason: 'resign', winner: 'red' },
      seats: [
        { ...seat, ratingBefore: 1500, ratingAfter: 1538, ratedGames: 3 },
        {
          ...seat,
          colour: 'yellow',
          kind: 'bot',
          bot: 'strong',
          playerId: null,
          name: '',
          rank: 2,
          winner: false,
          ratingBefore: null,
          ratingAfter: null,
        },
      ],
    } as unknown as MatchRecord;
    const rows = onlineResults(match, null, 'p1').rows;
    expect(rows.map((r) => [r.ratingBefore, r.ratingAfter, r.ratedGames])).toEqual([
      [1500, 1538, 3],
      [null, null, null],
    ]);
  });
});

describe('the leaderboard tabs', () => {
  it('are the score board and one per rating mode, each an address', () => {
    expect(LEADERBOARD_TABS).toEqual(['score', '2p', '3p', '4p', '2v2']);
    for (const tab of LEADERBOARD_TABS) expect(parseLeaderboardTab(tab)).toBe(tab);
  });

  it('read anything else as the score board', () => {
    for (const arg of [undefined, '', '5p', '4P', '2V2', 'score ', '__proto__']) expect(parseLeaderboardTab(arg)).toBe('score');
  });

  it('ask the API for the mode asked', () => {
    expect(leaderboardPath('score')).toBe('/api/leaderboard');
    expect(leaderboardPath('2v2', 20)).toBe('/api/leaderboard?rating=2v2&limit=20');
  });
});

describe('the cooldown’s time left', () => {
  it('counts whole seconds up, never below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });

  it('reads as a clock, with hours when there are', () => {
    expect(waitClock(0)).toBe('0:00');
    expect(waitClock(599)).toBe('9:59');
    expect(waitClock(3600)).toBe('1:00:00');
    expect(waitClock(24 * 3600 - 1)).toBe('23:59:59');
  });
});

describe('the rating chart’s scale', () => {
  const box = { width: 200, height: 100, pad: 10 };

  it('spreads the games evenly left to right and puts a higher rating higher', () => {
    const { points, top, bottom } = chartScale([{ rating: 1500 }, { rating: 1560 }, { rating: 1480 }], box);
    expect([top, bottom]).toEqual([1600, 1450]);
    expect(points.map(([x]) => x)).toEqual([10, 100, 190]);
    const [a, b, c] = points.map(([, y]) => y);
    expect(b! < a! && a! < c!).toBe(true);
    for (const [, y] of points) expect(y >= 10 && y <= 90).toBe(true);
  });

  it('keeps a flat history flat and in the middle, and one game in the middle', () => {
    const flat = chartScale([{ rating: 1500 }, { rating: 1500 }], box);
    expect(flat.top - flat.bottom).toBeGreaterThanOrEqual(100);
    expect(flat.points.map(([, y]) => y)).toEqual([50, 50]);
    expect(chartScale([{ rating: 1523 }], box).points).toEqual([[100, expect.any(Number)]]);
  });

  it('has an empty chart for no games', () => {
    expect(chartScale([], box)).toEqual({ points: [], top: 1550, bottom: 1450 });
  });
});

import fc from 'fast-check';
import {
  BOT_RATINGS,
  NEW_SKILL,
  RATING_MODES,
  botSkill,
  conservativeRating,
  isProvisional,
  nearestBot,
  shownRating,
  skillOf,
} from '../src';

describe('the 1500 scale', () => {
  test('a newcomer shows 1500 ± 350', () => {
    expect(shownRating(NEW_SKILL)).toEqual({ rating: 1500, deviation: 350 });
  });

  test.each([
    [0, true],
    [19, true],
    [20, false],
    [300, false],
  ])('%p rated games: provisional %p, in every mode', (games, provisional) => {
    expect(isProvisional(games)).toBe(provisional);
  });

  test('42 points a model unit: μ 26, σ 1 shows 1542 ± 42', () => {
    expect(shownRating({ mu: 26, sigma: 1 })).toEqual({ rating: 1542, deviation: 42 });
  });

  test('skillOf and shownRating are inverses on whole ratings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 350 }), (rating, deviation) => {
        expect(shownRating(skillOf(rating, deviation))).toEqual({ rating, deviation });
      }),
    );
  });

  test('leaderboards sort by rating − 2 × deviation', () => {
    expect(conservativeRating({ rating: 1500, deviation: 350 })).toBe(800);
  });
});

describe('bot anchors', () => {
  test.each(RATING_MODES)('%s: the medium bot sits at 1500, the levels in order, every anchor firm', (mode) => {
    const r = BOT_RATINGS[mode];
    expect(r.heuristic).toBe(1500);
    expect(r.random).toBeLessThan(r.heuristic);
    expect(r.strong).toBeGreaterThan(r.heuristic);
    expect(shownRating(botSkill(mode, 'strong'))).toEqual({ rating: r.strong, deviation: 30 });
  });

  test('nearestBot picks the level of the nearest rating', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RATING_MODES), fc.integer({ min: 500, max: 2500 }), (mode, rating) => {
        const picked = Math.abs(BOT_RATINGS[mode][nearestBot(mode, rating)] - rating);
        for (const other of Object.values(BOT_RATINGS[mode])) expect(picked).toBeLessThanOrEqual(Math.abs(other - rating));
      }),
    );
  });

  test.each(RATING_MODES)('%s: a rating at a level is matched with that level', (mode) => {
    for (const [bot, rating] of Object.entries(BOT_RATINGS[mode])) expect(nearestBot(mode, rating + 1)).toBe(bot);
  });
});

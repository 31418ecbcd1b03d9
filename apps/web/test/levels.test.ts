import { LEVELS } from '@flightchess/rules';
import { levelName, levelProgress } from '../src/profile/levels';
import { setLanguage } from '../src/i18n';

describe('levels', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('names every level of the engine’s table in both languages', () => {
    for (const l of LEVELS) expect(levelName(l.level)).toBe(l.name);
    setLanguage('en');
    expect(levelName(1)).toBe('Junior Cadet');
    expect(levelName(19)).toBe('Air Marshal');
    const english = LEVELS.map((l) => levelName(l.level));
    expect(new Set(english).size).toBe(LEVELS.length);
    expect(english.some((n) => /[\u4e00-\u9fff]/.test(n))).toBe(false);
    expect([0, 42, 1.5].map(levelName)).toEqual(['', '', '']);
  });

  it('measures the way from a level’s threshold to the next', () => {
    expect(levelProgress(0)).toMatchObject({ level: { level: 1 }, next: { level: 2, min: 501 }, toNext: 501, fraction: 0 });
    const mid = levelProgress(1000);
    expect([mid.level.level, mid.next?.level, mid.toNext]).toEqual([2, 3, 501]);
    expect(mid.fraction).toBeCloseTo(0.499, 3);
    expect(levelProgress(-300)).toMatchObject({ level: { level: 1 }, toNext: 801, fraction: 0 });
    expect(levelProgress(10_000_001)).toEqual({ level: LEVELS[18], next: null, toNext: 0, fraction: 1 });
  });
});

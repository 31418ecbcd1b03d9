import { createRng } from '../src';
import { calibrationOf } from '../scripts/winModel/calibration';
import { choleskySolve, fitLogit, softmaxOf } from '../scripts/winModel/logit';

describe('the win model fit (scripts/winModel)', () => {
  test('choleskySolve solves a symmetric positive definite system', () => {
    const a = Float64Array.from([4, 1, 2, 1, 3, 0, 2, 0, 5]);
    const x = choleskySolve(a, Float64Array.from([7, 4, 7]), 3);
    expect(Array.from(x).map((v) => Number(v.toFixed(9)))).toEqual([1, 1, 1]);
  });

  test('fitLogit recovers the weights that made seeded outcomes', () => {
    const truth = [1.5, -0.8];
    const rng = createRng('logit');
    const examples = Array.from({ length: 6000 }, () => {
      const sides = 2 + rng.int(3);
      const x = Array.from({ length: sides }, () => Float64Array.from([rng.next() * 2 - 1, rng.next() * 2 - 1]));
      const p = softmaxOf(Float64Array.from(truth), x);
      let u = rng.next();
      let winner = 0;
      while (winner < sides - 1 && u > p[winner]!) u -= p[winner++]!;
      const target = new Float64Array(sides);
      target[winner] = 1;
      return { x, target };
    });
    const fitted = fitLogit(examples, 2, 0, 20);
    expect(fitted[0]).toBeCloseTo(truth[0]!, 0);
    expect(fitted[1]).toBeCloseTo(truth[1]!, 0);
    expect(Math.abs(fitted[0]! - truth[0]!)).toBeLessThan(0.15);
    expect(Math.abs(fitted[1]! - truth[1]!)).toBeLessThan(0.15);
  });

  test('calibration deciles: forecasts that come true as often as they say are off by nothing; the Brier score is their squared error', () => {
    // Ten groups of 100 forecasts of (k + ½)/10, of which exactly 10k + 5 come true.
    const forecasts = Array.from({ length: 1000 }, (_, i) => ({
      p: ((i % 10) + 0.5) / 10,
      won: (Math.floor(i / 10) < 10 * (i % 10) + 5 ? 1 : 0) as 0 | 1,
    }));
    const c = calibrationOf(forecasts);
    expect(c.deciles).toHaveLength(10);
    for (const d of c.deciles) {
      expect(d.count).toBe(100);
      expect(d.observed).toBeCloseTo(d.predicted, 9);
    }
    expect(c.worst).toBeCloseTo(0, 9);
    expect(c.brier).toBeCloseTo(forecasts.reduce((s, f) => s + (f.p - f.won) ** 2, 0) / 1000, 12);
  });
});

import { leastSquaresRatings } from '../src/sim/swiss';
import { type StreamComparison, streamRatings, streamTableComparisons } from '../src/sim/streamRatings';
import { createRng } from '../src/rng';

/** A round's games (players in stream order) and each seat's result as a score per seat (higher finished ahead), as comparisons with effects round × 4 + stream. */
const round = (r: number, games: readonly (readonly number[])[], results: readonly (readonly number[])[]): StreamComparison[] =>
  games.flatMap((players, g) => {
    const s = results[g]!;
    return streamTableComparisons(players, r * 4, (i, j) => (s[i]! > s[j]! ? 1 : s[i]! < s[j]! ? 0 : 0.5));
  });

describe('least-squares ratings with effects per (round, stream) (streamRatings)', () => {
  test('with no effects, or every side holding the same one, it is leastSquaresRatings', () => {
    const rng = createRng('stream-ratings');
    const comparisons = Array.from({ length: 120 }, () => {
      const a = rng.int(10);
      const b = (a + 1 + rng.int(9)) % 10;
      return { a, b, score: rng.int(5) / 4 };
    });
    for (const ridge of [0.3, 1]) {
      const plain = leastSquaresRatings(10, comparisons, ridge, 1000, 1e-12);
      const none = streamRatings(
        10,
        0,
        comparisons.map((c) => ({ ...c, ea: null, eb: null })),
        ridge,
        1,
      );
      const same = streamRatings(
        10,
        3,
        comparisons.map((c) => ({ ...c, ea: 1, eb: 1 })),
        ridge,
        1,
      );
      plain.forEach((x, i) => {
        expect(none[i]).toBeCloseTo(x, 6);
        expect(same[i]).toBeCloseTo(x, 6);
      });
    }
  });

  test("a round's lucky stream is absorbed by its effect: beating a table on a weak stream counts more than on the lucky one", () => {
    // Round 0: whoever holds stream 0 (players 0, 4, 8) beats their table; the rest tie.
    const r0 = round(
      0,
      [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
      ],
      [
        [1, 0, 0, 0],
        [1, 0, 0, 0],
        [1, 0, 0, 0],
      ],
    );
    // Round 1: player 9 beats their table holding stream 1, whose other holders (2, 7) lose to everyone;
    // player 0 (lucky in round 0) meets one of them and ties the rest.
    const r1 = round(
      1,
      [
        [1, 9, 4, 6],
        [5, 2, 0, 10],
        [3, 7, 8, 11],
      ],
      [
        [0, 1, 0, 0],
        [1, 0, 1, 1],
        [1, 0, 1, 1],
      ],
    );
    const comparisons = [...r0, ...r1];
    const effects: number[] = [];
    const r = streamRatings(12, 8, comparisons, 0.3, 1, 1000, 1e-9, effects);
    // Round 0's stream 0 is the luckiest effect; each round's effects sum to 0.
    expect(effects[0]).toBeGreaterThan(0.3);
    expect(Math.max(...effects.slice(1))).toBeLessThan(effects[0]!);
    expect(effects[5]).toBeLessThan(0);
    expect(effects.slice(0, 4).reduce((s, x) => s + x, 0)).toBeCloseTo(0, 9);
    expect(effects.slice(4).reduce((s, x) => s + x, 0)).toBeCloseTo(0, 9);
    // Without the effects, 0 (three wins on the lucky stream, then a win and two ties) is above 9 (a loss
    // and two ties, then three wins on a weak stream); with them, 9 is above 0.
    const plain = leastSquaresRatings(12, comparisons, 0.3, 1000, 1e-12);
    expect(plain[0]).toBeGreaterThan(plain[9]!);
    expect(r[9]).toBeGreaterThan(r[0]!);
    expect(r.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 9);
  });
});

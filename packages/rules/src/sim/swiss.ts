import { type Comparison, type SeatFinish, type TableSize, ahead, matchpointsBy, pairRound, placePoints, shareLess } from '../tournament';

export { type Comparison, leastSquaresRatings, matchpoints, shareLess, streamsFor, tableComparisons } from '../tournament';

/**
 * A Swiss tournament of four-seat tables, plain or duplicate (issue 42), as pure functions of the results
 * so far: who sits with whom, who holds which dice stream, and what each result is worth. The simulation
 * (`scripts/duplicateSim.ts`) plays it with bots to measure how much luck the duplicate form cancels.
 */

/** What a seat achieved in one game (the tournaments' SeatFinish): whether it won, and how many of its planes arrived. */
export type Outcome = SeatFinish;

/** 1 when `a` did better than `b`, 0.5 the same, 0 worse: a win first, then planes arrived (the tournaments' `ahead`). */
export const beats = ahead;

/**
 * The round's tables, `size` players each, as a tournament pairs them (`pairRound`): from the top of the
 * standings, each table taking next whoever has met none of those already at it. A count not divisible by
 * `size` is refused (the simulated field fills its tables).
 */
export function swissTables(standings: readonly number[], met: (a: number, b: number) => boolean, size: TableSize = 4): number[][] {
  if (standings.length % size !== 0) throw new RangeError(`${standings.length} players do not fill tables of ${size}`);
  return pairRound({ standings, size, met, hadBye: () => false }).tables as number[][];
}

/** Each seat's points at its own table: the seats it did better than, a tie counting half (0..size−1). */
export const tablePoints = placePoints;

/**
 * Table points per point of dice luck: the weight of the control variate in `luckAdjusted`. Fitted as
 * cov(table points, luck) / var(luck) within each kind of bot, over 200 four-seat games of the online
 * preset with one expert, strong, heuristic and random bot each (0.0124; 0.0100 at tables of heuristic
 * and random bots only): README, "Duplicate dice and Swiss tournaments".
 */
export const LUCK_WEIGHT = 0.012;

/**
 * Weights of three control variates for a seat's table points (`diceAdjustedPoints` in the study): the
 * win-chance luck of its side (as LUCK_WEIGHT), the sixes it rolled minus a sixth of its rolls, and the
 * pips it rolled minus 3.5 a roll. Each averages 0 whoever plays. Fitted jointly by `controlWeights`
 * (`npm run sim:duplicate -- --fit-luck N`): README, "Duplicate dice and Swiss tournaments".
 */
export const DICE_WEIGHTS = { luck: 0.0127, sixes: 0.0213, pips: -0.00068 } as const;

/**
 * A result with the dice's part taken out, as GNU Backgammon's luck-adjusted result: `points[i]` minus
 * `weight` × `luck[i]`, the luck (points of win chance, `rollLuck`) that every roll of the game gave seat
 * i's side. The luck of each roll averages 0 over the faces the die could have shown, whoever plays, so
 * the adjusted result keeps the expected result and loses the part of its spread the dice explain.
 */
export function luckAdjusted(points: readonly number[], luck: readonly number[], weight = LUCK_WEIGHT): number[] {
  return points.map((p, i) => p - weight * luck[i]!);
}

/** Matchpoints of numbers rather than outcomes (e.g. luck-adjusted table points): more is better. */
export const matchpointsOf = (scores: readonly (readonly number[])[]): number[][] =>
  matchpointsBy(scores, (a, b) => (a === b ? 0.5 : a > b ? 1 : 0));

/**
 * A seat's luck-adjusted share against another at its table: `beats` minus `weight` × (luck_i − luck_j) / size,
 * held within [0, 1]. Summed over the table's other seats it is the seat's luck-adjusted table points (the
 * luck of a game sums to 0 over its seats), as far as the bounds allow.
 */
export const adjustedShare = (outcomes: readonly Outcome[], luck: readonly number[], i: number, j: number, weight = LUCK_WEIGHT): number =>
  shareLess(outcomes, i, j, (weight * (luck[i]! - luck[j]!)) / outcomes.length);

/**
 * Bradley–Terry strengths (log scale) of players 0..count−1 from pairwise comparisons, by Hunter's MM
 * iteration: γ_i ← (W_i + prior/2) / (Σ over i's comparisons 1/(γ_i + γ_j) + prior/(γ_i + 1)), W_i the
 * shares i won. `prior` is that many virtual comparisons, half won, against a player of strength 1, so an
 * unbeaten (or never-winning) player's strength stays finite and a player with no games sits at 0.
 * Who a player beat counts, not only how often: beating strong players raises the strength more.
 */
export function bradleyTerry(count: number, comparisons: readonly Comparison[], prior = 1, iterations = 100): number[] {
  const wins = Array.from({ length: count }, () => prior / 2);
  for (const { a, b, score } of comparisons) {
    wins[a]! += score;
    wins[b]! += 1 - score;
  }
  const gamma = Array.from({ length: count }, () => 1);
  for (let it = 0; it < iterations; it++) {
    const denominator = gamma.map((g) => prior / (g + 1));
    for (const { a, b } of comparisons) {
      const d = 1 / (gamma[a]! + gamma[b]!);
      denominator[a]! += d;
      denominator[b]! += d;
    }
    for (let i = 0; i < count; i++) gamma[i] = wins[i]! / denominator[i]!;
  }
  return gamma.map(Math.log);
}

/**
 * Weights of control variates by least squares within groups: the w minimising Σ (y − ȳ_g − Σ_k w_k (x_k − x̄_{k,g}))²,
 * each row's y and x taken from its group's mean (a group: one kind of bot, so that differences between
 * kinds are not read as luck). Solved from the normal equations by Gaussian elimination.
 */
export function controlWeights(rows: readonly { group: string; y: number; x: readonly number[] }[]): number[] {
  const k = rows[0]?.x.length ?? 0;
  const sums = new Map<string, { n: number; y: number; x: number[] }>();
  for (const { group, y, x } of rows) {
    const s = sums.get(group) ?? { n: 0, y: 0, x: Array.from({ length: k }, () => 0) };
    s.n++;
    s.y += y;
    x.forEach((v, j) => (s.x[j]! += v));
    sums.set(group, s);
  }
  const a = Array.from({ length: k }, () => Array.from({ length: k + 1 }, () => 0));
  for (const { group, y, x } of rows) {
    const s = sums.get(group)!;
    const dx = x.map((v, j) => v - s.x[j]! / s.n);
    const dy = y - s.y / s.n;
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) a[i]![j]! += dx[i]! * dx[j]!;
      a[i]![k]! += dx[i]! * dy;
    }
  }
  for (let c = 0; c < k; c++) {
    const p = a.reduce((best, row, i) => (i >= c && Math.abs(row[c]!) > Math.abs(a[best]![c]!) ? i : best), c);
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let i = 0; i < k; i++) {
      if (i === c) continue;
      const f = a[i]![c]! / a[c]![c]!;
      for (let j = c; j <= k; j++) a[i]![j]! -= f * a[c]![j]!;
    }
  }
  return a.map((row, i) => row[k]! / row[i]!);
}

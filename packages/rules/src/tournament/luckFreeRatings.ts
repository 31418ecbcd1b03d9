import { aheadChance } from '../review/placeLuck';
import { type SeatFinish, ahead } from './points';

/**
 * The ranking of a duplicate Swiss (issue 42): least-squares ratings of every seat-against-seat result of
 * the tournament, each less the part the dice played in it as the review reads the game. The simulation
 * chose it (README, "Duplicate dice and Swiss tournaments"): of every form measured it orders a field of
 * known strengths in the fewest rounds, where summed matchpoints order it worse than plain place points.
 */

/** One comparison of two players from a game they sat at: `score` is a's share, 1 when a did better, 0 worse, ½ the same (fractions allowed). */
export interface Comparison {
  readonly a: number;
  readonly b: number;
  readonly score: number;
}

/**
 * Every pair of seats of one game as a comparison: `players[i]` (ids) with `score(i, j)`, seat i's share
 * against seat j (e.g. `ahead` of their finishes). Six comparisons at a table of four.
 */
export function tableComparisons(players: readonly number[], score: (i: number, j: number) => number): Comparison[] {
  const out: Comparison[] = [];
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++) out.push({ a: players[i]!, b: players[j]!, score: score(i, j) });
  return out;
}

/** Seat i's share against seat j (`ahead`) less `adjustment` (the dice's part of it), held within [0, 1]. */
export const shareLess = (finishes: readonly SeatFinish[], i: number, j: number, adjustment: number): number =>
  Math.min(1, Math.max(0, ahead(finishes[i]!, finishes[j]!) - adjustment));

/**
 * Least-squares ratings (Massey's method with a ridge): the r minimising Σ (margin − (r_a − r_b))² over the
 * comparisons plus `ridge` × Σ r², with `margin` = 2 × score − 1 (from −1 to 1). Solved by Gauss–Seidel:
 * `iterations` sweeps, or fewer once a sweep moves no rating by more than `settled`.
 */
export function leastSquaresRatings(count: number, comparisons: readonly Comparison[], ridge = 1, iterations = 100, settled = 0): number[] {
  const r = Array.from({ length: count }, () => 0);
  const byPlayer = Array.from({ length: count }, () => [] as { other: number; margin: number }[]);
  for (const { a, b, score } of comparisons) {
    byPlayer[a]!.push({ other: b, margin: 2 * score - 1 });
    byPlayer[b]!.push({ other: a, margin: 1 - 2 * score });
  }
  for (let it = 0; it < iterations; it++) {
    let moved = 0;
    for (let i = 0; i < count; i++) {
      const mine = byPlayer[i]!;
      const next = mine.reduce((s, { other, margin }) => s + margin + r[other]!, 0) / (mine.length + ridge);
      moved = Math.max(moved, Math.abs(next - r[i]!));
      r[i] = next;
    }
    // The solution's ratings sum to 0 (every comparison gives its two sides opposite margins): taking the
    // mean out each sweep removes the one slow direction of the sweeps, so that they settle in a few dozen.
    const mean = r.reduce((sum, x) => sum + x, 0) / count;
    for (let i = 0; i < count; i++) r[i]! -= mean;
    if (moved <= settled) break;
  }
  return r;
}

/** The ridge of the ratings (`leastSquaresRatings`): as the simulation measured it. */
export const RATING_RIDGE = 0.3;

/** The ratings' solver sweeps until no rating moves by more than a millionth of this (shown to three places), at most 1000 times. */
const SETTLED = 1e-9;

/**
 * Weights of two lucks for a seat's table points, fitted jointly on bot games (`npm run sim:duplicate --
 * --fit-luck N`): the win-chance luck of its side (points of win chance, the review's `dice`) and its luck
 * of finishing ahead of each other seat (`rollPairLuck`, in table points). They should be refitted on
 * people's games. README, "Duplicate dice and Swiss tournaments".
 */
export const PLACE_WEIGHTS = { luck: 0.0088, place: 0.185 } as const;

/**
 * The review's reading of one game, in seat order: each seat's win-chance luck, `pairLuck[i][j]`, what the
 * rolls did to i's chance to finish ahead of j, and `end`, where each seat that did not win stood when the
 * game ended (`endShares`; absent from reviews stored before it was read).
 */
export interface TableLuck {
  readonly luck: readonly number[];
  readonly pairLuck: readonly (readonly number[])[];
  readonly end?: readonly number[];
}

/**
 * The dice's part of seat i's share against seat j by both lucks (`PLACE_WEIGHTS`): the win-chance luck's
 * difference shared over the table, and the pair's luck of finishing ahead.
 */
export const placedAdjustment = ({ luck, pairLuck }: TableLuck, i: number, j: number): number =>
  (PLACE_WEIGHTS.luck * (luck[i]! - luck[j]!)) / luck.length + PLACE_WEIGHTS.place * pairLuck[i]![j]!;

/**
 * Seat i's result against seat j before the dice's part comes off: `ahead`, but between two seats that played
 * the game out and did not win, where each stood when it ended — i's share of their two `end` shares (as
 * `aheadChance`), not only who had more planes home: a plane a step from home and one still in the hangar
 * count alike in planes home. Without `end` (a review stored before it was read), `ahead`.
 */
export function resultShare(finishes: readonly SeatFinish[], end: readonly number[] | undefined, i: number, j: number): number {
  const [a, b] = [finishes[i]!, finishes[j]!];
  return end && !a.won && !b.won && a.arrived >= 0 && b.arrived >= 0 ? aheadChance(end, i, j) : ahead(a, b);
}

/**
 * Seat i's share against seat j as the ratings read it: its `resultShare` less the dice's part
 * (`placedAdjustment`), held within [0, 1]. Unreviewed (`luck` null), or where a player left the game, `ahead`
 * as they finished.
 */
export function ratedShare(finishes: readonly SeatFinish[], luck: TableLuck | null, i: number, j: number): number {
  const [a, b] = [finishes[i]!, finishes[j]!];
  if (!luck || a.arrived < 0 || b.arrived < 0) return ahead(a, b);
  return Math.min(1, Math.max(0, resultShare(finishes, luck.end, i, j) - placedAdjustment(luck, i, j)));
}

/** A game for the ratings: its seats' players (`null`: a bot), how each finished, and its luck once the game is reviewed. */
export interface RatedTable {
  readonly players: readonly (number | null)[];
  readonly finishes: readonly SeatFinish[];
  /** Null until the review has read the game (its results then count as they finished) or when it could not. */
  readonly luck: TableLuck | null;
}

/**
 * Players 0..count−1 rated by `leastSquaresRatings` over every pair of seats of every game, each seat's
 * share against the other as `ratedShare` reads it. The bots' seats are one more player, so that a result against a
 * bot counts; a seat whose player left the game keeps its loss whatever its dice were. A pure function
 * of the games: listed in any order, they give the same ratings.
 */
export function luckFreeRatings(count: number, tables: readonly RatedTable[]): number[] {
  const bots = count;
  const comparisons = tables.flatMap(({ players, finishes, luck }) =>
    tableComparisons(
      players.map((p) => p ?? bots),
      (i, j) => ratedShare(finishes, luck, i, j),
    ),
  );
  return leastSquaresRatings(count + 1, comparisons, RATING_RIDGE, 1000, SETTLED).slice(0, count);
}

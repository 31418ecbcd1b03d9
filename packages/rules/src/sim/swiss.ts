import { type SeatFinish, type TableSize, ahead, pairRound, placePoints } from '../tournament';

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

/** Every order of `items` (4 seats: 24). */
function orders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/**
 * Which stream (0..size−1) each player of a table holds this round: the assignment that gives the
 * streams to those who held them least so far (`held(player, stream)`), so that over the rounds every
 * player holds each stream as evenly as the rounds allow. Answered per table position.
 */
export function streamsFor(table: readonly number[], held: (player: number, stream: number) => number): number[] {
  let best: number[] = table.map((_, i) => i);
  let bestCost = Infinity;
  for (const order of orders(table.map((_, i) => i))) {
    // Squared, so that a player's second turn on a stream costs more than two players' first.
    const cost = order.reduce((sum, stream, i) => sum + (held(table[i]!, stream) + 1) ** 2, 0);
    if (cost < bestCost) [best, bestCost] = [order, cost];
  }
  return best;
}

/** Each seat's points at its own table: the seats it did better than, a tie counting half (0..size−1). */
export const tablePoints = placePoints;

/**
 * Matchpoints of a duplicate round, as in duplicate bridge: every table played the same board, and each
 * seat's result is compared only with the seats that held the same stream at the other tables.
 * `results[t][s]` is the outcome of the seat holding stream `s` at table `t`; the answer has the same shape.
 */
export function matchpoints(results: readonly (readonly Outcome[])[]): number[][] {
  return results.map((table, t) =>
    table.map((mine, s) => results.reduce((sum, other, u) => (u === t ? sum : sum + beats(mine, other[s]!)), 0)),
  );
}

/**
 * Table points per point of dice luck: the weight of the control variate in `luckAdjusted`. Fitted as
 * cov(table points, luck) / var(luck) within each kind of bot, over 200 four-seat games of the online
 * preset with one expert, strong, heuristic and random bot each (0.0124; 0.0100 at tables of heuristic
 * and random bots only): README, "Duplicate dice and Swiss tournaments".
 */
export const LUCK_WEIGHT = 0.012;

/**
 * A result with the dice's part taken out, as GNU Backgammon's luck-adjusted result: `points[i]` minus
 * `weight` × `luck[i]`, the luck (points of win chance, `rollLuck`) that every roll of the game gave seat
 * i's side. The luck of each roll averages 0 over the faces the die could have shown, whoever plays, so
 * the adjusted result keeps the expected result and loses the part of its spread the dice explain.
 */
export function luckAdjusted(points: readonly number[], luck: readonly number[], weight = LUCK_WEIGHT): number[] {
  return points.map((p, i) => p - weight * luck[i]!);
}

/**
 * Matchpoints of numbers rather than outcomes (e.g. luck-adjusted table points): `scores[t][s]`, the seat
 * holding stream `s` at table `t`, earns 1 for each other table whose holder of `s` scored less, ½ for
 * the same.
 */
export function matchpointsOf(scores: readonly (readonly number[])[]): number[][] {
  const compare = (a: number, b: number) => (a === b ? 0.5 : a > b ? 1 : 0);
  return scores.map((table, t) =>
    table.map((mine, s) => scores.reduce((sum, other, u) => (u === t ? sum : sum + compare(mine, other[s]!)), 0)),
  );
}

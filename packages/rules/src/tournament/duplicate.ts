import { type SeatFinish, ahead } from './points';

/**
 * Duplicate dice (issue 42): every table of a round plays the same board, each seat rolling the dice
 * stream it holds. Who holds which stream, and what a result is worth against the others who held it.
 */

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
export function streamsFor<P>(table: readonly P[], held: (player: P, stream: number) => number): number[] {
  let best: number[] = table.map((_, i) => i);
  let bestCost = Infinity;
  for (const order of orders(table.map((_, i) => i))) {
    // Squared, so that a player's second turn on a stream costs more than two players' first.
    const cost = order.reduce((sum, stream, i) => sum + (held(table[i]!, stream) + 1) ** 2, 0);
    if (cost < bestCost) [best, bestCost] = [order, cost];
  }
  return best;
}

/**
 * Matchpoints of a duplicate round, as in duplicate bridge: every table played the same board, and each
 * seat's result is compared only with the seats that held the same stream at the other tables.
 * `results[t][s]` is the result of the seat holding stream `s` at table `t`; `compare(a, b)` is 1 when a is
 * better, ½ the same, 0 worse. The answer has the same shape.
 */
export function matchpointsBy<T>(results: readonly (readonly T[])[], compare: (a: T, b: T) => number): number[][] {
  return results.map((table, t) =>
    table.map((mine, s) => results.reduce((sum, other, u) => (u === t ? sum : sum + compare(mine, other[s]!)), 0)),
  );
}

/** Matchpoints of outcomes (`ahead`: a win first, then planes arrived). */
export const matchpoints = (results: readonly (readonly SeatFinish[])[]): number[][] => matchpointsBy(results, ahead);

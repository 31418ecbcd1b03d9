/**
 * A Swiss tournament of four-seat tables, plain or duplicate (issue 42), as pure functions of the results
 * so far: who sits with whom, who holds which dice stream, and what each result is worth. The simulation
 * (`scripts/duplicateSim.ts`) plays it with bots to measure how much luck the duplicate form cancels.
 */

/** What a seat achieved in one game: whether it won, and how many of its planes arrived. */
export interface Outcome {
  readonly won: boolean;
  readonly arrived: number;
}

/** 1 when `a` did better than `b`, 0.5 the same, 0 worse: a win first, then planes arrived. */
export function beats(a: Outcome, b: Outcome): number {
  if (a.won !== b.won) return a.won ? 1 : 0;
  return a.arrived === b.arrived ? 0.5 : a.arrived > b.arrived ? 1 : 0;
}

/**
 * The round's tables, `size` players each: players in standings order (best first) are seated from the top,
 * each table taking next whoever has met none of those already at it — or, when everyone left has, the
 * best of them (a repeat cannot always be avoided). A count not divisible by `size` is refused.
 */
export function swissTables(standings: readonly number[], met: (a: number, b: number) => boolean, size = 4): number[][] {
  if (standings.length % size !== 0) throw new RangeError(`${standings.length} players do not fill tables of ${size}`);
  const left = [...standings];
  const tables: number[][] = [];
  while (left.length > 0) {
    const table = [left.shift()!];
    while (table.length < size) {
      const fresh = left.findIndex((p) => table.every((q) => !met(p, q)));
      table.push(left.splice(fresh >= 0 ? fresh : 0, 1)[0]!);
    }
    tables.push(table);
  }
  return tables;
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
export function tablePoints(outcomes: readonly Outcome[]): number[] {
  return outcomes.map((mine, i) => outcomes.reduce((sum, other, j) => (i === j ? sum : sum + beats(mine, other)), 0));
}

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

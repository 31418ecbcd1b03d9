/**
 * Least-squares ratings with one effect per (round, stream) of a duplicate Swiss: duplicate bridge's
 * principle inside the rating model. In a duplicate round every holder of stream s plays the same dice, so
 * whatever those dice did that the luck readings miss is common to the round's holders of s; an effect per
 * (round, stream) takes it out of the players' ratings. README, "Duplicate dice and Swiss tournaments".
 */

/**
 * A comparison of player a against player b (`score`: a's share, 1 when a did better, 0 worse, ½ the same),
 * `ea` and `eb` the effects (e.g. the round's stream) each side held; null when a side held none.
 */
export interface StreamComparison {
  readonly a: number;
  readonly b: number;
  readonly ea: number | null;
  readonly eb: number | null;
  readonly score: number;
}

/**
 * Every pair of seats of one game of a duplicate round as a comparison: `players[i]` (ids) held stream i,
 * which is effect `firstEffect + i`; `score(i, j)` is seat i's share against seat j. Six at a table of four.
 */
export function streamTableComparisons(
  players: readonly number[],
  firstEffect: number,
  score: (i: number, j: number) => number,
): StreamComparison[] {
  const out: StreamComparison[] = [];
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++)
      out.push({ a: players[i]!, b: players[j]!, ea: firstEffect + i, eb: firstEffect + j, score: score(i, j) });
  return out;
}

/** One side of a comparison as its player sees it: margin oriented to the side, the side's own effect, the other's player and effect. */
interface Side {
  readonly margin: number;
  readonly mine: number | null;
  readonly other: number;
  readonly theirs: number | null;
}

/**
 * Players' ratings r (0..players−1) and effects e (0..effects−1) minimising
 * Σ (margin − ((r_a + e_ea) − (r_b + e_eb)))² + `ridge` × Σ r² + `effectRidge` × Σ e² over the comparisons,
 * `margin` = 2 × score − 1; returns the players' ratings (`effectsOut`, when given, receives the effects).
 * Gauss–Seidel over the players then the effects, each sweep taking the mean out of r and out of the effects
 * of every closed group (effects linked by comparisons that only ever set them against each other, as a
 * round's streams are): neither shift changes a prediction, and the ridges' solution has both means 0.
 * Sweeps until none moves a variable by more than `settled`, at most `iterations`. With no effects (or
 * every comparison's two sides holding the same one) it is `leastSquaresRatings`.
 */
export function streamRatings(
  players: number,
  effects: number,
  comparisons: readonly StreamComparison[],
  ridge: number,
  effectRidge: number,
  iterations = 1000,
  settled = 1e-9,
  effectsOut?: number[],
): number[] {
  const r = Array.from({ length: players }, () => 0);
  const e = Array.from({ length: effects }, () => 0);
  const byPlayer = Array.from({ length: players }, () => [] as Side[]);
  const byEffect = Array.from({ length: effects }, () => [] as (Side & { self: number })[]);
  // Groups of effects (union–find), closed unless some comparison sets one of them against no effect.
  const parent = Array.from({ length: effects }, (_, k) => k);
  const root = (k: number): number => (parent[k] === k ? k : (parent[k] = root(parent[k]!)));
  const open = new Set<number>();
  for (const { a, b, ea, eb, score } of comparisons) {
    const margin = 2 * score - 1;
    byPlayer[a]!.push({ margin, mine: ea, other: b, theirs: eb });
    byPlayer[b]!.push({ margin: -margin, mine: eb, other: a, theirs: ea });
    // A comparison whose sides hold the same effect says nothing about it (its two terms cancel).
    if (ea !== eb) {
      if (ea !== null) byEffect[ea]!.push({ margin, mine: ea, other: b, theirs: eb, self: a });
      if (eb !== null) byEffect[eb]!.push({ margin: -margin, mine: eb, other: a, theirs: ea, self: b });
    }
    if (ea !== null && eb !== null) parent[root(ea)] = root(eb);
  }
  for (const { ea, eb } of comparisons) if ((ea === null) !== (eb === null)) open.add(ea ?? eb!);
  const closedGroups = new Map<number, number[]>();
  for (let k = 0; k < effects; k++) closedGroups.set(root(k), [...(closedGroups.get(root(k)) ?? []), k]);
  for (const k of open) closedGroups.delete(root(k));
  const effectOf = (k: number | null) => (k === null ? 0 : e[k]!);
  for (let it = 0; it < iterations; it++) {
    let moved = 0;
    for (let i = 0; i < players; i++) {
      const mine = byPlayer[i]!;
      const next =
        mine.reduce((s, { margin, mine: own, other, theirs }) => s + margin + r[other]! + effectOf(theirs) - effectOf(own), 0) /
        (mine.length + ridge);
      moved = Math.max(moved, Math.abs(next - r[i]!));
      r[i] = next;
    }
    for (let k = 0; k < effects; k++) {
      const mine = byEffect[k]!;
      const next =
        mine.reduce((s, { margin, other, theirs, self }) => s + margin + r[other]! + effectOf(theirs) - r[self]!, 0) /
        (mine.length + effectRidge);
      moved = Math.max(moved, Math.abs(next - e[k]!));
      e[k] = next;
    }
    const mean = r.reduce((sum, x) => sum + x, 0) / players;
    for (let i = 0; i < players; i++) r[i]! -= mean;
    for (const group of closedGroups.values()) {
      const m = group.reduce((sum, k) => sum + e[k]!, 0) / group.length;
      for (const k of group) e[k]! -= m;
    }
    if (moved <= settled) break;
  }
  if (effectsOut) effectsOut.splice(0, effectsOut.length, ...e);
  return r;
}

import type { LegalMove } from '../legalMoves';
import type { Route } from '../route';

/** Opponent planes the route sends home. */
export function victimsOf(route: Route): number {
  let n = 0;
  for (const c of route.captures) n += c.victims.length;
  return n;
}

export function takesSpecial(route: Route): boolean {
  return route.segments.some((s) => s.kind === 'jump' || s.kind === 'flight');
}

function progress(move: LegalMove): number {
  return move.route.from === 'hangar' ? -1 : move.route.from;
}

/**
 * Seed 001's bot (RULES.md §8): capture an opponent > take a jump or flight > take off a new plane >
 * advance the front-most plane. Ties go to the front-most plane, then the lowest index.
 */
export function heuristicMove(moves: readonly LegalMove[]): LegalMove {
  const tier = (m: LegalMove): number => {
    if (victimsOf(m.route) > 0) return 3;
    if (takesSpecial(m.route)) return 2;
    if (m.route.from === 'hangar') return 1;
    return 0;
  };
  let best = moves[0]!;
  for (const m of moves) {
    const d = tier(m) - tier(best);
    if (d > 0 || (d === 0 && progress(m) > progress(best))) best = m;
  }
  return best;
}

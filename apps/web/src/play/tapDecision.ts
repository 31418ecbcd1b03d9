import type { LegalMove } from '@flightchess/rules';

/** What a tap on a plane does: move it, select it (its route shown, a second tap or confirm moves it), or nothing. */
export type TapDecision = 'move' | 'select' | 'none';

/**
 * One tap moves a plane when there is nothing left to choose: the plane has exactly one legal move
 * (one route, no stack or route to pick). A player who keeps select-then-confirm (`confirmMoves`, a
 * setting) selects first; tapping the selected plane again moves it either way.
 */
export function tapDecision(moves: readonly LegalMove[], plane: number, selected: number | null, confirmMoves: boolean): TapDecision {
  const own = moves.filter((m) => m.plane === plane).length;
  if (own === 0) return 'none';
  if (selected === plane) return 'move';
  return own === 1 && !confirmMoves ? 'move' : 'select';
}

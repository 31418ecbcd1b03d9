import type { Colour } from './colours';
import { type Board, boardOf } from './board';
import { FINISH } from './geometry';
import { type Route, routeOf } from './route';
import type { GameState } from './state';

export interface LegalMove {
  readonly plane: number;
  readonly route: Route;
}

/**
 * The legal moves of the last state asked about. A roll, a bot's choice and the move itself all ask
 * for the same state's moves in a row; states are immutable, so the entry never goes stale. One slot
 * (not a WeakMap, whose ephemeron bookkeeping dominated the garbage collector's time).
 */
let lastState: GameState | null = null;
let lastMoves: readonly LegalMove[] = [];

/** Every move the seat to move may make with the pending roll; empty outside the move phase (§9.11). */
export function legalMoves(state: GameState): LegalMove[] {
  if (state.phase !== 'move' || state.roll === null) return [];
  if (state !== lastState) rememberMoves(state, movesFor(state, state.current, state.roll));
  return [...lastMoves];
}

/** Record the moves computed for `state`'s pending roll while building it (see applyRoll). */
export function rememberMoves(state: GameState, moves: readonly LegalMove[]): void {
  lastState = state;
  lastMoves = moves;
}

/** Moves of `colour` for `roll` on this board, honouring a six-stop's forced plane (§9.9). */
export function movesFor(state: GameState, colour: Colour, roll: number, board?: Board): LegalMove[] {
  // The board is built only when some plane can move at all: early on most rolls move nothing.
  const onBoard = (): Board => (board ??= boardOf(state));
  if (state.forcedPlane !== null && colour === state.current) {
    const route = routeOf(state, onBoard(), colour, state.forcedPlane, roll);
    if (route) return [{ plane: state.forcedPlane, route }];
  }
  const moves: LegalMove[] = [];
  const planes = state.planes[colour] ?? [];
  const canTakeOff = state.config.takeoff.includes(roll);
  for (let plane = 0; plane < planes.length; plane++) {
    const p = planes[plane];
    if (p === FINISH || (p === 'hangar' && !canTakeOff)) continue;
    const route = routeOf(state, onBoard(), colour, plane, roll);
    if (route) moves.push({ plane, route });
  }
  return moves;
}

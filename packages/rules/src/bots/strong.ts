import type { Colour, Position } from '../colours';
import { boardOf } from '../board';
import { FINISH, isRing } from '../geometry';
import { type LegalMove, movesFor } from '../legalMoves';
import { applyMove } from '../play';
import { activeSeats } from '../queries';
import type { GameState } from '../state';

/** Worth of one plane at a position for its owner: progress, with a premium for safety in the lane and home. */
function planeWorth(p: Position): number {
  if (p === 'hangar') return 0;
  if (p === FINISH) return 75;
  if (p > 50) return 60 + p - 50;
  return 8 + p;
}

/** Chance (0..1) that each of `colour`'s ring planes is sent home on one opponent's next roll. */
function threatsTo(state: GameState, colour: Colour): number[] {
  const planes = state.planes[colour] ?? [];
  const risk = planes.map(() => 0);
  const board = boardOf(state);
  for (const opp of activeSeats(state)) {
    if (board.side(opp) === board.side(colour)) continue;
    const hitBy = planes.map(() => 0);
    for (let roll = 1; roll <= 6; roll++) {
      const hit = new Set<number>();
      for (const move of movesFor({ ...state, forcedPlane: null }, opp, roll, board)) {
        for (const cap of move.route.captures) for (const v of cap.victims) if (v.colour === colour) hit.add(v.plane);
      }
      for (const i of hit) hitBy[i]! += 1 / 6;
    }
    hitBy.forEach((h, i) => (risk[i] = 1 - (1 - risk[i]!) * (1 - h)));
  }
  return risk;
}

/** How good `state` is for `me`: own expected plane worth minus the opponents' (averaged). */
export function evaluate(state: GameState, me: Colour): number {
  const board = boardOf(state);
  let mine = 0;
  let theirs = 0;
  let opponents = 0;
  for (const c of activeSeats(state)) {
    const planes = state.planes[c] ?? [];
    const risk = threatsTo(state, c);
    let worth = 0;
    planes.forEach((p, i) => {
      const w = planeWorth(p);
      worth += typeof p === 'number' && isRing(p) ? w * (1 - risk[i]!) : w;
    });
    if (board.side(c) === board.side(me)) mine += worth;
    else {
      theirs += worth;
      opponents++;
    }
  }
  return mine - (opponents > 0 ? theirs / opponents : 0);
}

/** One-ply search over the legal moves with a risk-aware evaluation; a win always comes first. */
export function strongMove(state: GameState, moves: readonly LegalMove[]): LegalMove {
  const me = state.current;
  let best = moves[0]!;
  let bestValue = -Infinity;
  for (const move of moves) {
    const applied = applyMove(state, move.plane);
    if (!applied.ok) continue;
    const next = applied.value.state;
    const value = next.result ? (next.result.winners.includes(me) ? 1e9 : -1e9) : evaluate(next, me);
    if (value > bestValue) {
      bestValue = value;
      best = move;
    }
  }
  return best;
}

import type { Colour, Position } from '../colours';
import { type LegalMove, legalMoves } from '../legalMoves';
import { applyMove, applyRoll } from '../play';
import type { GameState } from '../state';
import { STRONG_WEIGHTS, type StrongWeights, type Values, evaluateSides, relative, sideOf, sideWorths, worthsAt } from './evaluate';
import { planeWorth, shortcutsAhead } from './worth';

export { evaluate, STRONG_WEIGHTS, type StrongWeights } from './evaluate';

const WIN = 1e9;

/**
 * Worth of rolling again after a move: an extra roll, less what a third six would cost under the
 * preset's `threeSixes` rule (the roll after two sixes is a six one time in six).
 */
function extraRollWorth(next: GameState, seat: Colour, plane: number, w: StrongWeights): number {
  if (next.sixes < 2) return w.extraRoll;
  const ahead = shortcutsAhead(next);
  const worths = worthsAt(next, w);
  const planes = next.planes[seat] ?? [];
  switch (next.config.threeSixes) {
    case 'none':
      return w.extraRoll;
    case 'void':
      return (w.extraRoll * 5) / 6;
    case 'last-moved-home':
      return (5 * w.extraRoll - planeWorth(planes[plane]!, ahead, worths)) / 6;
    case 'all-home':
      return (5 * w.extraRoll - planes.reduce<number>((sum, p) => sum + planeWorth(p, ahead, worths), 0)) / 6;
  }
}

/** A finished game: the winning side(s) won, everyone else lost. */
function finalValues(state: GameState): Values {
  const values = [-WIN, -WIN, -WIN, -WIN];
  for (const c of state.result?.winners ?? []) values[sideOf(state, c)] = WIN;
  return values;
}

/** Static values after `seat` moved `plane` into `next`, counting an extra roll it earned. */
function leafValues(next: GameState, seat: Colour, plane: number, w: StrongWeights): Values {
  const sides = sideWorths(next, w);
  if (next.phase === 'roll' && next.current === seat) sides.worths[sideOf(next, seat)]! += extraRollWorth(next, seat, plane, w);
  return relative(sides);
}

/** Values after `seat` moved `plane` into `next`, looking `depth` more moves ahead (each after its roll). */
function afterMove(next: GameState, seat: Colour, plane: number, depth: number, w: StrongWeights): Values {
  if (next.result) return finalValues(next);
  if (depth === 0 || next.phase !== 'roll') return leafValues(next, seat, plane, w);
  const sum = [0, 0, 0, 0];
  for (let roll = 1; roll <= 6; roll++) {
    const rolled = applyRoll(next, roll);
    if (!rolled.ok) continue;
    const after = rolled.value.state;
    const values = after.phase === 'move' ? decide(after, depth, w).values : evaluateSides(after, w);
    for (let s = 0; s < 4; s++) sum[s]! += values[s]! / 6;
  }
  return sum;
}

/**
 * The move the seat to move makes in `state`: the best for its own side (max-n expectimax; with two
 * sides that is expectiminimax). Planes of one colour on one square are interchangeable, so only the
 * first of them is tried.
 */
function decide(state: GameState, depth: number, w: StrongWeights, moves = legalMoves(state)): { move: LegalMove; values: Values } {
  const seat = state.current;
  const side = sideOf(state, seat);
  const tried: Position[] = [];
  let best: { move: LegalMove; values: Values } = { move: moves[0]!, values: [-Infinity, -Infinity, -Infinity, -Infinity] };
  for (const move of moves) {
    if (tried.includes(move.route.from)) continue;
    tried.push(move.route.from);
    const applied = applyMove(state, move.plane);
    if (!applied.ok) continue;
    const values = afterMove(applied.value.state, seat, move.plane, depth - 1, w);
    if (values[side]! > best.values[side]!) best = { move, values };
  }
  return best;
}

/**
 * Moves searched: mine, then every roll of whoever moves next (me again after an extra roll) and
 * the reply that is best for that seat's side. Measured at about a millisecond per decision.
 */
export const SEARCH_DEPTH = 2;

/** Expectimax over the legal moves, scored by the risk-aware evaluation; a win always comes first. */
export function strongMove(
  state: GameState,
  moves: readonly LegalMove[],
  w: StrongWeights = STRONG_WEIGHTS,
  depth = SEARCH_DEPTH,
): LegalMove {
  return decide(state, depth, w, [...moves]).move;
}

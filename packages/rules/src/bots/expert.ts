import type { Position } from '../colours';
import { type LegalMove, legalMoves } from '../legalMoves';
import { applyMove, applyRoll } from '../play';
import type { GameState } from '../state';
import { type Chances, staticChances } from '../review/winModel';
import { sideOf } from './evaluate';

/** One choice of the seat to move: the first of the interchangeable planes that make it, and every side's chance to win after it (index `sideOf`). */
export interface ScoredChoice {
  readonly move: LegalMove;
  readonly chances: Chances;
}

/** Chances after `next`, looking `depth` more moves ahead (each after every roll). */
function afterMove(next: GameState, depth: number): Chances {
  if (next.phase !== 'roll' || depth === 0) return staticChances(next);
  const sum = [0, 0, 0, 0];
  for (let roll = 1; roll <= 6; roll++) {
    const rolled = applyRoll(next, roll);
    if (!rolled.ok) continue;
    const after = rolled.value.state;
    const chances = after.phase === 'move' ? best(after, depth).chances : staticChances(after);
    for (let s = 0; s < 4; s++) sum[s]! += chances[s]! / 6;
  }
  return sum;
}

/** Every distinct choice (planes of one colour on one square are interchangeable), searched `depth` moves deep. */
function scored(state: GameState, depth: number, moves: readonly LegalMove[]): ScoredChoice[] {
  const tried: Position[] = [];
  const out: ScoredChoice[] = [];
  for (const move of moves) {
    if (tried.includes(move.route.from)) continue;
    tried.push(move.route.from);
    const applied = applyMove(state, move.plane);
    if (applied.ok) out.push({ move, chances: afterMove(applied.value.state, depth - 1) });
  }
  return out;
}

/** The choice with the best chance for the side to move (the first of equals). */
export function expertPick(state: GameState, choices: readonly ScoredChoice[]): ScoredChoice {
  const side = sideOf(state, state.current);
  let found = choices[0]!;
  for (const c of choices) if (c.chances[side]! > found.chances[side]!) found = c;
  return found;
}

function best(state: GameState, depth: number): ScoredChoice {
  return expertPick(state, scored(state, depth, legalMoves(state)));
}

/**
 * Moves the expert looks ahead: its own, every roll and reply of whoever moves next, then its own
 * again (one more than strong) — but only for the choices a search one move shallower puts within
 * `DEEPEN_MARGIN` of the best: over 500 decisions of strong-bot games the deeper search never picked
 * a choice further behind than 1.6 points, and the shallow search settles most decisions by itself.
 * Of those, only the `DEEPEN_AT_MOST` best (by the shallow search) go deeper: that bounds a
 * decision's work (p99 under 20 ms at four players) and changed 1 pick in 70 of 2,000 decisions.
 */
export const EXPERT_DEPTH = 3;
export const DEEPEN_MARGIN = 0.02;
export const DEEPEN_AT_MOST = 2;

/** The expert's search over every distinct choice of the seat to move (the review's "chance after each choice"). */
export function expertChoices(state: GameState, moves: readonly LegalMove[] = legalMoves(state)): ScoredChoice[] {
  const side = sideOf(state, state.current);
  const shallow = scored(state, EXPERT_DEPTH - 1, moves);
  let high = -Infinity;
  for (const c of shallow) high = Math.max(high, c.chances[side]!);
  const close = shallow
    .filter((c) => c.chances[side]! >= high - DEEPEN_MARGIN)
    .sort((a, b) => b.chances[side]! - a.chances[side]!)
    .slice(0, DEEPEN_AT_MOST);
  if (close.length < 2) return shallow;
  const deeper = scored(
    state,
    EXPERT_DEPTH,
    close.map((c) => c.move),
  );
  // The others stay as far behind the shallow best as the shallow search put them, on the deeper
  // search's scale: moved by what going deeper moved the shallow best (deeper values run higher or
  // lower as a whole, so a shallow value is not comparable with a deep one as it stands).
  const best = deeper.find((d) => d.move === close[0]!.move) ?? close[0]!;
  const shift = close[0]!.chances.map((c, s) => best.chances[s]! - c);
  return shallow.map((c) => deeper.find((d) => d.move === c.move) ?? { move: c.move, chances: shifted(c.chances, shift) });
}

/** `chances` moved by `shift` (which sums to 0), kept within 0..1 and summing to 1. */
function shifted(chances: Chances, shift: readonly number[]): Chances {
  const moved = chances.map((c, s) => (c > 0 ? Math.max(0, c + shift[s]!) : 0));
  const sum = moved.reduce((a, b) => a + b, 0);
  return sum > 0 ? moved.map((c) => c / sum) : chances;
}

/**
 * The expert bot: expectimax over the win model's chances (its side's chance to win; in a two-seat
 * game of the online preset, the value net's), a move deeper than strong.
 */
export function expertMove(state: GameState, moves: readonly LegalMove[]): LegalMove {
  return expertPick(state, expertChoices(state, moves)).move;
}

import type { Colour, Position } from '../colours';
import { type LegalMove, legalMoves } from '../legalMoves';
import { applyMove, applyRoll } from '../play';
import { activeSeats } from '../queries';
import type { GameState } from '../state';
import { featureTable } from '../review/features';
import { type Chances, chancesOf, finalChances, weightsFor } from '../review/winModel';
import { STRONG_WEIGHTS, relative, sideOf } from './evaluate';
import { extraRollWorth } from './strong';

/**
 * A searched position: every side's chance to win (the win model's, index `sideOf`), and what the
 * search maximises for each side. Two sides (two seats, or two teams) maximise their chance itself.
 * Three or four sides maximise the strong bot's relative worth instead (their own worth minus the
 * others' mean): measured, it plays those tables better than the chances do, whose tails flatten
 * for every side but the leader. The chances are carried along either way (the review reads them).
 */
interface Valued {
  readonly utility: readonly number[];
  readonly chances: Chances;
}

/** One choice of the seat to move: the first of the interchangeable planes that make it, its chances and utility after it. */
export interface ScoredChoice extends Valued {
  readonly move: LegalMove;
}

const WIN = 1e9;

/** The position after `seat` moved `plane` into `next`, read without looking further. */
function leaf(next: GameState, seat: Colour, plane: number): Valued {
  if (next.phase === 'over') {
    const chances = finalChances(next);
    return { chances, utility: chances.map((c) => (c > 0 ? WIN * c : -WIN)) };
  }
  const { sides, table, worths } = featureTable(next);
  const chances = chancesOf(weightsFor(next), sides, table);
  if (sides.length <= 2) return { chances, utility: chances };
  // As the strong bot scores a leaf: an extra roll earned counts for the side that rolls again.
  const own = Float64Array.from(worths);
  if (next.phase === 'roll' && next.current === seat) own[sideOf(next, seat)]! += extraRollWorth(next, seat, plane, STRONG_WEIGHTS);
  return { chances, utility: Array.from(relative({ worths: own, playing: sides })) };
}

/** After `seat` moved `plane` into `next`, looking `depth` more moves ahead (each after every roll). */
function afterMove(next: GameState, seat: Colour, plane: number, depth: number): Valued {
  if (next.phase !== 'roll' || depth === 0) return leaf(next, seat, plane);
  const chances = [0, 0, 0, 0];
  const utility = [0, 0, 0, 0];
  for (let roll = 1; roll <= 6; roll++) {
    const rolled = applyRoll(next, roll);
    if (!rolled.ok) continue;
    const after = rolled.value.state;
    const v = after.phase === 'move' ? best(after, depth) : leaf(after, seat, plane);
    for (let s = 0; s < 4; s++) {
      chances[s]! += v.chances[s]! / 6;
      utility[s]! += v.utility[s]! / 6;
    }
  }
  return { chances, utility };
}

/** Every distinct choice (planes of one colour on one square are interchangeable), searched `depth` moves deep. */
function scored(state: GameState, depth: number, moves: readonly LegalMove[]): ScoredChoice[] {
  const tried: Position[] = [];
  const out: ScoredChoice[] = [];
  for (const move of moves) {
    if (tried.includes(move.route.from)) continue;
    tried.push(move.route.from);
    const applied = applyMove(state, move.plane);
    if (applied.ok) out.push({ move, ...afterMove(applied.value.state, state.current, move.plane, depth - 1) });
  }
  return out;
}

function top(state: GameState, choices: readonly ScoredChoice[]): ScoredChoice {
  const side = sideOf(state, state.current);
  let found = choices[0]!;
  for (const c of choices) if (c.utility[side]! > found.utility[side]!) found = c;
  return found;
}

function best(state: GameState, depth: number): ScoredChoice {
  return top(state, scored(state, depth, legalMoves(state)));
}

/**
 * Moves the expert looks ahead: its own, every roll and reply of whoever moves next, then its own
 * again — but only for the choices a search one move shallower puts near the best (`deepenMargin`):
 * over 500 decisions of strong-bot games (400 at four seats) the deeper search never picked a choice
 * further behind than 1.6 points of chance (2.7 squares of worth), and the shallow search settles most
 * decisions by itself.
 */
export const EXPERT_DEPTH = 3;

/** 2 points of chance at two sides; 3 squares of relative worth at three or four. */
function deepenMargin(sides: number): number {
  return sides <= 2 ? 0.02 : 3;
}

/** The expert's search over every distinct choice of the seat to move (the review's "chance after each choice"). */
export function expertChoices(state: GameState, moves: readonly LegalMove[] = legalMoves(state)): ScoredChoice[] {
  const side = sideOf(state, state.current);
  const shallow = scored(state, EXPERT_DEPTH - 1, moves);
  const sides = new Set(activeSeats(state).map((c) => sideOf(state, c))).size;
  let high = -Infinity;
  for (const c of shallow) high = Math.max(high, c.utility[side]!);
  const close = shallow.filter((c) => c.utility[side]! >= high - deepenMargin(sides));
  if (close.length < 2) return shallow;
  const deeper = scored(state, EXPERT_DEPTH, close.map((c) => c.move));
  return shallow.map((c) => deeper.find((d) => d.move === c.move) ?? c);
}

/** The choice the expert makes among `choices` (from expertChoices): the best utility for its side. */
export function expertPick(state: GameState, choices: readonly ScoredChoice[]): ScoredChoice {
  return top(state, choices);
}

/** The expert bot: expectimax over the win model (two sides) or the strong bot's worth (more), a move deeper than strong. */
export function expertMove(state: GameState, moves: readonly LegalMove[]): LegalMove {
  return expertPick(state, expertChoices(state, moves)).move;
}

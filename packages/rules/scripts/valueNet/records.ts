import type { GameState } from '../../src';
import { sideOf } from '../../src/bots/evaluate';
import { legalMoves } from '../../src/legalMoves';
import { applyMove, applyRoll } from '../../src/play';
import { INPUT_LENGTH, netInput } from '../../src/review/netInput';
import type { Position } from '../winModel/positions';

/**
 * A sampled position waiting for a roll, and everything one roll and move can lead to from it, as net
 * inputs from the roller's point of view: what fitted value iteration needs (the target of a position
 * is the mean over the six faces of the best move's value).
 */
export interface PositionRecord {
  readonly game: number;
  /** 1 when the roller's side won the game the position comes from. */
  readonly won: 0 | 1;
  readonly input: Float32Array;
  /** Per face: the inputs after each distinct move (or after the roll when there is none), or the value of a finished game. */
  readonly faces: readonly (Float32Array | number)[];
}

const scratch = new Float64Array(INPUT_LENGTH);

function inputOf(state: GameState, me: GameState['current'], into: Float32Array, at: number): void {
  netInput(state, me, scratch);
  into.set(scratch, at);
}

export function recordOf({ state, winner, game }: Position): PositionRecord {
  const me = state.current;
  const input = new Float32Array(INPUT_LENGTH);
  inputOf(state, me, input, 0);
  const faces: (Float32Array | number)[] = [];
  for (let roll = 1; roll <= 6; roll++) {
    const rolled = applyRoll(state, roll);
    if (!rolled.ok) throw new Error(rolled.error.message);
    const after = rolled.value.state;
    const next: GameState[] = [];
    if (after.phase === 'move') {
      // Planes of one colour on one square are interchangeable: one of them is enough (as the bots).
      const tried: unknown[] = [];
      for (const move of legalMoves(after)) {
        if (tried.includes(move.route.from)) continue;
        tried.push(move.route.from);
        const moved = applyMove(after, move.plane);
        if (moved.ok) next.push(moved.value.state);
      }
    } else next.push(after);
    // A move that ends the game is the roller's win: nothing else can be better.
    if (next.some((s) => s.phase === 'over')) {
      faces.push(next.some((s) => s.result?.winners.includes(me)) ? 1 : 0);
      continue;
    }
    const block = new Float32Array(next.length * INPUT_LENGTH);
    next.forEach((s, k) => inputOf(s, me, block, k * INPUT_LENGTH));
    faces.push(block);
  }
  return { game, won: winner === sideOf(state, me) ? 1 : 0, input, faces };
}

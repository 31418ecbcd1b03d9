import { applyRoll } from '../play';
import type { GameState } from '../state';
import { type Chances, sideChances } from './winModel';

/** A roll's luck (README: "Dice luck"): what this face gave every side against the average face. */
export interface RollLuck {
  /** Points (0..100 scale) for each side (index `sideOf`): its chance after this face minus its mean over the six faces. Sums to 0. */
  readonly luck: readonly number[];
  /** The roller's side's chance after each face 1..6 (index face − 1), 0..1. */
  readonly faces: readonly number[];
}

/**
 * The luck of rolling `value` in `state` (a position waiting for that roll): every side's chance to win
 * after the roll (`sideChances`: the roller's best move by the win model) minus its average over the six
 * faces the die could have shown.
 */
export function rollLuck(state: GameState, value: number, roller: number): RollLuck {
  const mean = [0, 0, 0, 0];
  let rolled: Chances | null = null;
  const faces: number[] = [];
  for (let face = 1; face <= 6; face++) {
    const applied = applyRoll(state, face);
    const chances = applied.ok ? sideChances(applied.value.state) : [0, 0, 0, 0];
    for (let s = 0; s < 4; s++) mean[s]! += chances[s]! / 6;
    faces.push(chances[roller]!);
    if (face === value) rolled = chances;
  }
  const luck = mean.map((m, s) => 100 * ((rolled ?? mean)[s]! - m));
  return { luck, faces };
}

import type { Action } from '../actions';
import { sideOf } from '../bots/evaluate';
import type { BySeat } from '../colours';
import { createGame } from '../createGame';
import { applyRoll } from '../play';
import { replayFrom } from '../replay';
import { type Result, ok } from '../result';
import type { GameSetup, GameState } from '../state';
import type { GameReview } from './reviewGame';
import { sideChances, staticChances } from './winModel';

/**
 * Dice luck in table points rather than win chance (issue 42): a Swiss scores a seat by the seats it
 * finished ahead of, and a roll that hands the lead from one loser to another moves table points while it
 * hardly moves anyone's win chance. Read with the win model's chances p, side i finishes ahead of side j
 * with chance p_i / (p_i + p_j) (as in a Plackett–Luce order of the sides by those chances; ½ when both
 * are 0). The luck of a roll for the pair is that chance after the face rolled minus its mean over the six
 * faces: it averages 0 whoever plays, so subtracting it from a result keeps the result's expectation.
 */

/** Side i's chance to finish ahead of side j, from win chances `p` (Plackett–Luce; ½ when neither can win). */
export function aheadChance(p: readonly number[], i: number, j: number): number {
  const sum = p[i]! + p[j]!;
  return sum > 0 ? p[i]! / sum : 0.5;
}

/**
 * Every pair of sides' luck from one roll, given each side's win chances after each face 1..6 (`faces`)
 * and the face rolled: `luck[i][j]` is i's chance to finish ahead of j after `value` minus its mean over
 * the faces. Antisymmetric; a row's sum is the roll's luck in side i's expected table points.
 */
export function pairLuckOfFaces(faces: readonly (readonly number[])[], value: number): number[][] {
  const sides = faces[0]!.length;
  return Array.from({ length: sides }, (_, i) =>
    Array.from({ length: sides }, (__, j) => {
      if (i === j) return 0;
      const mean = faces.reduce((s, p) => s + aheadChance(p, i, j), 0) / faces.length;
      return aheadChance(faces[value - 1]!, i, j) - mean;
    }),
  );
}

/** Each side's win chances after each face 1..6 of a position waiting for a roll (the roller's best move by the win model, as `rollLuck`). */
export function faceChances(state: GameState): number[][] {
  return [1, 2, 3, 4, 5, 6].map((face) => {
    const applied = applyRoll(state, face);
    return applied.ok ? [...sideChances(applied.value.state)] : [0, 0, 0, 0];
  });
}

/** The luck of rolling `value` in `state` for every pair of sides (`pairLuckOfFaces` of `faceChances`). */
export const rollPairLuck = (state: GameState, value: number): number[][] => pairLuckOfFaces(faceChances(state), value);

/**
 * The dice's part of a finished game, by seat, as a tournament's luck-free ranking reads it: each seat's
 * win-chance luck (the review's `dice`: what every roll did to its side's chance, points) and `pairLuck[a][b]`,
 * what every roll did to a's chance to finish ahead of b (`rollPairLuck`, summed; antisymmetric); and where
 * each stood at the end (`end`), which the ratings compare two seats that did not win by.
 */
export interface GameLuck {
  readonly luck: BySeat<number>;
  readonly pairLuck: BySeat<BySeat<number>>;
  /** Where each seat's side stood when the game ended (`endShares`); absent from reviews stored before it was read. */
  readonly end?: BySeat<number>;
}

/**
 * The sides that did not win a finished game, by the win model's reading of its last position as if play
 * went on: shares of 1 among them (the winners' 0), index `sideOf`. Who was closest to winning when it
 * ended — finer than planes home, which the last rolls tip one way or the other.
 */
export function endShares(state: GameState): number[] {
  const chances = staticChances({ ...state, phase: 'roll' });
  const winners = new Set((state.result?.winners ?? []).map((c) => sideOf(state, c)));
  const rest = chances.map((p, side) => (winners.has(side) ? 0 : p));
  const sum = rest.reduce((a, b) => a + b, 0);
  return rest.map((p) => (sum > 0 ? p / sum : 0));
}

/** A reviewed game's `GameLuck`: its log replayed, six more readings of the win model a roll. */
export function gameLuck(setup: GameSetup, actions: readonly Action[], review: Pick<GameReview, 'seats'>): Result<GameLuck> {
  const created = createGame(setup);
  if (!created.ok) return created;
  const bySide = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  const replayed = replayFrom(created.value, actions, (before, action) => {
    if (action.type !== 'roll' || before.phase !== 'roll' || action.seat !== before.current) return;
    rollPairLuck(before, action.value).forEach((row, a) => row.forEach((l, b) => (bySide[a]![b]! += l)));
  });
  if (!replayed.ok) return replayed;
  const state = replayed.value;
  const luck: BySeat<number> = {};
  const pairLuck: BySeat<BySeat<number>> = {};
  for (const seat of review.seats) luck[seat.colour] = seat.dice;
  for (const a of state.seats) {
    const row: BySeat<number> = (pairLuck[a] = {});
    for (const b of state.seats) row[b] = bySide[sideOf(state, a)]![sideOf(state, b)]!;
  }
  const shares = endShares(state);
  const end: BySeat<number> = {};
  for (const seat of state.seats) end[seat] = shares[sideOf(state, seat)]!;
  return ok({ luck, pairLuck, end });
}

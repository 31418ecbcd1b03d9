import { type Colour, seatIndex, teamOf } from '../colours';
import { boardOf } from '../board';
import { isRing } from '../geometry';
import { activeSeats } from '../queries';
import type { GameState } from '../state';
import { type RiskTable, riskTable } from './threats';
import { type Worths, planeWorth, shortcutsAhead } from './worth';

/** Every weight of the strong bot's evaluation, in squares of progress, so tournaments can compare variants. */
export interface StrongWeights {
  /** Take-off worth (see `Worths`) when two sides play: two seats, or two teams. */
  readonly takeoffDuel: number;
  /** Take-off worth with three or four sides (measured: a plane out counts for less among more rivals). */
  readonly takeoffCrowd: number;
  /** See `Worths`. */
  readonly lane: number;
  /** See `Worths`. */
  readonly finish: number;
  /** Worth of one extra roll. */
  readonly extraRoll: number;
}

export const STRONG_WEIGHTS: StrongWeights = {
  takeoffDuel: 20,
  takeoffCrowd: 8,
  lane: 2,
  finish: 9,
  extraRoll: 4,
};

/** The plane worths that apply at this table. */
export function worthsAt(state: GameState, w: StrongWeights): Worths {
  const takeoff = state.teams || activeSeats(state).length === 2 ? w.takeoffDuel : w.takeoffCrowd;
  return { takeoff, lane: w.lane, finish: w.finish };
}

/** A seat, or a team in team mode: the index of `Values`. */
export function sideOf(state: GameState, colour: Colour): number {
  return state.teams ? teamOf(colour) : seatIndex(colour);
}

/** One value per side (index `sideOf`), each from that side's own point of view. */
export type Values = number[];

/** Each side's expected plane worth (index `sideOf`), and the sides still playing. */
export interface SideWorths {
  readonly worths: number[];
  readonly playing: readonly number[];
}

/** The risks sideWorths reads when the caller has none (read at once, so one table serves every call). */
const SCRATCH: RiskTable = new Float64Array(16);

/**
 * Every side's expected plane worth in `state` (any state, whoever is to move): each plane on the
 * ring is discounted by the chance it is captured before its side moves again (`risks`, computed
 * here unless the caller has them).
 */
export function sideWorths(state: GameState, w: StrongWeights, risks: RiskTable = riskTable(state, boardOf(state), SCRATCH)): SideWorths {
  const ahead = shortcutsAhead(state);
  const perPlane = worthsAt(state, w);
  // Plain arrays: a typed array costs more to allocate than this whole loop (it runs at every leaf).
  const worths = [0, 0, 0, 0];
  const playing: number[] = [];
  for (const c of activeSeats(state)) {
    const side = sideOf(state, c);
    if (!playing.includes(side)) playing.push(side);
    const base = seatIndex(c) * 4;
    const planes = state.planes[c] ?? [];
    for (let i = 0; i < planes.length; i++) {
      const p = planes[i]!;
      const worth = planeWorth(p, ahead, perPlane);
      worths[side]! += typeof p === 'number' && isRing(p) ? worth * (1 - risks[base + i]!) : worth;
    }
  }
  return { worths, playing };
}

/**
 * Each playing side's value from its own point of view: its worth minus the average of the other
 * sides' — so a capture is worth the same to whoever makes it, and team-mates add up.
 */
export function relative({ worths, playing }: SideWorths): Values {
  let total = 0;
  for (const s of playing) total += worths[s]!;
  const others = playing.length - 1;
  const values = [0, 0, 0, 0];
  for (const s of playing) values[s] = others > 0 ? worths[s]! - (total - worths[s]!) / others : worths[s]!;
  return values;
}

/** Every side's value in `state`, each from its own point of view. */
export function evaluateSides(state: GameState, w: StrongWeights): Values {
  return relative(sideWorths(state, w));
}

/** How good `state` is for `me`: my side's worth minus the other sides' average (see `sideWorths`). */
export function evaluate(state: GameState, me: Colour, w: StrongWeights = STRONG_WEIGHTS): number {
  return evaluateSides(state, w)[sideOf(state, me)]!;
}

import { boardOf } from '../board';
import { seatIndex } from '../colours';
import { FINISH, LANE_START, LAUNCH } from '../geometry';
import { activeSeats } from '../queries';
import type { GameState } from '../state';
import { STRONG_WEIGHTS, sideOf, sideWorths } from '../bots/evaluate';
import { type RiskTable, riskTable } from '../bots/threats';

/**
 * What the win model reads of a position, one row per side still playing (a seat, or a team): the
 * strong bot's evaluation of the side (its risk-discounted plane worth, evaluate.ts), where its planes
 * stand and what they risk (the strong bot's capture risks, threats.ts). One weight vector serves every side, and the chances are a softmax over the
 * sides' scores (winModel.ts).
 *
 * `stage` = √(248 / mean squares the sides still have to go) − 1: 0 at the start, growing towards the
 * end, where the same lead is worth more.
 */
export const FEATURE_NAMES = [
  'worth / 50',
  'worth / 50 × stage',
  'to move',
  'to move × stage',
  'planes home',
  'planes home × stage',
  'planes in the hangar',
  'planes in the hangar × stage',
  'planes in the home lane',
  'planes on the launch square',
  'planes on ring 1-13',
  'planes on ring 14-26',
  'planes on ring 27-39',
  'planes on ring 40-50',
  'capture risk (planes)',
  'capture risk × progress / 50',
] as const;
export const FEATURE_COUNT = FEATURE_NAMES.length;

/** Squares still to go for a plane (the hangar counts a take-off's wait on top of the whole way). */
const HANGAR_TO_GO = 62;
const START_TO_GO = 4 * HANGAR_TO_GO;

export interface SideRows {
  /** The sides still playing (index `sideOf`), in seat order. */
  readonly sides: readonly number[];
  /** One feature row per entry of `sides`. */
  readonly rows: readonly Float64Array[];
}

/**
 * The shared table `featureTable` fills: row a (the side `sides[a]`) at a × FEATURE_COUNT. One table for
 * every call: features are read at every leaf of the expert's search, where allocating was a third of
 * the time.
 */
const TABLE = new Float64Array(4 * FEATURE_COUNT);
const RISKS: RiskTable = new Float64Array(16);

/** Every side still playing, its features in the shared table (valid until the next call), and the game's stage. */
export function featureTable(state: GameState): {
  readonly sides: readonly number[];
  readonly table: Float64Array;
  readonly stage: number;
} {
  const seats = activeSeats(state);
  const sides: number[] = [];
  for (const c of seats) {
    const s = sideOf(state, c);
    if (!sides.includes(s)) sides.push(s);
  }
  TABLE.fill(0);
  const risks = riskTable(state, boardOf(state), RISKS);
  let sum = 0;
  for (const c of seats) {
    const at = sides.indexOf(sideOf(state, c)) * FEATURE_COUNT;
    const base = seatIndex(c) * 4;
    const planes = state.planes[c] ?? [];
    for (let i = 0; i < planes.length; i++) {
      const p = planes[i]!;
      sum += p === 'hangar' ? HANGAR_TO_GO : FINISH - p;
      if (p === 'hangar') TABLE[at + 6]! += 1;
      else if (p === FINISH) TABLE[at + 4]! += 1;
      else if (p >= LANE_START) TABLE[at + 8]! += 1;
      else if (p === LAUNCH) TABLE[at + 9]! += 1;
      else {
        TABLE[at + 10 + Math.min(3, Math.floor((p - 1) / 13))]! += 1;
        TABLE[at + 14]! += risks[base + i]!;
        TABLE[at + 15]! += (risks[base + i]! * p) / 50;
      }
    }
  }
  const stage = Math.sqrt(START_TO_GO / Math.max(sum / sides.length, 8)) - 1;
  const toMove = sideOf(state, state.current);
  const { worths } = sideWorths(state, STRONG_WEIGHTS, risks);
  for (let a = 0; a < sides.length; a++) {
    const at = a * FEATURE_COUNT;
    const s = sides[a]!;
    TABLE[at] = worths[s]! / 50;
    TABLE[at + 1] = TABLE[at]! * stage;
    if (s === toMove) {
      TABLE[at + 2] = 1;
      TABLE[at + 3] = stage;
    }
    TABLE[at + 5] = TABLE[at + 4]! * stage;
    TABLE[at + 7] = TABLE[at + 6]! * stage;
  }
  return { sides, table: TABLE, stage };
}

/** The feature rows of every side still playing, as rows of their own (the fitting script keeps them). */
export function sideFeatures(state: GameState): SideRows {
  const { sides, table } = featureTable(state);
  return { sides, rows: sides.map((_, a) => table.slice(a * FEATURE_COUNT, (a + 1) * FEATURE_COUNT)) };
}

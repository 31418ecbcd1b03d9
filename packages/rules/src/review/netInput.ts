import type { Colour, Position } from '../colours';
import { FINISH, LANE_START, LAUNCH } from '../geometry';
import { activeSeats } from '../queries';
import type { GameState } from '../state';
import { FEATURE_COUNT, FEATURE_NAMES, featureTable } from './features';

/**
 * What the value net (valueNet.ts) reads of a two-seat position, from one seat's point of view: the
 * win model's features (features.ts) and a few more, each as this seat's minus the other's (`dense`),
 * then where each of the eight planes stands (`codes`: 0 the hangar, 1 + progress on the board) — the
 * net's hidden layer learns what squares are worth and what the planes do to each other there.
 */
export const EXTRA_NAMES = [
  'planes on lane 51',
  'planes on lane 52',
  'planes on lane 53',
  'planes on lane 54',
  'planes on lane 55',
  ...Array.from({ length: 10 }, (_, b) => `planes on ring ${5 * b + 1}-${5 * b + 5}`),
  'stacks (squares with two or more own planes)',
  'all planes in the hangar',
  'one plane left to arrive',
  'slowest plane: squares to go / 62',
  'slowest plane × stage',
  'planes on the launch square × stage',
  'planes in the home lane × stage',
] as const;
export const DENSE_NAMES = [...FEATURE_NAMES, ...EXTRA_NAMES] as const;
export const DENSE_COUNT = DENSE_NAMES.length;
/** Planes per seat the input has room for (a preset with fewer leaves the rest in the hangar code). */
export const NET_PLANES = 4;
/** Codes of a plane: the hangar, then progress 0..56. */
export const CODE_COUNT = FINISH + 2;
/** One input: `DENSE_COUNT` differences, then the seat's plane codes, then the other seat's. */
export const INPUT_LENGTH = DENSE_COUNT + 2 * NET_PLANES;

/** The slowest plane's squares to go are read over this (a plane in the hangar: its take-off's wait and the whole way, as features.ts). */
const HANGAR_TO_GO = 62;
const codeOf = (p: Position): number => (p === 'hangar' ? 0 : p + 1);

const extras = [new Float64Array(EXTRA_NAMES.length), new Float64Array(EXTRA_NAMES.length)];

/** The extra facts of one seat's planes into `row`. */
function extraFacts(planes: readonly Position[], stage: number, row: Float64Array): void {
  row.fill(0);
  let hangar = 0;
  let home = 0;
  let slowest = 0;
  let lane = 0;
  let launch = 0;
  for (let i = 0; i < planes.length; i++) {
    const p = planes[i]!;
    if (p !== FINISH) slowest = Math.max(slowest, p === 'hangar' ? HANGAR_TO_GO : FINISH - p);
    if (p === 'hangar') hangar++;
    else if (p === FINISH) home++;
    else if (p >= LANE_START) {
      row[p - LANE_START]! += 1;
      lane++;
    } else if (p === LAUNCH) launch++;
    else {
      row[5 + Math.floor((p - 1) / 5)]! += 1;
      // A square counts once, at its second plane.
      let before = 0;
      for (let j = 0; j < i; j++) if (planes[j] === p) before++;
      if (before === 1) row[15]! += 1;
    }
  }
  row[16] = hangar === planes.length ? 1 : 0;
  row[17] = home === planes.length - 1 ? 1 : 0;
  row[18] = slowest / HANGAR_TO_GO;
  row[19] = row[18]! * stage;
  row[20] = launch * stage;
  row[21] = lane * stage;
}

/**
 * The net's input for a position of two seats (a two-player free-for-all), from `me`'s point of view,
 * written into `into` (`INPUT_LENGTH` long).
 */
export function netInput(state: GameState, me: Colour, into: Float64Array): void {
  const { table, stage } = featureTable(state);
  const seats = activeSeats(state);
  const mine = seats[0] === me ? 0 : 1;
  // featureTable gives its rows in seat order, as activeSeats.
  for (let a = 0; a < 2; a++) extraFacts(state.planes[seats[a]!] ?? [], stage, extras[a]!);
  const sign = mine === 0 ? 1 : -1;
  for (let j = 0; j < FEATURE_COUNT; j++) into[j] = sign * (table[j]! - table[FEATURE_COUNT + j]!);
  for (let j = 0; j < EXTRA_NAMES.length; j++) into[FEATURE_COUNT + j] = sign * (extras[0]![j]! - extras[1]![j]!);
  for (let a = 0; a < 2; a++) {
    const planes = state.planes[seats[a]!] ?? [];
    const at = DENSE_COUNT + (a === mine ? 0 : NET_PLANES);
    for (let i = 0; i < NET_PLANES; i++) into[at + i] = i < planes.length ? codeOf(planes[i]!) : 0;
  }
}

import type { BySeat, Colour, Position } from './colours';
import { FINISH } from './geometry';
import type { GameState, Phase } from './state';

export function currentSeat(state: GameState): Colour {
  return state.current;
}

export function phase(state: GameState): Phase {
  return state.phase;
}

export function planePositions(state: GameState): BySeat<Position[]> {
  const out: BySeat<Position[]> = {};
  for (const colour of state.seats) out[colour] = [...(state.planes[colour] ?? [])];
  return out;
}

/** The seat whose planes all arrived (in team games that member), or the seat left standing; else null. */
export function winner(state: GameState): Colour | null {
  return state.result?.winner ?? null;
}

export function arrivedCount(state: GameState, colour: Colour): number {
  let n = 0;
  for (const p of state.planes[colour] ?? []) if (p === FINISH) n++;
  return n;
}

/** Seats still playing, clockwise. */
export function activeSeats(state: GameState): Colour[] {
  return state.seats.filter((c) => !state.out[c]);
}

/** The team-mate in team mode, else null. */
export function mateOf(state: GameState, colour: Colour): Colour | null {
  if (!state.teams) return null;
  const i = state.seats.indexOf(colour);
  return state.seats[(i + 2) % 4] ?? null;
}

import type { BySeat, Colour, Position } from './colours';
import { FINISH } from './geometry';
import type { GameState, OutRecord, Phase } from './state';

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

/** Seats still playing (planes on the board, turns), clockwise: every seat not out, a seat that plays on after its person left included. */
export function activeSeats(state: GameState): Colour[] {
  return state.seats.filter((c) => !state.out[c]);
}

/** Seats whose person is still in the game, clockwise: neither out nor left (`leftSeatsPlayOn`). */
export function standingSeats(state: GameState): Colour[] {
  return state.seats.filter((c) => !state.out[c] && !state.left[c]);
}

/** How a seat's person left the game, if they did: its `out` record, or its `left` one when the seat plays on. */
export function leaveOf(state: GameState, colour: Colour): OutRecord | undefined {
  return state.out[colour] ?? state.left[colour];
}

/** The team-mate in team mode, else null. */
export function mateOf(state: GameState, colour: Colour): Colour | null {
  if (!state.teams) return null;
  const i = state.seats.indexOf(colour);
  return state.seats[(i + 2) % 4] ?? null;
}

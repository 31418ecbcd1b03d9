import { type Colour, type PlaneRef, seatIndex, teamOf } from './colours';
import { RING_SIZE, isRing, ringIndex } from './geometry';
import type { GameState } from './state';

/**
 * Who stands where on the shared ring, from one state. Seats that are out have no planes on the
 * board (§7). `side` makes team-mates one side in team mode.
 */
export interface Board {
  readonly ring: readonly (readonly PlaneRef[] | undefined)[];
  readonly side: (colour: Colour) => number;
}

const teamSide = (c: Colour): number => teamOf(c);
const seatSide = (c: Colour): number => seatIndex(c);

export function boardOf(state: GameState): Board {
  const ring: PlaneRef[][] = new Array(RING_SIZE);
  for (const colour of state.seats) {
    if (state.out[colour]) continue;
    const planes = state.planes[colour] ?? [];
    for (let plane = 0; plane < planes.length; plane++) {
      const p = planes[plane];
      if (typeof p !== 'number' || !isRing(p)) continue;
      const r = ringIndex(colour, p);
      (ring[r] ??= []).push({ colour, plane });
    }
  }
  return { ring, side: state.teams ? teamSide : seatSide };
}

/** Planes on ring square `r` that are opponents of `side`. */
export function opponentsAt(board: Board, r: number, side: number): PlaneRef[] {
  const here = board.ring[r];
  if (!here) return [];
  return here.filter((ref) => board.side(ref.colour) !== side);
}

/** A stack is two or more planes of one opposing player (or team) on one ring square (§4.1). */
export function hasOpponentStack(board: Board, r: number, side: number): boolean {
  const here = board.ring[r];
  if (!here || here.length < 2) return false;
  const counts = [0, 0, 0, 0];
  for (const ref of here) {
    const s = board.side(ref.colour);
    if (s !== side && ++counts[s]! >= 2) return true;
  }
  return false;
}

export function containsStack(board: Board, refs: readonly PlaneRef[]): boolean {
  const counts = [0, 0, 0, 0];
  for (const ref of refs) if (++counts[board.side(ref.colour)]! >= 2) return true;
  return false;
}

import { type Colour, seatIndex } from './colours';

/** Board geometry shared by every preset (RULES.md §1). Progress is relative to a colour. */
export const RING_SIZE = 52;
export const LAUNCH = 0;
export const ENTRY = 1;
export const TURN_IN = 50;
export const LANE_START = 51;
export const FINISH = 56;
export const FLIGHT_FROM = 18;
export const FLIGHT_TO = 30;
/** The opposite colour's lane square the dashed line crosses. */
export const CROSSING = 53;
export const JUMP = 4;

export function entryRing(colour: Colour): number {
  return 13 * seatIndex(colour);
}

export function isRing(p: number): boolean {
  return p >= ENTRY && p <= TURN_IN;
}

export function isLane(p: number): boolean {
  return p >= LANE_START && p <= FINISH;
}

/** Ring index 0..51 of progress `p` (1..50) for `colour`. */
export function ringIndex(colour: Colour, p: number): number {
  return (entryRing(colour) + p - 1) % RING_SIZE;
}

/** Progress of ring square `ring` as seen by `colour` (1..52; values above 50 are not on its path). */
export function progressOf(colour: Colour, ring: number): number {
  return ((ring - entryRing(colour) + RING_SIZE) % RING_SIZE) + 1;
}

/** The seat whose colour ring square `ring` has: seat (ring − 1) mod 4, so ring 0 is blue. */
export function ringColourSeat(ring: number): number {
  return (((ring - 1) % 4) + 4) % 4;
}

/** Own-colour ring squares are p ∈ {2, 6, …, 50}. */
export function isOwnColour(p: number): boolean {
  return p >= 2 && p <= TURN_IN && (p - 2) % 4 === 0;
}

/** Own-colour squares jump 4 — except the turn-in square, which never jumps (§3.1). */
export function isJumpSquare(p: number): boolean {
  return isOwnColour(p) && p !== TURN_IN;
}

/** Ring index of each colour's star (safe square in presets with safe squares). */
export function starRing(colour: Colour): number {
  return 13 * seatIndex(colour) + 8;
}

const SAFE_RINGS = new Set([0, 13, 26, 39, 8, 21, 34, 47]);

/** Entry squares and stars (RULES.md §1). */
export function isSafeRing(ring: number): boolean {
  return SAFE_RINGS.has(ring);
}

import { type Colour, oppositeOf, seatIndex } from '../colours';
import { type Board, hasOpponentStack } from '../board';
import { CROSSING, FLIGHT_FROM, FLIGHT_TO, JUMP, TURN_IN, isRing, progressOf, ringIndex } from '../geometry';
import { routeOf } from '../route';
import { activeSeats } from '../queries';
import type { GameState } from '../state';

/**
 * Opponents of `attacker` on its path, as its own progress (launch 0 .. turn-in 50): `planes[q]` is 1
 * where one stands, `stacks` lists where they stack. Scratch tables, refilled for each attacker (the
 * risks are read at every leaf of a search, where allocating cost more than the reading).
 */
const targetAt = new Uint8Array(64);
const stacksAt = new Int8Array(16);
let stackCount = 0;

/** Fill the target tables for `attacker`; false when nothing of an opponent is on its path. */
function markTargets(state: GameState, board: Board, seats: readonly Colour[], attacker: Colour): boolean {
  const side = board.side(attacker);
  targetAt.fill(0);
  stackCount = 0;
  let any = false;
  const blocks = state.config.stacks === 'block';
  for (const c of seats) {
    if (board.side(c) === side) continue;
    const planes = state.planes[c] ?? [];
    for (let i = 0; i < planes.length; i++) {
      const p = planes[i]!;
      if (typeof p !== 'number' || !isRing(p)) continue;
      const r = ringIndex(c, p);
      const q = progressOf(attacker, r);
      if (q > TURN_IN) continue;
      targetAt[q] = 1;
      any = true;
      if (blocks && hasOpponentStack(board, r, side)) stacksAt[stackCount++] = q;
    }
  }
  return any;
}

/**
 * Whether a plane at `at` (launch or ring) might capture with `roll`: an opponent where the dice
 * land or a jump further, at the far end of a flight (or its jump) when the dice reach the flight
 * square or the jump square before it, or a blocking stack on the way (the walk-back can end
 * anywhere near). A cheap over-approximation: it only spares asking the engine for routes that
 * cannot capture; the routes decide everything else.
 */
function mayCapture(at: number, roll: number): boolean {
  const land = at + roll;
  if (targetAt[land] || targetAt[land + JUMP]) return true;
  if ((land === FLIGHT_FROM || land === FLIGHT_FROM - JUMP) && (targetAt[FLIGHT_TO] || targetAt[FLIGHT_TO + JUMP])) return true;
  for (let i = 0; i < stackCount; i++) if (stacksAt[i]! > at && stacksAt[i]! < land) return true;
  return false;
}

/** An opponent of `attacker` on the crossing square its flight would pass (§3.3). */
function crossingOccupied(state: GameState, board: Board, attacker: Colour): boolean {
  const lane = oppositeOf(attacker);
  if (!state.config.crossing || board.side(lane) === board.side(attacker) || state.out[lane]) return false;
  return (state.planes[lane] ?? []).includes(CROSSING);
}

/** Scratch tables of riskTable, by seat × 4 + plane. */
const survive = new Float64Array(16);
const hits = new Uint8Array(16);

/** Chances of being captured (see `riskTable`), by seat × 4 + plane. */
export type RiskTable = Float64Array;

/**
 * For every seated colour, the chance that each of its planes is sent home before its next turn,
 * taking one roll of every opponent as independent and assuming an opponent always takes a capture
 * it is offered. Captures come from the engine's own routes, so stacks, blocks, safe squares and
 * the crossing count as the preset has them. Written into `into` (index seat × 4 + plane): callers
 * pass a table of their own, as allocating a typed array costs a third of this function.
 */
export function riskTable(state: GameState, board: Board, into: RiskTable): RiskTable {
  const seats = activeSeats(state);
  const fromHangar = state.config.takeoffTo === 'entry';
  survive.fill(1);
  for (const attacker of seats) {
    const planes = state.planes[attacker] ?? [];
    if (!planes.some((at) => (at === 'hangar' ? fromHangar : at <= TURN_IN))) continue;
    const targets = markTargets(state, board, seats, attacker);
    const crossing = crossingOccupied(state, board, attacker);
    if (!targets && !crossing) continue;
    hits.fill(0);
    for (let plane = 0; plane < planes.length; plane++) {
      const at = planes[plane]!;
      // From the hangar only a take-off straight onto the entry square can capture.
      if (at === 'hangar' ? !fromHangar : at > TURN_IN) continue;
      for (let roll = 1; roll <= 6; roll++) {
        if (at !== 'hangar' && !crossing && !mayCapture(at, roll)) continue;
        const route = routeOf(state, board, attacker, plane, roll);
        if (!route) continue;
        for (const capture of route.captures) {
          for (const v of capture.victims) hits[seatIndex(v.colour) * 4 + v.plane]! |= 1 << roll;
        }
      }
    }
    for (let k = 0; k < 16; k++) if (hits[k]! > 0) survive[k]! *= 1 - BITS[hits[k]!]! / 6;
  }
  for (let k = 0; k < 16; k++) into[k] = 1 - survive[k]!;
  return into;
}

/** Set bits of every byte (the rolls, bits 1..6, that capture a plane). */
const BITS = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let x = b; x > 0; x >>= 1) n += x & 1;
  return n;
});

import { type BySeat, type Colour, oppositeOf, seatIndex } from '../colours';
import { type Board, hasOpponentStack } from '../board';
import { CROSSING, FLIGHT_FROM, FLIGHT_TO, JUMP, TURN_IN, isRing, progressOf, ringIndex } from '../geometry';
import { routeOf } from '../route';
import { activeSeats } from '../queries';
import type { GameState } from '../state';

/** Opponents of `attacker` on its path: the squares they stand on and the ones they stack on, as its own progress. */
interface Targets {
  readonly planes: number[];
  readonly stacks: number[];
}

function targetsOf(state: GameState, board: Board, attacker: Colour): Targets {
  const side = board.side(attacker);
  const planes: number[] = [];
  const stacks: number[] = [];
  for (const c of activeSeats(state)) {
    if (board.side(c) === side) continue;
    for (const p of state.planes[c] ?? []) {
      if (typeof p !== 'number' || !isRing(p)) continue;
      const r = ringIndex(c, p);
      const q = progressOf(attacker, r);
      if (q > TURN_IN) continue;
      planes.push(q);
      if (state.config.stacks === 'block' && hasOpponentStack(board, r, side)) stacks.push(q);
    }
  }
  return { planes, stacks };
}

/**
 * Whether a plane at `at` (launch or ring) might capture with `roll`: an opponent where the dice
 * land or a jump further, at the far end of a flight (or its jump) when the dice reach the flight
 * square or the jump square before it, or a blocking stack on the way (the walk-back can end
 * anywhere near). A cheap over-approximation: it only spares asking the engine for routes that
 * cannot capture; the routes decide everything else.
 */
function mayCapture(at: number, roll: number, t: Targets): boolean {
  const land = at + roll;
  const jumped = land + JUMP;
  const flies = land === FLIGHT_FROM || land === FLIGHT_FROM - JUMP;
  const flown = flies ? FLIGHT_TO : -1;
  const flownJumped = flies ? FLIGHT_TO + JUMP : -1;
  for (const q of t.planes) if (q === land || q === jumped || q === flown || q === flownJumped) return true;
  for (const q of t.stacks) if (q > at && q < land) return true;
  return false;
}

/** An opponent of `attacker` on the crossing square its flight would pass (§3.3). */
function crossingOccupied(state: GameState, board: Board, attacker: Colour): boolean {
  const lane = oppositeOf(attacker);
  if (!state.config.crossing || board.side(lane) === board.side(attacker) || state.out[lane]) return false;
  return (state.planes[lane] ?? []).includes(CROSSING);
}

/** Scratch tables of captureRisks, by seat × 4 + plane: allocated once (it runs at every leaf of a search). */
const survive = new Float64Array(16);
const hits = new Uint8Array(16);

/**
 * For every seated colour, the chance that each of its planes is sent home before its next turn,
 * taking one roll of every opponent as independent and assuming an opponent always takes a capture
 * it is offered. Captures come from the engine's own routes, so stacks, blocks, safe squares and
 * the crossing count as the preset has them.
 */
export function captureRisks(state: GameState, board: Board): BySeat<number[]> {
  const seats = activeSeats(state);
  const fromHangar = state.config.takeoffTo === 'entry';
  survive.fill(1);
  for (const attacker of seats) {
    const targets = targetsOf(state, board, attacker);
    const crossing = crossingOccupied(state, board, attacker);
    if (targets.planes.length === 0 && !crossing) continue;
    hits.fill(0);
    const planes = state.planes[attacker] ?? [];
    for (let plane = 0; plane < planes.length; plane++) {
      const at = planes[plane]!;
      // From the hangar only a take-off straight onto the entry square can capture.
      if (at === 'hangar' ? !fromHangar : at > TURN_IN) continue;
      for (let roll = 1; roll <= 6; roll++) {
        if (at !== 'hangar' && !crossing && !mayCapture(at, roll, targets)) continue;
        const route = routeOf(state, board, attacker, plane, roll);
        if (!route) continue;
        for (const capture of route.captures) {
          for (const v of capture.victims) hits[seatIndex(v.colour) * 4 + v.plane]! |= 1 << roll;
        }
      }
    }
    for (let k = 0; k < 16; k++) if (hits[k]! > 0) survive[k]! *= 1 - bitCount(hits[k]!) / 6;
  }
  const risks: BySeat<number[]> = {};
  for (const c of seats) {
    const base = seatIndex(c) * 4;
    risks[c] = (state.planes[c] ?? []).map((_, i) => 1 - survive[base + i]!);
  }
  return risks;
}

function bitCount(bits: number): number {
  let n = 0;
  for (let b = bits; b > 0; b >>= 1) n += b & 1;
  return n;
}

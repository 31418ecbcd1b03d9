import { type Colour, type PlaneRef, type Position, oppositeOf } from './colours';
import { type Board, containsStack, hasOpponentStack, opponentsAt } from './board';
import {
  CROSSING,
  ENTRY,
  FINISH,
  FLIGHT_FROM,
  FLIGHT_TO,
  JUMP,
  LAUNCH,
  TURN_IN,
  isJumpSquare,
  isRing,
  isSafeRing,
  ringIndex,
} from './geometry';
import type { GameState } from './state';

/** A square named from one colour's point of view: ring squares by the mover, the crossing by its lane's owner. */
export interface Square {
  readonly colour: Colour;
  readonly progress: number;
}

export type SegmentKind = 'takeoff' | 'dice' | 'jump' | 'flight';

/** One piece of a route, in the order it happens (RULES.md §6). */
export type RouteSegment =
  | { readonly kind: 'takeoff'; readonly from: 'hangar'; readonly to: number }
  | {
      readonly kind: 'dice';
      readonly from: number;
      readonly to: number;
      /** Every square stepped on, in order, including a bounce or a walk-back. */
      readonly path: readonly number[];
      /** Steps walked back from the finish (`bounce`). */
      readonly bounce: number;
      /** Steps walked back from an opponent stack (`block`). */
      readonly walkBack: number;
      /** Stopped on an opponent stack with a 6 (`block`). */
      readonly sixStop: boolean;
    }
  | { readonly kind: 'jump'; readonly from: number; readonly to: number }
  | { readonly kind: 'flight'; readonly from: number; readonly to: number; readonly crossing: Square | null }
  /** A jump or flight not taken because an opponent stack is in the way (§4.1, §3.3). */
  | { readonly kind: 'blocked'; readonly special: 'jump' | 'flight'; readonly at: number; readonly by: Square };

export interface Capture {
  /** The segment whose end (or crossing) sends the planes home. */
  readonly segment: SegmentKind | 'crossing';
  readonly square: Square;
  readonly victims: readonly PlaneRef[];
  /** The moving plane goes home too (landing on a `block` stack). */
  readonly moverSentHome: boolean;
}

export interface Route {
  readonly colour: Colour;
  readonly plane: number;
  readonly roll: number;
  readonly from: Position;
  readonly segments: readonly RouteSegment[];
  readonly captures: readonly Capture[];
  /** Where the moving plane ends: 'hangar' when it was sent home (§9.11). */
  readonly final: Position;
  readonly arrived: boolean;
  readonly sixStop: boolean;
}

interface Walk {
  readonly state: GameState;
  readonly board: Board;
  readonly colour: Colour;
  readonly side: number;
  readonly segments: RouteSegment[];
  readonly captures: Capture[];
}

/**
 * The full route of one plane for one roll, or null when the plane cannot move with it. The single
 * code path used for previews and for resolving moves (§6).
 */
export function routeOf(state: GameState, board: Board, colour: Colour, plane: number, roll: number): Route | null {
  const from = state.planes[colour]?.[plane];
  if (from === undefined || from === FINISH) return null;
  const { config } = state;
  const walk: Walk = { state, board, colour, side: board.side(colour), segments: [], captures: [] };
  const done = (final: Position, sixStop = false): Route => ({
    colour,
    plane,
    roll,
    from,
    segments: walk.segments,
    captures: walk.captures,
    final,
    arrived: final === FINISH,
    sixStop,
  });

  if (from === 'hangar') {
    if (!config.takeoff.includes(roll)) return null;
    const to = config.takeoffTo === 'entry' ? ENTRY : LAUNCH;
    walk.segments.push({ kind: 'takeoff', from: 'hangar', to });
    return done(landOn(walk, 'takeoff', to) ? 'hangar' : to);
  }

  const dice = diceSteps(walk, from, roll);
  if (!dice) return null;
  walk.segments.push(dice);
  const { to } = dice;
  // A six-stop rests on the stack without capturing it (§4.1).
  if (dice.sixStop) return done(to, true);
  if (isRing(to) && landOn(walk, 'dice', to)) return done('hangar');
  if (dice.walkBack > 0 || dice.bounce > 0 || !isRing(to)) return done(to);
  return done(specials(walk, to));
}

/** The dice part of a move: straight steps, a stack walk-back or six-stop, a bounce or overshoot. */
function diceSteps(walk: Walk, from: number, roll: number): Extract<RouteSegment, { kind: 'dice' }> | null {
  const { config } = walk.state;
  if (config.stacks === 'block') {
    for (let d = 1; d < roll; d++) {
      const q = from + d;
      if (q > TURN_IN) break;
      if (!hasOpponentStack(walk.board, ringIndex(walk.colour, q), walk.side)) continue;
      const path: number[] = [];
      for (let s = from + 1; s <= q; s++) path.push(s);
      if (roll === 6) return { kind: 'dice', from, to: q, path, bounce: 0, walkBack: 0, sixStop: true };
      const back = roll - d;
      const to = Math.max(LAUNCH, q - back);
      for (let b = q - 1; b >= to; b--) path.push(b);
      // Steps actually walked back: fewer than `back` when stopped by the launch square.
      return { kind: 'dice', from, to, path, bounce: 0, walkBack: q - to, sixStop: false };
    }
  }
  const target = from + roll;
  let to = target;
  let bounce = 0;
  if (target > FINISH) {
    if (config.finish === 'exact') return null;
    if (config.finish === 'overshoot') to = FINISH;
    else {
      bounce = target - FINISH;
      to = FINISH - bounce;
    }
  }
  const path: number[] = [];
  for (let q = from + 1; q <= Math.min(target, FINISH); q++) path.push(q);
  for (let q = FINISH - 1; q >= to && bounce > 0; q--) path.push(q);
  return { kind: 'dice', from, to, path, bounce, walkBack: 0, sixStop: false };
}

/** Jumps and flights after a dice landing on `at`, chained or single (§3.1, §3.2). Returns the final square or 'hangar'. */
function specials(walk: Walk, at: number): Position {
  const { config } = walk.state;
  if (config.flight && at === FLIGHT_FROM) {
    const flown = fly(walk);
    if (flown !== FLIGHT_TO || config.special === 'single' || !config.jump) return flown;
    return jump(walk, FLIGHT_TO);
  }
  if (!config.jump || !isJumpSquare(at)) return at;
  const jumped = jump(walk, at);
  if (jumped !== FLIGHT_FROM || !config.flight || config.special === 'single') return jumped;
  return fly(walk);
}

function jump(walk: Walk, from: number): Position {
  const to = from + JUMP;
  if (walk.state.config.stacks === 'block') {
    for (let q = from + 1; q < to; q++) {
      if (hasOpponentStack(walk.board, ringIndex(walk.colour, q), walk.side)) {
        walk.segments.push({ kind: 'blocked', special: 'jump', at: from, by: { colour: walk.colour, progress: q } });
        return from;
      }
    }
  }
  walk.segments.push({ kind: 'jump', from, to });
  return landOn(walk, 'jump', to) ? 'hangar' : to;
}

function fly(walk: Walk): Position {
  const { state, colour } = walk;
  let crossing: Square | null = null;
  if (state.config.crossing) {
    const lane = oppositeOf(colour);
    const victims = crossingVictims(walk, lane);
    if (victims.length > 0) {
      crossing = { colour: lane, progress: CROSSING };
      if (victims.length >= 2 && state.config.stacks === 'block') {
        walk.segments.push({ kind: 'blocked', special: 'flight', at: FLIGHT_FROM, by: crossing });
        return FLIGHT_FROM;
      }
      walk.captures.push({ segment: 'crossing', square: crossing, victims, moverSentHome: false });
    }
  }
  walk.segments.push({ kind: 'flight', from: FLIGHT_FROM, to: FLIGHT_TO, crossing });
  return landOn(walk, 'flight', FLIGHT_TO) ? 'hangar' : FLIGHT_TO;
}

/** Opponent planes on the opposite colour's crossing square; team-mates are ignored (§3.3). */
function crossingVictims(walk: Walk, lane: Colour): PlaneRef[] {
  const { state } = walk;
  if (!state.seats.includes(lane) || state.out[lane] || walk.board.side(lane) === walk.side) return [];
  const victims: PlaneRef[] = [];
  (state.planes[lane] ?? []).forEach((p, plane) => {
    if (p === CROSSING) victims.push({ colour: lane, plane });
  });
  return victims;
}

/**
 * Resolve a segment ending on progress `p` (captures happen only at segment ends, §4). Returns true
 * when the moving plane itself is sent home.
 */
function landOn(walk: Walk, segment: SegmentKind, p: number): boolean {
  if (!isRing(p)) return false;
  const { state, board } = walk;
  const r = ringIndex(walk.colour, p);
  if (state.config.safeSquares && isSafeRing(r)) return false;
  const victims = opponentsAt(board, r, walk.side);
  if (victims.length === 0) return false;
  const moverSentHome = state.config.stacks === 'block' && containsStack(board, victims);
  walk.captures.push({ segment, square: { colour: walk.colour, progress: p }, victims, moverSentHome });
  return moverSentHome;
}

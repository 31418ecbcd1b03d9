import {
  type Action,
  COLOURS,
  CROSSING,
  type Colour,
  FINISH,
  type GameEvent,
  type GameState,
  LAUNCH,
  type LegalMove,
  type OutReason,
  type PlaneRef,
  type Position,
  type Route,
  activeSeats,
  arrivedCount,
  isLane,
  isRing,
  isSafeRing,
  mateOf,
  movesFor,
  oppositeOf,
  ringIndex,
  standingSeats,
  teamOf,
} from '../../src';

/** A broken invariant; the game runner adds the game spec and the action index to the message. */
export class InvariantError extends Error {}

/** `what` may be a function so that messages (often JSON of whole states) are only built on failure. */
export function check(condition: boolean, what: string | (() => string)): asserts condition {
  if (!condition) throw new InvariantError(typeof what === 'string' ? what : what());
}

const show = (value: unknown): string => JSON.stringify(value);
// Globals bound once: Jest runs tests in a vm context where every global lookup is slow, and these
// helpers run several times per action.
const { isArray } = Array;
const { keys: keysOf } = Object;
const { isInteger, isNaN: isNotANumber } = Number;
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Deep equality of plain JSON-like data (states, routes, events): same keys, same values. Much faster
 * than util.isDeepStrictEqual or comparing JSON strings, which matters at a few calls per action.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return isNotANumber(a) && isNotANumber(b);
  if (isArray(a)) {
    if (!isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (isArray(b)) return false;
  const keys = keysOf(a);
  if (keys.length !== keysOf(b).length) return false;
  for (const k of keys) {
    if (!hasOwn.call(b, k) || !sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** What a side-action (resign, escape, forfeit, answers, draws) should do, worked out from the rules (§7). */
export type SideOutcome =
  | { readonly kind: 'error'; readonly code: string }
  | { readonly kind: 'out'; readonly seat: Colour; readonly reason: OutReason }
  | { readonly kind: 'resign-requested'; readonly seat: Colour }
  | { readonly kind: 'resign-declined' }
  | { readonly kind: 'draw-offered'; readonly seat: Colour }
  | { readonly kind: 'draw-declined' }
  | { readonly kind: 'draw' };

export type SideAction = Exclude<Action, { type: 'roll' | 'move' }>;

export function expectedOutcome(state: GameState, action: SideAction): SideOutcome {
  const { seat } = action;
  const error = (code: string): SideOutcome => ({ kind: 'error', code });
  if (!state.seats.includes(seat) || state.out[seat]) return error('ERR_NOT_IN_GAME');
  // A seat playing on after its person left has no one to leave, offer or answer for it.
  if (state.left[seat]) return error('ERR_NOT_ALLOWED');
  switch (action.type) {
    case 'resign': {
      if (state.rolls < state.config.resignAfterRolls) return error('ERR_RESIGN_TOO_EARLY');
      const mate = mateOf(state, seat);
      if (!mate || state.out[mate] || state.left[mate]) return { kind: 'out', seat, reason: 'resign' };
      return state.pendingResign ? error('ERR_NOT_ALLOWED') : { kind: 'resign-requested', seat };
    }
    case 'answer-resign': {
      const asking = state.pendingResign;
      if (!asking || mateOf(state, asking) !== seat) return error('ERR_NOTHING_PENDING');
      return action.accept ? { kind: 'out', seat: asking, reason: 'resign' } : { kind: 'resign-declined' };
    }
    case 'escape':
    case 'forfeit':
      return { kind: 'out', seat, reason: action.type };
    case 'offer-draw':
      if (!state.config.drawByAgreement || state.drawOffer) return error('ERR_NOT_ALLOWED');
      return { kind: 'draw-offered', seat };
    case 'answer-draw':
      if (!state.drawOffer || state.drawOffer === seat) return error('ERR_NOTHING_PENDING');
      return action.accept ? { kind: 'draw' } : { kind: 'draw-declined' };
  }
}

const sideOf = (state: GameState, c: Colour): number => (state.teams ? teamOf(c) : COLOURS.indexOf(c));
/** How many sides (seats, or teams) still have a seat whose person is in the game. */
const standingSides = (state: GameState): number => new Set(standingSeats(state).map((c) => sideOf(state, c))).size;

/** The next seat clockwise after `from` that is still playing in `state`. */
function nextActive(state: GameState, from: Colour): Colour {
  const i = state.seats.indexOf(from);
  for (let k = 1; k <= state.seats.length; k++) {
    const c = state.seats[(i + k) % state.seats.length]!;
    if (!state.out[c]) return c;
  }
  throw new InvariantError('no seat is playing');
}

const isPosition = (p: unknown): boolean => p === 'hangar' || (isInteger(p) && (p as number) >= LAUNCH && (p as number) <= FINISH);

/** Invariants of every reachable state; `legal` is `legalMoves(state)`. */
export function checkState(state: GameState, legal: readonly LegalMove[]): void {
  const { config } = state;
  const listed = keysOf(state.planes).sort();
  check(sameData(listed, [...state.seats].sort()), () => `planes listed for ${show(listed)}, seats are ${show(state.seats)}`);
  for (const c of state.seats) {
    const planes = state.planes[c]!;
    check(planes.length === config.planes, () => `${c} has ${planes.length} planes, expected ${config.planes}`);
    check(planes.every(isPosition), () => `${c} has a plane off its path: ${show(planes)}`);
    if (state.out[c])
      check(
        planes.every((p) => p === 'hangar' || p === FINISH),
        () => `${c} is out but has planes on the board: ${show(planes)}`,
      );
    if (state.left[c]) {
      check(config.leftSeatsPlayOn, () => `${c} plays on after leaving without leftSeatsPlayOn`);
      check(!state.out[c], () => `${c} is both out and playing on`);
    }
  }
  check((state.phase === 'over') === (state.result !== null), () => `phase ${state.phase} with result ${show(state.result)}`);
  if (state.phase === 'move') {
    check(isInteger(state.roll) && state.roll! >= 1 && state.roll! <= 6, () => `move phase with roll ${state.roll}`);
    check(legal.length > 0, 'move phase without a legal move');
    check(
      legal.every((m, i) => legal.findIndex((n) => n.plane === m.plane) === i),
      'legalMoves lists a plane twice',
    );
    // legalMoves may answer from a cache: it must agree with a fresh computation.
    check(sameData(legal, movesFor(state, state.current, state.roll!)), 'legalMoves disagrees with movesFor for the same state');
  } else {
    check(state.roll === null, () => `phase ${state.phase} keeps roll ${state.roll}`);
    check(legal.length === 0, () => `legalMoves not empty in phase ${state.phase} (§9.11)`);
  }
  if (state.phase !== 'over') {
    check(state.seats.includes(state.current) && !state.out[state.current], () => `current seat ${state.current} is not playing`);
    for (const c of state.seats) check(arrivedCount(state, c) < config.planes, () => `${c} has every plane home but the game goes on`);
    check(standingSides(state) >= 2, 'the game goes on with one side left standing');
    return;
  }
  const result = state.result!;
  if (result.reason === 'draw') {
    check(result.winner === null && result.winners.length === 0, () => `a draw with winners ${show(result)}`);
    return;
  }
  check(result.winner !== null, () => `game over (${result.reason}) without a winner`);
  const mate = mateOf(state, result.winner!);
  check(
    sameData(result.winners, mate ? [result.winner, mate] : [result.winner]),
    () => `winners ${show(result.winners)} for winner ${result.winner}`,
  );
  if (result.reason === 'finish') {
    check(
      arrivedCount(state, result.winner!) === config.planes,
      () => `${result.winner} won by finishing with ${show(state.planes[result.winner!])}`,
    );
  }
}

interface Change {
  readonly colour: Colour;
  readonly plane: number;
  readonly from: Position;
  readonly to: Position;
}

function changes(prev: GameState, next: GameState): Change[] {
  const out: Change[] = [];
  for (const colour of prev.seats) {
    const before = prev.planes[colour]!;
    const after = next.planes[colour]!;
    before.forEach((from, plane) => {
      if (after[plane] !== from) out.push({ colour, plane, from, to: after[plane]! });
    });
  }
  return out;
}

const refKey = (r: PlaneRef): string => `${r.colour}#${r.plane}`;
const sameRefs = (a: readonly PlaneRef[], b: readonly PlaneRef[]): boolean => sameData(a.map(refKey).sort(), b.map(refKey).sort());

/** Invariants linking a state, an applied action and the next state. `route` is the legal route offered for a move. */
export function checkTransition(prev: GameState, action: Action, next: GameState, events: readonly GameEvent[], route?: Route): void {
  check(next.version === prev.version + 1, () => `version ${prev.version} → ${next.version}`);
  check(sameData(next.seats, prev.seats) && next.teams === prev.teams, 'the table changed');
  // What a seat that plays on was scored with when its person left never changes.
  for (const c of prev.seats) if (prev.left[c]) check(sameData(next.left[c], prev.left[c]), () => `${c}'s record of leaving changed`);
  if (action.type === 'roll') checkRoll(prev, action.value, next, events);
  else if (action.type === 'move') checkMove(prev, next, events, route!);
  else checkSideAction(prev, action, next);
}

function checkRoll(prev: GameState, value: number, next: GameState, events: readonly GameEvent[]): void {
  check(next.rolls === prev.rolls + 1, () => `rolls ${prev.rolls} → ${next.rolls}`);
  const seat = prev.current;
  const moved = changes(prev, next);
  const penalty = events.find((e) => e.type === 'three-sixes');
  if (penalty) {
    check(
      prev.config.threeSixes !== 'none' && prev.sixes === 2 && value === 6,
      () => `three-sixes penalty after ${prev.sixes} sixes and a ${value}`,
    );
    check(
      moved.every((c) => c.colour === seat && c.to === 'hangar'),
      () => `three-sixes moved ${show(moved)}`,
    );
    check(sameRefs(moved, penalty.sentHome), () => `three-sixes sent ${show(penalty.sentHome)} home but ${show(moved)} changed`);
  } else check(moved.length === 0, () => `a roll moved planes: ${show(moved)}`);
  if (next.phase === 'move') {
    check(next.current === seat && next.roll === value, () => `after rolling ${value} ${next.current} must move it, roll is ${next.roll}`);
  } else {
    check(next.phase === 'roll', () => `a roll ended the game: ${show(next.result)}`);
    check(next.current === nextActive(prev, seat), () => `turn passed from ${seat} to ${next.current}`);
  }
}

function checkMove(prev: GameState, next: GameState, events: readonly GameEvent[], route: Route): void {
  const seat = prev.current;
  const { config } = prev;
  const movedEvent = events.find((e) => e.type === 'moved');
  check(movedEvent !== undefined && sameData(movedEvent.route, route), 'the move resolved a different route than legalMoves offered (§6)');
  check(
    next.planes[seat]![route.plane] === route.final,
    () => `plane ${route.plane} ended on ${next.planes[seat]![route.plane]}, route says ${route.final}`,
  );
  check(
    (route.final === 'hangar') === route.captures.some((c) => c.moverSentHome),
    () => `route.final ${route.final} disagrees with its captures`,
  );
  const flew = route.segments.some((s) => s.kind === 'flight');
  const captured = changes(prev, next).filter((c) => !(c.colour === seat && c.plane === route.plane));
  for (const c of captured) {
    const where = `${c.colour} plane ${c.plane} on ${show(c.from)}`;
    check(c.to === 'hangar', () => `${where} moved to ${c.to} during ${seat}'s move`);
    check(sideOf(prev, c.colour) !== sideOf(prev, seat), () => `${seat} captured its own side's ${where}`);
    check(typeof c.from === 'number' && c.from !== LAUNCH && c.from !== FINISH, () => `${where} cannot be captured`);
    const p = c.from as number;
    if (isRing(p)) {
      check(!(config.safeSquares && isSafeRing(ringIndex(c.colour, p))), () => `${where} was captured on a safe square`);
    } else {
      check(
        isLane(p) && p === CROSSING && c.colour === oppositeOf(seat) && config.crossing && flew,
        () => `${where} was captured in its lane`,
      );
    }
  }
  const victims = route.captures.flatMap((cap) => cap.victims);
  check(sameRefs(victims, captured), () => `the route captures ${show(victims)} but ${show(captured)} went home`);
  for (const cap of route.captures) checkCaptureSquare(prev, route, cap, flew);

  if (next.phase === 'over') return;
  const extra = route.roll === 6 || (victims.length > 0 && config.extraRollOnCapture) || (route.arrived && config.extraRollOnArrival);
  const expected = extra ? seat : nextActive(prev, seat);
  check(
    next.current === expected && next.phase === 'roll',
    () => `after the move ${next.current} (${next.phase}) plays, expected ${expected}`,
  );
}

/** A capture happens only at the end of a segment (§4) or on the crossing square during a flight (§3.3). */
function checkCaptureSquare(prev: GameState, route: Route, cap: Route['captures'][number], flew: boolean): void {
  const seat = route.colour;
  if (cap.segment === 'crossing') {
    check(flew && sameData(cap.square, { colour: oppositeOf(seat), progress: CROSSING }), () => `crossing capture on ${show(cap.square)}`);
    for (const v of cap.victims)
      check(prev.planes[v.colour]![v.plane] === CROSSING, () => `crossing victim ${refKey(v)} was not on the crossing square`);
    return;
  }
  const p = cap.square.progress;
  check(cap.square.colour === seat && isRing(p), () => `capture off the ring: ${show(cap.square)}`);
  check(!(prev.config.safeSquares && isSafeRing(ringIndex(seat, p))), () => `capture on safe square ${show(cap.square)}`);
  const ends = route.segments.some((s) => s.kind === cap.segment && 'to' in s && s.to === p);
  check(ends, () => `capture on ${p} where no ${cap.segment} segment ends`);
  for (const v of cap.victims) {
    const at = prev.planes[v.colour]![v.plane];
    check(
      typeof at === 'number' && isRing(at) && ringIndex(v.colour, at) === ringIndex(seat, p),
      () => `victim ${refKey(v)} on ${at} is not on ${show(cap.square)}`,
    );
  }
}

function checkSideAction(prev: GameState, action: SideAction, next: GameState): void {
  const outcome = expectedOutcome(prev, action);
  check(outcome.kind !== 'error', () => `${action.type} was accepted, expected ${show(outcome)}`);
  const moved = changes(prev, next);
  if (outcome.kind !== 'out') {
    check(moved.length === 0, () => `${action.type} moved planes: ${show(moved)}`);
    check(next.rolls === prev.rolls, () => `${action.type} changed the roll count`);
    if (outcome.kind === 'draw') {
      check(next.result?.reason === 'draw', () => `an accepted draw ended as ${show(next.result)}`);
      return;
    }
    check(next.current === prev.current && next.phase === prev.phase && next.roll === prev.roll, () => `${action.type} changed the turn`);
    if (outcome.kind === 'resign-requested') check(next.pendingResign === outcome.seat, () => `pendingResign is ${next.pendingResign}`);
    if (outcome.kind === 'resign-declined') check(next.pendingResign === null, 'a declined resignation is still pending');
    if (outcome.kind === 'draw-offered') check(next.drawOffer === outcome.seat, () => `drawOffer is ${next.drawOffer}`);
    if (outcome.kind === 'draw-declined') check(next.drawOffer === null, 'a declined draw offer is still pending');
    return;
  }
  checkOut(prev, outcome.seat, outcome.reason, next, moved);
}

/**
 * A seat leaves (§7): its planes leave the board; one side left standing ends the game, else the turn
 * moves on if it was theirs. With `leftSeatsPlayOn`, while two sides still stand, the seat plays on
 * instead: planes, turn and phase unchanged, its arrived planes and collisions recorded.
 */
function checkOut(prev: GameState, seat: Colour, reason: OutReason, next: GameState, moved: readonly Change[]): void {
  const record = { reason, arrived: arrivedCount(prev, seat), atRoll: prev.rolls };
  const asking = prev.pendingResign;
  if (asking === seat || (asking && mateOf(prev, asking) === seat))
    check(next.pendingResign === null, () => `${asking}'s resignation is still pending`);
  check(next.drawOffer === null, 'a draw offer outlived a seat leaving');
  const standing = standingSeats(next);
  check(!standing.includes(seat), () => `${seat} left but still stands`);
  const sides = standingSides(next);
  if (prev.config.leftSeatsPlayOn && sides >= 2) {
    const collisions = prev.collisions[seat] ?? { sent: 0, lost: 0 };
    check(sameData(next.left[seat], { ...record, collisions }), () => `${seat} left with ${show(next.left[seat])}`);
    check(next.out[seat] === undefined, () => `${seat} plays on but is out`);
    check(moved.length === 0, () => `${seat} leaving to play on moved ${show(moved)}`);
    check(
      next.current === prev.current && next.phase === prev.phase && next.roll === prev.roll,
      () => `${seat} left to play on and the turn changed`,
    );
    return;
  }
  check(sameData(next.out[seat], record), () => `${seat} left with ${show(next.out[seat])}, expected ${show(record)}`);
  check(next.left[seat] === undefined, () => `${seat} is out but plays on`);
  check(
    moved.every((c) => c.colour === seat && c.to === 'hangar' && c.from !== FINISH),
    () => `${seat} leaving moved ${show(moved)}`,
  );
  if (sides <= 1) {
    const result = next.result;
    check(result !== null && result.reason === reason, () => `one side is left after ${seat}'s ${reason}, result ${show(result)}`);
    const winner = result.winner!;
    check(standing.includes(winner), () => `winner ${winner} is not among the seats left standing ${show(standing)}`);
    check(
      standing.every((c) => arrivedCount(next, c) <= arrivedCount(next, winner)),
      () => `winner ${winner} has fewer planes home than another seat left standing`,
    );
    return;
  }
  check(activeSeats(next).length === standing.length, 'a seat plays on after leaving without leftSeatsPlayOn');
  if (prev.current === seat) {
    check(
      next.current === nextActive(next, seat) && next.phase === 'roll',
      () => `${seat} left on its turn, then ${next.current} (${next.phase}) plays`,
    );
  } else {
    check(next.current === prev.current && next.phase === prev.phase && next.roll === prev.roll, () => `${seat} left and the turn changed`);
  }
}

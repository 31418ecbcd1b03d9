import {
  type Action,
  type BySeat,
  type Colour,
  type ErrorCode,
  type GameEvent,
  type GameSetup,
  type GameState,
  type Position,
  type PresetName,
  PRESETS,
  type ScoreOptions,
  type SeatScore,
  applyAction,
  createGame,
  currentSeat,
  phase,
  planePositions,
  progressOf,
  ringIndex,
  scoreGame,
  winner,
} from '../src';

/** Shared helpers for the rule-fixture tables (RULES.md clause by clause). */

export const H = 'hangar' as const;
export const ALL4: readonly Colour[] = ['red', 'green', 'yellow', 'blue'];

/** Four planes: the given positions, the rest in the hangar. */
export function fleet(...positions: Position[]): Position[] {
  return [...positions, H, H, H, H].slice(0, Math.max(4, positions.length));
}

/** A fleet sized for `preset` (3 planes in wango-quick): the given positions, the rest in the hangar. */
export function fleetFor(preset: PresetName, ...positions: Position[]): Position[] {
  return fleet(...positions).slice(0, Math.max(PRESETS[preset].planes, positions.length));
}

/**
 * A setup with every plane placed: seats red and yellow unless `extra.seats` says otherwise, red first;
 * colours not listed in `planes` have every plane in the hangar.
 */
export function game(preset: PresetName, planes: BySeat<readonly Position[]> = {}, extra: Partial<GameSetup> = {}): GameSetup {
  const seats = extra.seats ?? ['red', 'yellow'];
  const placed = Object.fromEntries(seats.map((c) => [c, fleetFor(preset, ...(planes[c] ?? []))]));
  return { preset, firstSeat: 'red', ...extra, seats, planes: placed };
}

/** The progress of `colour` on the ring square that is progress `p` of `of` (red by default). */
export function sq(colour: Colour, p: number, of: Colour = 'red'): number {
  const q = progressOf(colour, ringIndex(of, p));
  if (q > 50) throw new Error(`${colour} never stands on ${of}'s p=${p}`);
  return q;
}

/** Where a plane of that colour stands to be on red's progress `p` (red is the mover in most rows). */
export const yellowAt = (p: number): number => sq('yellow', p);
export const greenAt = (p: number): number => sq('green', p);
export const blueAt = (p: number): number => sq('blue', p);

export const roll = (seat: Colour, value: number): Action => ({ type: 'roll', seat, value });
export const move = (seat: Colour, plane: number): Action => ({ type: 'move', seat, plane });
/** A side action of one seat (§7). */
export const act = (type: 'resign' | 'escape' | 'forfeit' | 'offer-draw', seat: Colour): Action => ({ type, seat });
export const answer = (type: 'answer-resign' | 'answer-draw', seat: Colour, accept: boolean): Action => ({ type, seat, accept });
/** A forced roll followed by the move of `plane`. */
export const rm = (seat: Colour, value: number, plane: number): Action[] => [roll(seat, value), move(seat, plane)];

/** The event that closes a move: an extra roll for the same seat, or the turn passing on. */
export const afterMove = (extra: boolean) => (extra ? (['extra-roll'] as const) : (['turn'] as const));

/** `n` rolls of 1 with nothing able to move, by the seats of `order` in turn (to count rolls for §7). */
export function idle(order: readonly Colour[], n: number): Action[] {
  return Array.from({ length: n }, (_, i) => roll(order[i % order.length]!, 1));
}
export const idleEvents = (n: number): GameEvent['type'][] =>
  Array.from({ length: n }, () => ['rolled', 'no-move', 'turn'] as const).flat();

export function create(setup: GameSetup): GameState {
  const created = createGame(setup);
  if (!created.ok) throw new Error(`createGame: ${created.error.code} ${created.error.message}`);
  return created.value;
}

/** Apply actions in order; any rejected action fails the test loudly. Returns the state and every event. */
export function play(start: GameSetup | GameState, ...actions: readonly Action[]): { state: GameState; events: GameEvent[] } {
  let state = 'version' in start ? start : create(start);
  const events: GameEvent[] = [];
  actions.forEach((action, i) => {
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(`action ${i} ${JSON.stringify(action)}: ${applied.error.code} ${applied.error.message}`);
    state = applied.value.state;
    events.push(...applied.value.events);
  });
  return { state, events };
}

/** The error code `last` is answered with after `before` applied cleanly, or 'ok'. */
export function errorOf(setup: GameSetup, before: readonly Action[], last: unknown): ErrorCode | 'ok' {
  const applied = applyAction(play(setup, ...before).state, last as Action);
  return applied.ok ? 'ok' : applied.error.code;
}

/** An action refused with `code` after `before` applied cleanly. */
export interface ErrorRow {
  readonly name: string;
  readonly setup: GameSetup;
  readonly before: readonly Action[];
  readonly action: unknown;
  readonly code: ErrorCode;
}

export function runErrorRow({ setup, before, action, code }: ErrorRow): void {
  expect(errorOf(setup, before, action)).toBe(code);
}

/** A deep partial matcher: objects match on the keys given, arrays element by element. */
export function like(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(like);
  if (value !== null && typeof value === 'object') {
    return expect.objectContaining(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, like(v)])));
  }
  return value;
}

/** Who acts next: '<seat> roll' / '<seat> move', or 'over: <winner>' ('over: draw' for no winner). */
export type Next = `${Colour} ${'roll' | 'move'}` | `over: ${Colour | 'draw'}`;

export interface Row {
  readonly name: string;
  readonly setup: GameSetup;
  readonly actions: readonly Action[];
  /** Expected planePositions of the colours listed. */
  readonly planes: BySeat<readonly Position[]>;
  /** Expected types of every event, in order. */
  readonly events: readonly GameEvent['type'][];
  /** Events that must occur, in this order (deep partial match). */
  readonly has?: readonly object[];
  readonly next: Next;
  /** Further assertions on the final state. */
  readonly then?: (state: GameState, events: readonly GameEvent[]) => void;
}

export function nextOf(state: GameState): Next {
  if (phase(state) === 'over') return `over: ${winner(state) ?? 'draw'}`;
  return `${currentSeat(state)} ${phase(state) as 'roll' | 'move'}`;
}

/** Play a row and assert its positions, events (types, then details in order) and who acts next. */
export function runRow(row: Row): void {
  const { state, events } = play(row.setup, ...row.actions);
  const positions = planePositions(state);
  for (const [colour, expected] of Object.entries(row.planes)) {
    expect({ [colour]: positions[colour as Colour] }).toEqual({ [colour]: expected });
  }
  expect(events.map((e) => e.type)).toEqual(row.events);
  let from = 0;
  for (const detail of row.has ?? []) {
    const at = events.findIndex((e, i) => i >= from && matches(e, detail));
    if (at < 0) expect(events.slice(from)).toContainEqual(like(detail));
    from = at + 1;
  }
  expect(nextOf(state)).toBe(row.next);
  row.then?.(state, events);
}

/** A §7.1 scoring row: a game played to its end, who acts next, and the scores expected. */
export interface ScoreRow {
  readonly name: string;
  readonly setup: GameSetup;
  readonly actions: readonly Action[];
  readonly next: Next;
  readonly options: ScoreOptions;
  /** Expected scores by seat (the fields given). */
  readonly seats: BySeat<Partial<SeatScore>>;
  readonly ranking?: readonly Colour[];
}

/** Play a scoring row and assert who acts next, the seats' scores and (when given) the ranking. */
export function runScoreRow({ setup, actions, next, options, seats, ranking }: ScoreRow): void {
  const { state } = play(setup, ...actions);
  expect(nextOf(state)).toBe(next);
  const scored = scoreGame(state, options);
  if (!scored.ok) throw new Error(scored.error.message);
  expect(scored.value.seats).toMatchObject(seats);
  if (ranking) expect(scored.value.ranking).toEqual(ranking);
}

/** A green plane parked on red's square 50. */
export const greenOnRed50 = sq('green', 50);
/** Red, its last plane on 44, rolls 6 onto 50 capturing a green plane parked there, then 6 home. */
export const redCapturesThenWins = [...rm('red', 6, 3), ...rm('red', 6, 3)];

function matches(actual: unknown, detail: object): boolean {
  return (like(detail) as { asymmetricMatch(other: unknown): boolean }).asymmetricMatch(actual);
}

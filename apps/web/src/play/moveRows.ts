/** The move list's rows, derived from the action stream's events: who rolled what, which plane, what came of it. */
import type { Colour, GameEvent } from '@flightchess/rules';

/** What came of a roll, in the order it happened. */
export type MoveMark = 'no-move' | 'three-sixes' | 'takeoff' | 'jump' | 'flight' | 'blocked' | 'capture' | 'crash' | 'arrive' | 'extra';

export interface MoveRow {
  readonly seat: Colour;
  readonly roll: number;
  /** The plane moved (0-based), or null when none was. */
  readonly plane: number | null;
  readonly marks: readonly MoveMark[];
  /** Planes sent home by the move. */
  readonly captured: number;
  /** The state version right after the row's last action: where a replay shows it. */
  readonly position: number;
}

/** The events that belong to the roll before them (a turn, a draw offer, a seat leaving do not). */
const FILLS: ReadonlySet<GameEvent['type']> = new Set(['no-move', 'three-sixes', 'moved', 'captured', 'arrived', 'extra-roll']);

function marksOf(event: GameEvent): MoveMark[] {
  switch (event.type) {
    case 'no-move':
      return ['no-move'];
    case 'three-sixes':
      return ['three-sixes'];
    case 'moved':
      return event.route.segments.flatMap((seg): MoveMark[] =>
        seg.kind === 'takeoff' || seg.kind === 'jump' || seg.kind === 'flight' || seg.kind === 'blocked' ? [seg.kind] : [],
      );
    case 'captured':
      return [event.capture.moverSentHome ? 'crash' : 'capture'];
    case 'arrived':
      return ['arrive'];
    case 'extra-roll':
      return ['extra'];
    default:
      return [];
  }
}

/** `rows` with one action's events added (`position`: the version after it); a roll starts a row, what follows fills it in. */
export function addMoves(rows: readonly MoveRow[], events: readonly GameEvent[], position: number): MoveRow[] {
  const next = [...rows];
  for (const event of events) {
    if (event.type === 'rolled') {
      next.push({ seat: event.seat, roll: event.value, plane: null, marks: [], captured: 0, position });
      continue;
    }
    const last = next.at(-1);
    if (!last || !FILLS.has(event.type)) continue;
    next[next.length - 1] = {
      ...last,
      plane: event.type === 'moved' ? event.plane : last.plane,
      marks: [...last.marks, ...marksOf(event)],
      captured: last.captured + (event.type === 'captured' ? event.capture.victims.length : 0),
      position,
    };
  }
  return next;
}

/** The rows of a whole game, from each action's events in order (action i leaves the game at position i + 1). */
export function moveRowsOf(actions: readonly (readonly GameEvent[])[]): MoveRow[] {
  return actions.reduce<MoveRow[]>((rows, events, i) => addMoves(rows, events, i + 1), []);
}

/** One action's events as a game in play delivers them (`position`: the version after it). */
export interface LiveMove {
  readonly events: readonly GameEvent[];
  readonly position: number;
}

/**
 * The rows of a game joined in progress: its stored history (`history`, each action's events), then the
 * updates that came while it loaded, except those the history already holds.
 */
export function rowsJoined(history: readonly (readonly GameEvent[])[], live: readonly LiveMove[]): MoveRow[] {
  return live.reduce(
    (rows, { events, position }) => (position > history.length ? addMoves(rows, events, position) : rows),
    moveRowsOf(history),
  );
}

import { type GameEvent, type GameState, applyAction } from '@flightchess/rules';
import type { ActionMessage, ClockMessage, SnapshotMessage, TurnClock } from './serverMessages';

/** What one `action` message did to the replica. */
export type StreamStep =
  /** Applied: the new state and the events it produced (to animate). */
  | { readonly kind: 'applied'; readonly state: GameState; readonly events: readonly GameEvent[] }
  /** Already applied (a snapshot covered it), or before any snapshot (the one on its way covers it): ignored. */
  | { readonly kind: 'stale' }
  /** Not applicable here (missed actions, or the engine refused it): ask for a snapshot. */
  | { readonly kind: 'gap' };

/** The clock a message states (only the deadlines that run). */
const clockOf = (m: TurnClock): TurnClock => ({
  ...((m.deadline ?? 0) > 0 && { deadline: m.deadline }),
  ...((m.answerDeadline ?? 0) > 0 && { answerDeadline: m.answerDeadline }),
});

/**
 * A client's own copy of the engine state, kept by applying the server's `action` messages with the
 * same `applyAction` the server used; a `snapshot` (on join, reconnect, or a detected gap) replaces it.
 * Each message states the turn's clock as it leaves the game: the replica keeps the newest.
 */
export class GameStream {
  private current: GameState | null = null;
  private match = '';
  private timing: TurnClock = {};

  get state(): GameState | null {
    return this.current;
  }

  /** The deadlines running at the replica's version. */
  get clock(): TurnClock {
    return this.timing;
  }

  get matchId(): string {
    return this.match;
  }

  snapshot(message: SnapshotMessage): void {
    this.match = message.matchId;
    this.current = message.state;
    this.timing = clockOf(message);
  }

  action(message: ActionMessage): StreamStep {
    const state = this.current;
    if (!state || message.version < state.version) return { kind: 'stale' };
    if (message.version > state.version) return { kind: 'gap' };
    const applied = applyAction(state, message.action);
    if (!applied.ok) return { kind: 'gap' };
    this.current = applied.value.state;
    this.timing = clockOf(message);
    return { kind: 'applied', state: applied.value.state, events: applied.value.events };
  }

  /** The clock changed at this version with no action: `applied` (the state as it was), or stale, or a gap as for an action. */
  retime(message: ClockMessage): StreamStep {
    const state = this.current;
    if (!state || message.version < state.version) return { kind: 'stale' };
    if (message.version > state.version) return { kind: 'gap' };
    this.timing = clockOf(message);
    return { kind: 'applied', state, events: [] };
  }

  /** Forget the game (the table went back to seating for a rematch). */
  clear(): void {
    this.current = null;
    this.match = '';
    this.timing = {};
  }
}

import { type GameEvent, type GameState, applyAction } from '@flightchess/rules';
import type { ActionMessage, SnapshotMessage } from './serverMessages';

/** What one `action` message did to the replica. */
export type StreamStep =
  /** Applied: the new state and the events it produced (to animate). */
  | { readonly kind: 'applied'; readonly state: GameState; readonly events: readonly GameEvent[] }
  /** Already applied (a snapshot covered it), or before any snapshot (the one on its way covers it): ignored. */
  | { readonly kind: 'stale' }
  /** Not applicable here (missed actions, or the engine refused it): ask for a snapshot. */
  | { readonly kind: 'gap' };

/**
 * A client's own copy of the engine state, kept by applying the server's `action` messages with the
 * same `applyAction` the server used; a `snapshot` (on join, reconnect, or a detected gap) replaces it.
 */
export class GameStream {
  private current: GameState | null = null;
  private match = '';

  get state(): GameState | null {
    return this.current;
  }

  get matchId(): string {
    return this.match;
  }

  snapshot(message: SnapshotMessage): void {
    this.match = message.matchId;
    this.current = message.state;
  }

  action(message: ActionMessage): StreamStep {
    const state = this.current;
    if (!state || message.version < state.version) return { kind: 'stale' };
    if (message.version > state.version) return { kind: 'gap' };
    const applied = applyAction(state, message.action);
    if (!applied.ok) return { kind: 'gap' };
    this.current = applied.value.state;
    return { kind: 'applied', state: applied.value.state, events: applied.value.events };
  }

  /**
   * The table's facts say the game is further on than this replica (their `version`) for this match:
   * an action is on its way, or was lost — if it is still so a moment later, ask for a snapshot.
   */
  behind(matchId: string, version: number): boolean {
    return this.current !== null && this.match === matchId && version > this.current.version;
  }

  /** Forget the game (the table went back to seating for a rematch). */
  clear(): void {
    this.current = null;
    this.match = '';
  }
}

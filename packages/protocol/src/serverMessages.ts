import type { Action, Colour, GameState } from '@flightchess/rules';
import type { Rejection } from './codes';
import type { QuickPhrase } from './quickPhrases';

/**
 * The game as a stream (docs/decisions/002-game-as-action-stream.md): the table's synced state carries table and seat facts only; the game
 * itself reaches each client once, as a `snapshot` and then one `action` message per engine action,
 * which the client applies with the same `applyAction` (see GameStream).
 */
export interface SnapshotMessage {
  readonly matchId: string;
  /** The engine state at `state.version`. */
  readonly state: GameState;
}

export interface ActionMessage {
  /** The engine state version the action was applied to: the state after it has `version + 1`. */
  readonly version: number;
  readonly action: Action;
}

/** Every message the server sends a client, by type. */
export interface ServerMessages {
  /** A refusal of the client's own message (`request` is its type): nothing changed. */
  readonly error: Rejection & { readonly request: string };
  /**
   * The table closes: before its game started, the process is stopping (create or join a table again);
   * or the operator closed it (`ERR_TABLE_CLOSED`, with the game it aborted, if any).
   */
  readonly closing: Rejection & { readonly matchId?: string };
  readonly snapshot: SnapshotMessage;
  readonly action: ActionMessage;
  /** A seated player said a quick phrase (the seat's player, so that a client can mute them). */
  readonly phrase: { readonly seat: Colour; readonly playerId: string; readonly phrase: QuickPhrase };
  /** The answer to a `ping`. */
  readonly pong: Record<string, never>;
  /**
   * To a player who took their held seat back: how long they were away, how many moves the server made
   * for them meanwhile (auto-play, or a single legal move), and whether they came back too late (the
   * seat was forfeited: out as a resignation).
   */
  readonly returned: { readonly seconds: number; readonly moves: number; readonly forfeited: boolean };
}

export type ServerMessageType = keyof ServerMessages;
export const SERVER_MESSAGE_TYPES: readonly ServerMessageType[] = ['error', 'closing', 'snapshot', 'action', 'phrase', 'pong', 'returned'];

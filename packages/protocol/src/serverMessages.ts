import type { Action, Colour, GameState } from '@flightchess/rules';
import type { Rejection } from './codes';
import type { QuickPhrase } from './quickPhrases';

/**
 * The game as a stream (docs/decisions/002-game-as-action-stream.md): the table's synced state carries the
 * facts that change rarely (seats, names, presence, status, result); the game reaches each client once, as
 * a `snapshot` and then one `action` message per engine action, which the client applies with the same
 * `applyAction` (see GameStream). Everything a step changes comes in that one message: the action, the
 * version it was made on, and the turn's clock after it.
 */

/**
 * The clock of the game as it stands: epoch ms when the seat to act runs out of turn time (then auto-play
 * takes it), and when a pending resignation or draw offer counts as declined. Absent when none runs.
 */
export interface TurnClock {
  readonly deadline?: number;
  readonly answerDeadline?: number;
}

export interface SnapshotMessage extends TurnClock {
  readonly matchId: string;
  /** The engine state at `state.version`. */
  readonly state: GameState;
}

export interface ActionMessage extends TurnClock {
  /** The engine state version the action was applied to: the state after it has `version + 1`. */
  readonly version: number;
  readonly action: Action;
}

/** The clock changed with no action (auto-play turned on or off, a player away or back): the game is at `version`. */
export interface ClockMessage extends TurnClock {
  readonly version: number;
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
  readonly clock: ClockMessage;
  /** A seated player said a quick phrase (the seat's player, so that a client can mute them). */
  readonly phrase: { readonly seat: Colour; readonly playerId: string; readonly phrase: QuickPhrase };
  /** The answer to a `ping`, with the game's version if there is one: a client behind it lost a step (it asks for a snapshot). */
  readonly pong: { readonly version?: number };
  /**
   * To a player who took their held seat back: how long they were away, how many moves the server made
   * for them meanwhile (auto-play, or a single legal move), and whether they came back too late (the
   * seat was forfeited: out as a resignation).
   */
  readonly returned: { readonly seconds: number; readonly moves: number; readonly forfeited: boolean };
}

export type ServerMessageType = keyof ServerMessages;
export const SERVER_MESSAGE_TYPES: readonly ServerMessageType[] = [
  'error',
  'closing',
  'snapshot',
  'action',
  'clock',
  'phrase',
  'pong',
  'returned',
];

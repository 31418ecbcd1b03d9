import type { AutoPlayReason } from '@flightchess/protocol';
import type { BotName, Colour, GameEvent, GameState, Intent as RulesIntent } from '@flightchess/rules';

/** One seat as the game screen shows it. */
export interface SeatView {
  readonly colour: Colour;
  readonly name: string;
  readonly kind: 'human' | 'bot';
  /** The bot that plays a bot seat (null: a person). */
  readonly bot: BotName | null;
  readonly connected: boolean;
  /** 托管: the server (or the local bot) plays for this seat. */
  readonly autoPlay: boolean;
  /** Why the server plays the seat (online; offline auto-play is always the player's choice). */
  readonly autoPlayBy?: AutoPlayReason;
  /** Online: the player is away and the seat is held until then (epoch ms), when it counts as a resignation. */
  readonly awayUntil?: number;
  /** Online: someone took this seat over after its player left (`name` is theirs): the name of who left. */
  readonly standsFor?: string;
  /** This client acts for the seat: the own seat online, every human seat in hot-seat play. */
  readonly local: boolean;
  /** Online at a rated table: the seat's rating before the game (a bot's, its fixed one). */
  readonly rating?: number;
}

/**
 * Everything the game screen needs, from either a synced room or a local engine. The engine state is
 * the rules package's own `GameState` (a replica online), so previews use the same `legalMoves` routes.
 */
export interface GameView {
  readonly mode: 'online' | 'offline';
  readonly state: GameState;
  readonly seats: readonly SeatView[];
  /** When the current turn times out (epoch ms), or null without a turn timer. */
  readonly turnDeadline: number | null;
  /** Online: the table's turn time, the most its timer shows (turnTimer.ts). */
  readonly turnSeconds?: number;
  /** When a pending resignation or draw offer counts as declined (epoch ms), or null. */
  readonly answerDeadline: number | null;
  /** The colour drawn at the bottom: the own seat online; null keeps red at the bottom. */
  readonly viewer: Colour | null;
  /** Online: the link to the server is down (reconnecting), so nothing pressed now would reach it. */
  readonly linkDown?: boolean;
  /** Online: whether the table is rated (its game changes ratings). */
  readonly rated?: boolean;
  /** Online: the seat its player left that this player may offer a friend to take over (gameView.ts openSeat). */
  readonly offered?: Colour;
}

export interface GameUpdate {
  readonly view: GameView;
  /** What happened since the previous update, in order (empty for a fresh snapshot). */
  readonly events: readonly GameEvent[];
}

/** A player's intent at a seat (the rules' own union), naming the local seat it acts for: all but roll and move, which act for the seat to move. */
type SeatedIntent<I> = I extends { readonly type: 'roll' | 'move' } ? I : I & { readonly seat: Colour };

/**
 * What a player asks for; the source turns it into an engine action (the rules' intentAction) or a room
 * message. The rules' Intent, so that a new kind of intent reaches the page, the room and the server alike,
 * plus auto-play (托管), which is the table's and not the game's. A room ignores the seat: it knows its client.
 */
export type Intent = SeatedIntent<RulesIntent> | { readonly type: 'auto-play'; readonly seat: Colour; readonly on: boolean };

/** A room or a local engine: the adapter runs the same way over either. */
export interface GameSource {
  current(): GameUpdate | null;
  subscribe(listener: (update: GameUpdate) => void): () => void;
  send(intent: Intent): void;
  /** A game joined in progress: each action's events so far (the move list's first rows), as the server has stored them. */
  history?(): Promise<readonly (readonly GameEvent[])[]>;
}

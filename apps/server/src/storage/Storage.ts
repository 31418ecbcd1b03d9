import type { Action, Colour, GameResult, GameSetup } from '@flightchess/rules';

/**
 * Everything the server keeps. Asynchronous so that a networked database (PostgreSQL, issue 5) can
 * implement the same interface as the embedded SQLite one.
 */
export interface Storage {
  createPlayer(player: NewPlayer): Promise<void>;
  getPlayer(id: string): Promise<PlayerRecord | null>;
  /** A game began: its setup, seats and dice commitment (the seed is kept, and shown only once the game is over). */
  startMatch(match: MatchStart): Promise<void>;
  /** Append one applied action; `index` is its 0-based position in the game's action log. */
  appendAction(matchId: string, index: number, action: Action, at: number): Promise<void>;
  /**
   * A game ended: store its result, every action, every seat's score and add them to the players'
   * lifetime totals, all at once. A match is finished once only: a repeated call changes nothing.
   */
  finishMatch(match: MatchFinish): Promise<void>;
  /** The table closed mid-game (server shutdown): keep the actions, mark the match aborted, score nothing. */
  abortMatch(matchId: string, actions: readonly Action[], at: number): Promise<void>;
  getMatch(id: string): Promise<MatchRecord | null>;
  recentMatches(playerId: string, limit: number): Promise<MatchSummary[]>;
  leaderboard(limit: number): Promise<PlayerSummary[]>;
  /** Cheap round trip for /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface NewPlayer {
  readonly id: string;
  readonly nickname: string;
  /** SHA-256 hex of the player's secret: the secret itself is never stored. */
  readonly secretHash: string;
  readonly createdAt: number;
}

export interface PlayerSummary {
  readonly id: string;
  readonly nickname: string;
  readonly lifetimeScore: number;
  readonly coins: number;
  readonly games: number;
  readonly wins: number;
}

export interface PlayerRecord extends PlayerSummary {
  readonly secretHash: string;
  readonly createdAt: number;
}

export type SeatKind = 'human' | 'bot';

export interface MatchSeat {
  readonly colour: Colour;
  readonly kind: SeatKind;
  readonly playerId: string | null;
  readonly name: string;
}

export interface MatchStart {
  readonly id: string;
  readonly tableId: string;
  readonly setup: GameSetup;
  readonly base: number;
  readonly turnSeconds: number;
  readonly seats: readonly MatchSeat[];
  readonly commitment: string;
  readonly seed: string;
  readonly startedAt: number;
}

export interface SeatResult {
  readonly colour: Colour;
  readonly score: number;
  readonly coins: number;
  readonly arrived: number;
  readonly rank: number;
  readonly escapePenalty: number;
  readonly lifetimeAfter: number;
  readonly levelAfter: number;
  readonly out: string | null;
  readonly winner: boolean;
}

export interface MatchFinish {
  readonly id: string;
  readonly result: GameResult;
  readonly actions: readonly Action[];
  readonly seats: readonly SeatResult[];
  readonly endedAt: number;
}

export type MatchStatus = 'playing' | 'finished' | 'aborted';

export interface MatchRecord {
  readonly id: string;
  readonly tableId: string;
  readonly status: MatchStatus;
  readonly setup: GameSetup;
  readonly base: number;
  readonly turnSeconds: number;
  readonly commitment: string;
  /** The revealed dice seed: null while the game is being played. */
  readonly seed: string | null;
  readonly result: GameResult | null;
  readonly seats: readonly (MatchSeat & Partial<Omit<SeatResult, 'colour'>>)[];
  readonly actions: readonly Action[];
  readonly startedAt: number;
  readonly endedAt: number | null;
}

export interface MatchSummary {
  readonly id: string;
  readonly preset: string;
  readonly status: MatchStatus;
  readonly colour: Colour;
  readonly score: number | null;
  readonly rank: number | null;
  readonly winner: boolean;
  readonly players: number;
  readonly startedAt: number;
  readonly endedAt: number | null;
}

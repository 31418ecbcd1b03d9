import type { RatingMode } from '@flightchess/rules';

/** One mode's rating of a player, on the 1500 scale (rules: ratings/ratingScale.ts). */
export interface ModeRating {
  readonly rating: number;
  readonly deviation: number;
  /** Rated games played in this mode. */
  readonly games: number;
  /** Too few games yet for the rating to be trusted: fewer than 20 rated games of the mode (rules: PROVISIONAL_GAMES). */
  readonly provisional: boolean;
}

/** A player's ratings by mode; a mode not yet played is absent. */
export type PlayerRatings = Partial<Record<RatingMode, ModeRating>>;

/** A rating after one rated game: a point of the profile's chart. */
export interface RatingPoint {
  readonly matchId: string;
  /** When the game ended (epoch ms). */
  readonly at: number;
  readonly rating: number;
  readonly deviation: number;
}

/** The most points of one mode's history a profile shows: the newest ones. */
export const RATING_HISTORY_POINTS = 100;

/** Each mode's rating history, oldest first. */
export type RatingHistory = Partial<Record<RatingMode, readonly RatingPoint[]>>;

/** GET /api/leaderboard?rating=MODE: rated players by rating − 2 × deviation, provisional ones after the others. */
export interface RatingLeaderboardEntry extends ModeRating {
  readonly rank: number;
  readonly playerId: string;
  /** The same as playerId (the score board's entries name it `id`). */
  readonly id: string;
  readonly nickname: string;
}

/**
 * Quick play closed to a player for a while, after escapes and expired holds in rated games. Private
 * tables stay open to them.
 */
export interface QuickPlayCooldown {
  /** Epoch ms when quick play opens again. */
  readonly until: number;
  readonly reason: 'escapes';
  /** The rated games the player escaped from (or let the hold expire) in the last 24 hours. */
  readonly escapes: number;
}

/** A player someone blocked: never seated with them by quick play, their phrases hidden. */
export interface BlockedPlayer {
  readonly playerId: string;
  readonly nickname: string;
}

import type { RatingMode } from '@flightchess/rules';
import type { ModeRating, PlayerRatings, RatingHistory, RatingLeaderboardEntry } from '@flightchess/protocol';
import type { MatchesShown } from '../matches/MatchStorage';
import type { Rerated } from './rerateAll';

/**
 * The ratings kept (the ratings repository). They are written with a rated game's result, in the
 * transaction that stores it (rateFinished.ts, a step the server gives the match repository's finishMatch),
 * and by an operator's rebuild from the records (replaceRatings).
 */
export interface RatingStorage {
  /** A player's rating in one mode; null when they have not played it rated. */
  ratingOf(playerId: string, mode: RatingMode): Promise<ModeRating | null>;
  /** A player's rating in every mode they played rated. */
  ratingsOf(playerId: string): Promise<PlayerRatings>;
  /**
   * Each mode's rating after the player's newest `limit` rated games, oldest first: `all` for the player
   * themself, `public` for anyone else (games of public tables only, as recentMatches).
   */
  ratingHistory(playerId: string, shown: MatchesShown, limit: number): Promise<RatingHistory>;
  /** Rated players of a mode by rating − 2 × deviation, provisional ones after the others. */
  leaderboard(mode: RatingMode, limit: number): Promise<RatingLeaderboardEntry[]>;
  /** The finished rated matches, in the order they ended (rerateAll.ts's endedOrder): what a rebuild replays. */
  ratedMatchIds(): Promise<string[]>;
  /**
   * Every stored rating replaced by a rebuild's (rebuildRatings.ts), in one transaction: each player's per
   * mode, and each rated seat's before and after. Refused, with nothing written, when the finished rated
   * matches are no longer the `replayed` ones (a game ended meanwhile: rebuild again).
   */
  replaceRatings(rebuilt: Rerated, replayed: number, at: number): Promise<void>;
}

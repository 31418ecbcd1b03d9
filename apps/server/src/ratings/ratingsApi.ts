import { RATING_MODES, type RatingMode } from '@flightchess/rules';
import { type PlayerRatings, RATING_HISTORY_POINTS, type RatingHistory, describeIssues } from '@flightchess/protocol';
import { z } from 'zod';
import type { MatchesShown } from '../matches/MatchStorage';
import type { RatingStorage } from './RatingStorage';

/** What a profile (GET /api/players/:id, POST …/profile) shows of a player's ratings: `shown` as its recent matches. */
export async function profileRatings(
  ratings: RatingStorage,
  playerId: string,
  shown: MatchesShown,
): Promise<{ ratings: PlayerRatings; ratingHistory: RatingHistory }> {
  const [current, history] = await Promise.all([
    ratings.ratingsOf(playerId),
    ratings.ratingHistory(playerId, shown, RATING_HISTORY_POINTS),
  ]);
  return { ratings: current, ratingHistory: history };
}

// Exactly one of the modes as written: `2P`, a repeated parameter (an array) or an empty one is refused.
const modeSchema = z.enum(RATING_MODES);

/** The leaderboard's `rating` parameter: a mode, or why not. */
export function ratingModeQuery(raw: unknown): { ok: true; mode: RatingMode } | { ok: false; message: string } {
  const mode = modeSchema.safeParse(raw);
  return mode.success
    ? { ok: true, mode: mode.data }
    : { ok: false, message: `rating: one of ${RATING_MODES.join(', ')} (${describeIssues(mode.error)})` };
}

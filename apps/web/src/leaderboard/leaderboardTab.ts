import { RATING_MODES, type RatingMode, isRatingMode } from '@flightchess/rules';

/** The leaderboard's tabs: today's score board, then one per rating mode (`#/leaderboard/4p`). */
export type LeaderboardTab = 'score' | RatingMode;
export const LEADERBOARD_TABS: readonly LeaderboardTab[] = ['score', ...RATING_MODES];

/** The tab an address names; anything else (none, a typo, another case) is the score board. */
export function parseLeaderboardTab(arg: string | undefined): LeaderboardTab {
  return isRatingMode(arg) ? arg : 'score';
}

/** The API path of a tab's board. */
export function leaderboardPath(tab: LeaderboardTab, limit = 50): string {
  return tab === 'score' ? '/api/leaderboard' : `/api/leaderboard?rating=${tab}&limit=${limit}`;
}

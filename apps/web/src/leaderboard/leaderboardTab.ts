import { RATING_MODES } from '@flightchess/rules';
import type { LeaderboardTab } from '../router';

/** The leaderboard's tabs in order: today's score board, then one per rating mode. */
export const LEADERBOARD_TABS: readonly LeaderboardTab[] = ['score', ...RATING_MODES];

/** The API path of a tab's board. */
export function leaderboardPath(tab: LeaderboardTab, limit = 50): string {
  return tab === 'score' ? '/api/leaderboard' : `/api/leaderboard?rating=${tab}&limit=${limit}`;
}

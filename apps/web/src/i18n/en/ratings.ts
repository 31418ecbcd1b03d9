import type { Translation } from '../zh-CN';
import type { ratings as zh } from '../zh-CN/ratings';

/** English: the same keys as ../zh-CN/ratings.ts (the compiler checks). */
export const ratings: Translation<typeof zh> = {
  'rating.label': 'Rating',
  'rating.rated': 'Rated',
  'rating.casual': 'Casual',
  'rating.ratedTitle': 'Rated table: this game changes the players’ ratings',
  'rating.casualTitle': 'Casual table: ratings do not change',
  'rating.change': '{before} → {after} ({delta})',
  'rating.up': 'up',
  'rating.down': 'down',
  'rating.same': 'unchanged',
  'rating.provisional': 'provisional',
  'rating.provisionalStep':
    'Provisional rating: rated game {n} of your first {total} in this mode. Until it knows how strong you are, a new rating moves in big steps; each game makes them smaller.',
  'rating.provisionalHint': 'Provisional: fewer than {n} rated games in this mode, so the rating still moves a lot (marked “?”)',
  'rating.deviation': 'Deviation',
  'rating.games': 'Rated games',
  'rating.mode.2p': '2 players',
  'rating.mode.3p': '3 players',
  'rating.mode.4p': '4 players',
  'rating.mode.2v2': '2 vs 2',
  'rating.title': 'Ratings',
  'rating.none': 'No rated games yet: every “Play now” game is rated.',
  'rating.chart': '{mode} rating over time',
  'rating.withRating': '{name} · {rating}',
  'rating.createRated': 'Rated (the result changes ratings)',

  'leaderboard.tabs': 'Leaderboards',
  'leaderboard.score': 'Score',
  'leaderboard.tab.2p': '2P',
  'leaderboard.tab.3p': '3P',
  'leaderboard.tab.4p': '4P',
  'leaderboard.tab.2v2': '2v2',
  'leaderboard.ratingEmpty': 'Nobody has played a rated game in this mode yet',
  'leaderboard.ratingOrder':
    'Ranked by rating − 2 × deviation; provisional players (fewer than {n} rated games, marked “?”) come after the others.',

  'cooldown.title': 'Play now is closed for a while',
  'cooldown.left': '{time} left',
  'cooldown.reason.escapes': 'Why: you left {n} rated games early (or let the hold run out) in the last 24 hours.',
  'cooldown.private': 'Private tables with friends are still open.',
  'cooldown.tile': 'Opens in {time}; play with friends meanwhile',

  'block.block': 'Block {name}',
  'block.unblock': 'Unblock {name}',
  'block.hint': 'Play now never seats you with a player you blocked, and their phrases are hidden.',
  'block.title': 'Blocked players',
  'block.none': 'You haven’t blocked anyone.',
  'block.failed': 'That didn’t work: {reason}',
};

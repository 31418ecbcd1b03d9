import type { Migration } from '../storage/migrate';

const luck = `ALTER TABLE tournament_reviews ADD COLUMN luck TEXT;`;

/**
 * A tournament game's review keeps the dice's part of it too (`luck`: each seat's win-chance luck and luck
 * of finishing ahead of each other seat), which a duplicate Swiss ranks by; null for a game reviewed before
 * (its results count as they finished) or whose review failed.
 */
export const reviewLuck: Migration = {
  version: 21,
  name: 'review-luck',
  sql: { sqlite: luck, postgres: luck },
};

import type { Migration } from '../storage/migrate';

/**
 * Auto-play with its reason, and the seats held for players who are away (RULES.md §7), in one JSON
 * object per match; the seats on auto-play of games in progress are carried over (as timed out).
 */
export const seatPresence: Migration = {
  version: 8,
  name: 'seat presence',
  sql: {
    sqlite: `
      ALTER TABLE matches ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
      UPDATE matches SET presence = (SELECT json_group_object(value, json_object('autoPlay', 'timeout')) FROM json_each(matches.auto_play))
        WHERE status = 'playing' AND auto_play <> '[]';
      ALTER TABLE matches DROP COLUMN auto_play;
    `,
    postgres: `
      ALTER TABLE matches ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
      UPDATE matches SET presence = (SELECT json_object_agg(c, json_build_object('autoPlay', 'timeout'))::text FROM json_array_elements_text(matches.auto_play::json) AS c)
        WHERE status = 'playing' AND auto_play <> '[]';
      ALTER TABLE matches DROP COLUMN auto_play;
    `,
  },
};

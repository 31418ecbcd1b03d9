import type { Migration } from '../storage/migrate';

const tables = (real: string, bigint: string, falseValue: string, bool: string) => `
  CREATE TABLE player_ratings (
    player_id   TEXT NOT NULL REFERENCES players (id),
    mode        TEXT NOT NULL,
    mu          ${real} NOT NULL,
    sigma       ${real} NOT NULL,
    games       INTEGER NOT NULL,
    updated_at  ${bigint} NOT NULL,
    PRIMARY KEY (player_id, mode)
  );
  CREATE INDEX player_ratings_by_mode ON player_ratings (mode);
  ALTER TABLE matches ADD COLUMN rated ${bool} NOT NULL DEFAULT ${falseValue};
  ALTER TABLE matches ADD COLUMN rating_mode TEXT;
  ALTER TABLE match_seats ADD COLUMN rating_before INTEGER;
  ALTER TABLE match_seats ADD COLUMN rating_after INTEGER;
  ALTER TABLE match_seats ADD COLUMN deviation_after INTEGER;
  CREATE TABLE blocks (
    player_id   TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    blocked_id  TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at  ${bigint} NOT NULL,
    PRIMARY KEY (player_id, blocked_id)
  );
  CREATE INDEX blocks_by_blocked ON blocks (blocked_id);
  CREATE TABLE quick_play_conduct (
    player_id   TEXT PRIMARY KEY REFERENCES players (id),
    strikes     INTEGER NOT NULL,
    clean_games INTEGER NOT NULL,
    until       ${bigint} NOT NULL,
    updated_at  ${bigint} NOT NULL
  );
`;

/**
 * Ratings per mode (ratings/): each player's skill in the model's units, each rated seat's rating before
 * and after its game (the profile's chart reads them), whether a match was rated and in which mode (a
 * mode follows from the setup's JSON, which SQL cannot index or filter on); the players someone
 * blocked (gone with either player: an idle guest's cleanup takes their blocks along), and quick play's cooldown for escapers (pairing/).
 */
export const ratings: Migration = {
  version: 12,
  name: 'ratings',
  sql: {
    sqlite: tables('REAL', 'INTEGER', '0', 'INTEGER'),
    postgres: tables('DOUBLE PRECISION', 'BIGINT', 'FALSE', 'BOOLEAN'),
  },
};

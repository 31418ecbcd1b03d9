import type { Migration } from '../storage/migrate';

export const durableTables: Migration = {
  version: 2,
  name: 'durable tables',
  sql: {
    sqlite: `
      ALTER TABLE matches ADD COLUMN engine INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE matches ADD COLUMN code TEXT NOT NULL DEFAULT '';
      ALTER TABLE matches ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN host_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE matches ADD COLUMN auto_play TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE matches ADD COLUMN owner TEXT;
      ALTER TABLE matches ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN abort_reason TEXT;
      ALTER TABLE match_seats ADD COLUMN bot TEXT;
      CREATE INDEX matches_playing ON matches (lease_until) WHERE status = 'playing';
    `,
    postgres: `
      ALTER TABLE matches ADD COLUMN engine INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE matches ADD COLUMN code TEXT NOT NULL DEFAULT '';
      ALTER TABLE matches ADD COLUMN private BOOLEAN NOT NULL DEFAULT FALSE;
      ALTER TABLE matches ADD COLUMN host_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE matches ADD COLUMN auto_play TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE matches ADD COLUMN owner TEXT;
      ALTER TABLE matches ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN abort_reason TEXT;
      ALTER TABLE match_seats ADD COLUMN bot TEXT;
      CREATE INDEX matches_playing ON matches (lease_until) WHERE status = 'playing';
    `,
  },
};

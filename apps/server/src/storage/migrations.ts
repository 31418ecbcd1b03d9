/**
 * Versioned schema migrations for the SQLite store, applied in order, each in its own transaction,
 * and recorded in `schema_migrations`. Never edit a released migration: add the next version, here
 * and in postgresMigrations.ts (the same versions and names; a test holds them in step).
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'players and matches',
    sql: `
      CREATE TABLE players (
        id              TEXT PRIMARY KEY,
        nickname        TEXT NOT NULL,
        secret_hash     TEXT NOT NULL,
        created_at      INTEGER NOT NULL,
        lifetime_score  INTEGER NOT NULL DEFAULT 0,
        coins           INTEGER NOT NULL DEFAULT 0,
        games           INTEGER NOT NULL DEFAULT 0,
        wins            INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX players_by_score ON players (lifetime_score DESC);

      CREATE TABLE matches (
        id            TEXT PRIMARY KEY,
        table_id      TEXT NOT NULL,
        preset        TEXT NOT NULL,
        setup         TEXT NOT NULL,
        base          INTEGER NOT NULL,
        turn_seconds  REAL NOT NULL,
        commitment    TEXT NOT NULL,
        seed          TEXT NOT NULL,
        status        TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'aborted')),
        result        TEXT,
        started_at    INTEGER NOT NULL,
        ended_at      INTEGER
      );

      CREATE TABLE match_seats (
        match_id        TEXT NOT NULL REFERENCES matches (id),
        colour          TEXT NOT NULL,
        kind            TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
        player_id       TEXT REFERENCES players (id),
        name            TEXT NOT NULL,
        score           INTEGER,
        coins           INTEGER,
        arrived         INTEGER,
        rank            INTEGER,
        escape_penalty  INTEGER,
        lifetime_after  INTEGER,
        level_after     INTEGER,
        out_reason      TEXT,
        winner          INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, colour)
      );
      CREATE INDEX match_seats_by_player ON match_seats (player_id);

      CREATE TABLE match_actions (
        match_id  TEXT NOT NULL REFERENCES matches (id),
        idx       INTEGER NOT NULL,
        action    TEXT NOT NULL,
        at        INTEGER NOT NULL,
        PRIMARY KEY (match_id, idx)
      );
    `,
  },
  {
    version: 2,
    name: 'durable tables',
    sql: `
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
  },
  {
    version: 7,
    name: 'watchable tables',
    sql: `ALTER TABLE matches ADD COLUMN watchable INTEGER NOT NULL DEFAULT 1;`,
  },
];

import type { Migration } from '../storage/migrate';

/**
 * Times are epoch milliseconds (BIGINT in PostgreSQL), JSON is TEXT (kept byte for byte: the verify
 * endpoint compares it), and PostgreSQL's identifiers use the "C" collation so that they sort as in
 * SQLite whatever the database's locale.
 */
export const playersAndMatches: Migration = {
  version: 1,
  name: 'players and matches',
  sql: {
    sqlite: `
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
    postgres: `
      CREATE TABLE players (
        id              TEXT COLLATE "C" PRIMARY KEY,
        nickname        TEXT NOT NULL,
        secret_hash     TEXT NOT NULL,
        created_at      BIGINT NOT NULL,
        lifetime_score  INTEGER NOT NULL DEFAULT 0,
        coins           INTEGER NOT NULL DEFAULT 0,
        games           INTEGER NOT NULL DEFAULT 0,
        wins            INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX players_by_score ON players (lifetime_score DESC);

      CREATE TABLE matches (
        id            TEXT COLLATE "C" PRIMARY KEY,
        table_id      TEXT NOT NULL,
        preset        TEXT NOT NULL,
        setup         TEXT NOT NULL,
        base          INTEGER NOT NULL,
        turn_seconds  DOUBLE PRECISION NOT NULL,
        commitment    TEXT NOT NULL,
        seed          TEXT NOT NULL,
        status        TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'aborted')),
        result        TEXT,
        started_at    BIGINT NOT NULL,
        ended_at      BIGINT
      );

      CREATE TABLE match_seats (
        match_id        TEXT COLLATE "C" NOT NULL REFERENCES matches (id),
        colour          TEXT COLLATE "C" NOT NULL,
        kind            TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
        player_id       TEXT COLLATE "C" REFERENCES players (id),
        name            TEXT NOT NULL,
        score           INTEGER,
        coins           INTEGER,
        arrived         INTEGER,
        rank            INTEGER,
        escape_penalty  INTEGER,
        lifetime_after  INTEGER,
        level_after     INTEGER,
        out_reason      TEXT,
        winner          BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (match_id, colour)
      );
      CREATE INDEX match_seats_by_player ON match_seats (player_id);

      CREATE TABLE match_actions (
        match_id  TEXT COLLATE "C" NOT NULL REFERENCES matches (id),
        idx       INTEGER NOT NULL,
        action    TEXT NOT NULL,
        at        BIGINT NOT NULL,
        PRIMARY KEY (match_id, idx)
      );
    `,
  },
};

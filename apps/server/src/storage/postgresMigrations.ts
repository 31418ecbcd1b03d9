import type { PoolClient } from 'pg';
import { compactStoredPostgres } from './compactStored';
import type { Migration } from './migrations';

/**
 * The PostgreSQL twin of migrations.ts: the same versions, names, tables and columns. Times are
 * BIGINT epoch milliseconds, JSON is TEXT (kept byte for byte: the verify endpoint compares it), and
 * identifiers use the "C" collation so that they sort as in SQLite whatever the database's locale.
 */
export const POSTGRES_MIGRATIONS: readonly Migration<PoolClient>[] = [
  {
    version: 1,
    name: 'players and matches',
    sql: `
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
  {
    version: 2,
    name: 'durable tables',
    sql: `
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
  {
    version: 3,
    name: 'accounts',
    // Every device its own secret: the one each guest has so far becomes its first device (id = the
    // player's id); the players' own column is emptied, no secret lives there any more.
    sql: `
      CREATE TABLE devices (
        id            TEXT COLLATE "C" PRIMARY KEY,
        player_id     TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        secret_hash   TEXT NOT NULL,
        name          TEXT NOT NULL,
        created_at    BIGINT NOT NULL,
        last_seen_at  BIGINT NOT NULL
      );
      CREATE INDEX devices_by_player ON devices (player_id);
      INSERT INTO devices (id, player_id, secret_hash, name, created_at, last_seen_at)
        SELECT id, id, secret_hash, '', created_at, created_at FROM players WHERE secret_hash <> '';
      UPDATE players SET secret_hash = '';

      CREATE TABLE logins (
        player_id      TEXT COLLATE "C" PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
        name           TEXT NOT NULL,
        name_key       TEXT COLLATE "C" NOT NULL UNIQUE,
        password_hash  TEXT NOT NULL,
        updated_at     BIGINT NOT NULL
      );

      CREATE TABLE link_codes (
        code_hash   TEXT COLLATE "C" PRIMARY KEY,
        player_id   TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        expires_at  BIGINT NOT NULL,
        used_at     BIGINT
      );
      CREATE INDEX link_codes_by_player ON link_codes (player_id);
      CREATE INDEX link_codes_by_expiry ON link_codes (expires_at);

      CREATE TABLE passkeys (
        id            TEXT COLLATE "C" PRIMARY KEY,
        player_id     TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        public_key    TEXT NOT NULL,
        counter       BIGINT NOT NULL,
        transports    TEXT NOT NULL,
        rp_id         TEXT NOT NULL,
        name          TEXT NOT NULL,
        created_at    BIGINT NOT NULL,
        last_used_at  BIGINT
      );
      CREATE INDEX passkeys_by_player ON passkeys (player_id);
    `,
  },
  {
    version: 4,
    name: 'compact match logs',
    sql: `ALTER TABLE matches ADD COLUMN log BYTEA;`,
  },
  {
    version: 5,
    name: 'compact the stored logs',
    sql: '',
    rewrite: compactStoredPostgres,
  },
  {
    version: 6,
    name: 'operator console',
    sql: `
      CREATE TABLE bans (
        player_id   TEXT COLLATE "C" PRIMARY KEY,
        reason      TEXT NOT NULL DEFAULT '',
        created_at  BIGINT NOT NULL
      );
      CREATE TABLE notices (
        id          INTEGER PRIMARY KEY CHECK (id = 1),
        text        TEXT NOT NULL,
        updated_at  BIGINT NOT NULL
      );
      CREATE TABLE admin_actions (
        id       BIGSERIAL PRIMARY KEY,
        at       BIGINT NOT NULL,
        address  TEXT NOT NULL,
        action   TEXT NOT NULL,
        target   TEXT NOT NULL DEFAULT '',
        detail   TEXT NOT NULL DEFAULT ''
      );
    `,
  },
  {
    version: 7,
    name: 'watchable tables',
    sql: `ALTER TABLE matches ADD COLUMN watchable BOOLEAN NOT NULL DEFAULT TRUE;`,
  },
  {
    version: 8,
    name: 'seat presence',
    sql: `
      ALTER TABLE matches ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
      UPDATE matches SET presence = (SELECT json_object_agg(c, json_build_object('autoPlay', 'timeout'))::text FROM json_array_elements_text(matches.auto_play::json) AS c)
        WHERE status = 'playing' AND auto_play <> '[]';
      ALTER TABLE matches DROP COLUMN auto_play;
    `,
  },
  {
    version: 9,
    name: 'health probe',
    sql: `CREATE TABLE health_probe (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at BIGINT NOT NULL);`,
  },
  {
    version: 10,
    name: 'bans by address',
    sql: `
      ALTER TABLE players ADD COLUMN last_address TEXT NOT NULL DEFAULT '';
      ALTER TABLE bans ADD COLUMN address TEXT NOT NULL DEFAULT '';
      ALTER TABLE bans ADD COLUMN address_until BIGINT NOT NULL DEFAULT 0;
      CREATE INDEX bans_by_address ON bans (address);
    `,
  },
];

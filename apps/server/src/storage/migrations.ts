import type Database from 'better-sqlite3';
import { compactStoredSqlite } from './compactStored';

/**
 * Versioned schema migrations for the SQLite store, applied in order, each in its own transaction,
 * and recorded in `schema_migrations`. Never edit a released migration: add the next version, here
 * and in postgresMigrations.ts (the same versions and names; a test holds them in step).
 */
export interface Migration<Db = unknown> {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /**
   * Stored data rewritten before `sql` and the version are committed, in batches of their own
   * transactions (a database of years holds too much for one): a run cut short goes on where it
   * stopped at the next start, the version being recorded only once it is done.
   */
  rewrite?(db: Db): void | Promise<void>;
}

export const MIGRATIONS: readonly Migration<Database.Database>[] = [
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
    version: 3,
    name: 'accounts',
    // Every device its own secret: the one each guest has so far becomes its first device (id = the
    // player's id); the players' own column is emptied, no secret lives there any more.
    sql: `
      CREATE TABLE devices (
        id            TEXT PRIMARY KEY,
        player_id     TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        secret_hash   TEXT NOT NULL,
        name          TEXT NOT NULL,
        created_at    INTEGER NOT NULL,
        last_seen_at  INTEGER NOT NULL
      );
      CREATE INDEX devices_by_player ON devices (player_id);
      INSERT INTO devices (id, player_id, secret_hash, name, created_at, last_seen_at)
        SELECT id, id, secret_hash, '', created_at, created_at FROM players WHERE secret_hash <> '';
      UPDATE players SET secret_hash = '';

      CREATE TABLE logins (
        player_id      TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
        name           TEXT NOT NULL,
        name_key       TEXT NOT NULL UNIQUE,
        password_hash  TEXT NOT NULL,
        updated_at     INTEGER NOT NULL
      );

      CREATE TABLE link_codes (
        code_hash   TEXT PRIMARY KEY,
        player_id   TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        expires_at  INTEGER NOT NULL,
        used_at     INTEGER
      );
      CREATE INDEX link_codes_by_player ON link_codes (player_id);
      CREATE INDEX link_codes_by_expiry ON link_codes (expires_at);

      CREATE TABLE passkeys (
        id            TEXT PRIMARY KEY,
        player_id     TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        public_key    TEXT NOT NULL,
        counter       INTEGER NOT NULL,
        transports    TEXT NOT NULL,
        rp_id         TEXT NOT NULL,
        name          TEXT NOT NULL,
        created_at    INTEGER NOT NULL,
        last_used_at  INTEGER
      );
      CREATE INDEX passkeys_by_player ON passkeys (player_id);
    `,
  },
  {
    version: 4,
    name: 'compact match logs',
    // A finished or aborted match keeps its log here (records/actionLog.ts), its write-ahead rows deleted.
    sql: `ALTER TABLE matches ADD COLUMN log BLOB;`,
  },
  {
    version: 5,
    name: 'compact the stored logs',
    sql: '',
    rewrite: compactStoredSqlite,
  },
  {
    version: 6,
    name: 'operator console',
    sql: `
      CREATE TABLE bans (
        player_id   TEXT PRIMARY KEY,
        reason      TEXT NOT NULL DEFAULT '',
        created_at  INTEGER NOT NULL
      );
      CREATE TABLE notices (
        id          INTEGER PRIMARY KEY CHECK (id = 1),
        text        TEXT NOT NULL,
        updated_at  INTEGER NOT NULL
      );
      CREATE TABLE admin_actions (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        at       INTEGER NOT NULL,
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
    sql: `ALTER TABLE matches ADD COLUMN watchable INTEGER NOT NULL DEFAULT 1;`,
  },
  {
    version: 8,
    name: 'seat presence',
    // Auto-play with its reason, and the seats held for players who are away (RULES.md §7), in one JSON
    // object per match; the seats on auto-play of games in progress are carried over (as timed out).
    sql: `
      ALTER TABLE matches ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
      UPDATE matches SET presence = (SELECT json_group_object(value, json_object('autoPlay', 'timeout')) FROM json_each(matches.auto_play))
        WHERE status = 'playing' AND auto_play <> '[]';
      ALTER TABLE matches DROP COLUMN auto_play;
    `,
  },
  {
    version: 9,
    name: 'health probe',
    // /healthz writes here: a store that cannot be written is not healthy, whatever a SELECT says.
    sql: `CREATE TABLE health_probe (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL);`,
  },
  {
    version: 10,
    name: 'bans by address',
    // A ban may take the address its player was seen from last, for a while (admin/bans.ts).
    sql: `
      ALTER TABLE players ADD COLUMN last_address TEXT NOT NULL DEFAULT '';
      ALTER TABLE bans ADD COLUMN address TEXT NOT NULL DEFAULT '';
      ALTER TABLE bans ADD COLUMN address_until INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX bans_by_address ON bans (address);
    `,
  },
];

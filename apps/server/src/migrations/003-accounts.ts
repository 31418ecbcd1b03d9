import type { Migration } from '../storage/migrate';

/**
 * Every device its own secret: the one each guest has so far becomes its first device (id = the
 * player's id); the players' own column is emptied, no secret lives there any more.
 */
export const accounts: Migration = {
  version: 3,
  name: 'accounts',
  sql: {
    sqlite: `
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
    postgres: `
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
};

import type { Migration } from '../storage/migrate';

export const operatorConsole: Migration = {
  version: 6,
  name: 'operator console',
  sql: {
    sqlite: `
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
    postgres: `
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
};

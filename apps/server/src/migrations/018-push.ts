import type { Migration } from '../storage/migrate';

const tables = (bigint: string) => `
  CREATE TABLE push_keys (
    id           INTEGER PRIMARY KEY,
    public_key   TEXT NOT NULL,
    private_key  TEXT NOT NULL,
    created_at   ${bigint} NOT NULL
  );
  CREATE TABLE push_subscriptions (
    endpoint    TEXT PRIMARY KEY,
    player_id   TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    device_id   TEXT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
    p256dh      TEXT NOT NULL,
    auth        TEXT NOT NULL,
    kinds       TEXT NOT NULL,
    lang        TEXT NOT NULL,
    origin      TEXT,
    created_at  ${bigint} NOT NULL
  );
  CREATE INDEX push_subscriptions_by_player ON push_subscriptions (player_id, created_at);
  CREATE TABLE push_quiet (
    player_id    TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    from_minute  INTEGER NOT NULL,
    to_minute    INTEGER NOT NULL,
    time_zone    TEXT NOT NULL
  );
  CREATE TABLE push_held (
    id          TEXT PRIMARY KEY,
    player_id   TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    created_at  ${bigint} NOT NULL
  );
  CREATE INDEX push_held_by_player ON push_held (player_id);
`;

/**
 * Web Push (push/): the server's VAPID keys (one row, made on the first start), each device's
 * subscription and the kinds it takes (gone with the device: a device signed out is pushed nothing), each player's sleep window, and the notices held in it.
 */
export const push: Migration = {
  version: 18,
  name: 'push',
  sql: { sqlite: tables('INTEGER'), postgres: tables('BIGINT') },
};

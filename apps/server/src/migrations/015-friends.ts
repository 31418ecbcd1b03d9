import type { Migration } from '../storage/migrate';

const tables = (bigint: string, bool: string, falseValue: string) => `
  CREATE TABLE friendships (
    player_id  TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    friend_id  TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    since      ${bigint} NOT NULL,
    PRIMARY KEY (player_id, friend_id)
  );
  CREATE TABLE friend_requests (
    from_id     TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    to_id       TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at  ${bigint} NOT NULL,
    PRIMARY KEY (from_id, to_id)
  );
  CREATE INDEX friend_requests_by_to ON friend_requests (to_id);
  CREATE TABLE social_settings (
    player_id       TEXT PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    friend_code     TEXT NOT NULL UNIQUE,
    appear_offline  ${bool} NOT NULL DEFAULT ${falseValue},
    invitations     TEXT NOT NULL DEFAULT 'everyone',
    last_seen       ${bigint} NOT NULL DEFAULT 0
  );
`;

/**
 * Friends (friends/): a friendship is mutual, kept as one row each way so that either's list is one
 * indexed read; the requests waiting for an answer; each player's friend code, presence settings and
 * when they were last seen. All go with either player (an idle guest's cleanup takes them along).
 */
export const friends: Migration = {
  version: 15,
  name: 'friends',
  sql: {
    sqlite: tables('INTEGER', 'INTEGER', '0'),
    postgres: tables('BIGINT', 'BOOLEAN', 'FALSE'),
  },
};

import type { Migration } from '../storage/migrate';

const tables = (bigint: string) => `
  CREATE TABLE notifications (
    id          TEXT PRIMARY KEY,
    player_id   TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    from_id     TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    room_id     TEXT,
    created_at  ${bigint} NOT NULL,
    read_at     ${bigint}
  );
  CREATE INDEX notifications_by_player ON notifications (player_id, created_at);
`;

/** The bell's notices (notifications/): the latest NOTIFICATIONS_KEPT of each player, read or not. */
export const notifications: Migration = {
  version: 17,
  name: 'notifications',
  sql: { sqlite: tables('INTEGER'), postgres: tables('BIGINT') },
};

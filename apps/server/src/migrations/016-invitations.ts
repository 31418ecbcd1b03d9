import type { Migration } from '../storage/migrate';

const tables = (bigint: string) => `
  CREATE TABLE invitations (
    id           TEXT PRIMARY KEY,
    from_id      TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    to_id        TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    room_id      TEXT NOT NULL,
    table_json   TEXT NOT NULL,
    created_at   ${bigint} NOT NULL,
    expires_at   ${bigint} NOT NULL,
    status       TEXT NOT NULL,
    answered_at  ${bigint}
  );
  CREATE INDEX invitations_by_to ON invitations (to_id, created_at);
  CREATE INDEX invitations_by_from ON invitations (from_id, created_at);
  CREATE INDEX invitations_pending ON invitations (status, expires_at);
  CREATE INDEX invitations_by_room ON invitations (room_id);
`;

/**
 * Invitations to a table (invitations/): who called whom to which table (and what it was), until when,
 * and what became of it — the right to sit there without its code while it is pending or accepted.
 */
export const invitations: Migration = {
  version: 16,
  name: 'invitations',
  sql: { sqlite: tables('INTEGER'), postgres: tables('BIGINT') },
};

import type { Migration } from '../storage/migrate';

/** A link that outlived its table finds the table's last game (lobbyRouter: /tables/…/ended), by its code or its id. */
export const matchesByTable: Migration = {
  version: 13,
  name: 'matches by table',
  sql: {
    sqlite: `
      CREATE INDEX matches_by_code ON matches (code, started_at);
      CREATE INDEX matches_by_table ON matches (table_id, started_at);
    `,
    postgres: `
      CREATE INDEX matches_by_code ON matches (code, started_at);
      CREATE INDEX matches_by_table ON matches (table_id, started_at);
    `,
  },
};

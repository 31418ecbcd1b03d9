import type { Migration } from '../storage/migrate';

export const watchableTables: Migration = {
  version: 7,
  name: 'watchable tables',
  sql: {
    sqlite: `ALTER TABLE matches ADD COLUMN watchable INTEGER NOT NULL DEFAULT 1;`,
    postgres: `ALTER TABLE matches ADD COLUMN watchable BOOLEAN NOT NULL DEFAULT TRUE;`,
  },
};

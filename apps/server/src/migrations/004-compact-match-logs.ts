import type { Migration } from '../storage/migrate';

/** A finished or aborted match keeps its log here (matches/actionLog.ts), its write-ahead rows deleted. */
export const compactMatchLogs: Migration = {
  version: 4,
  name: 'compact match logs',
  sql: {
    sqlite: `ALTER TABLE matches ADD COLUMN log BLOB;`,
    postgres: `ALTER TABLE matches ADD COLUMN log BYTEA;`,
  },
};

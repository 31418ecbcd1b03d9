import type { Migration } from '../storage/migrate';

/** /healthz writes here: a store that cannot be written is not healthy, whatever a SELECT says. */
export const healthProbe: Migration = {
  version: 9,
  name: 'health probe',
  sql: {
    sqlite: `CREATE TABLE health_probe (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL);`,
    postgres: `CREATE TABLE health_probe (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at BIGINT NOT NULL);`,
  },
};

import type { Migration } from '../storage/migrate';

/**
 * Each process of a deployment says every second that it is alive (TableKeeper): the tables of one that
 * stops saying so are taken over within seconds, without waiting out their leases.
 */
export const processBeats: Migration = {
  version: 14,
  name: 'process beats',
  sql: {
    sqlite: `CREATE TABLE processes (owner TEXT PRIMARY KEY, alive_until INTEGER NOT NULL);`,
    postgres: `CREATE TABLE processes (owner TEXT PRIMARY KEY, alive_until BIGINT NOT NULL);`,
  },
};

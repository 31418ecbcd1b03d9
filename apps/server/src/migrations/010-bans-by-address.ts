import type { Migration } from '../storage/migrate';

/** A ban may take the address its player was seen from last, for a while (bans/bans.ts). */
export const bansByAddress: Migration = {
  version: 10,
  name: 'bans by address',
  sql: {
    sqlite: `
      ALTER TABLE players ADD COLUMN last_address TEXT NOT NULL DEFAULT '';
      ALTER TABLE bans ADD COLUMN address TEXT NOT NULL DEFAULT '';
      ALTER TABLE bans ADD COLUMN address_until INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX bans_by_address ON bans (address);
    `,
    postgres: `
      ALTER TABLE players ADD COLUMN last_address TEXT NOT NULL DEFAULT '';
      ALTER TABLE bans ADD COLUMN address TEXT NOT NULL DEFAULT '';
      ALTER TABLE bans ADD COLUMN address_until BIGINT NOT NULL DEFAULT 0;
      CREATE INDEX bans_by_address ON bans (address);
    `,
  },
};

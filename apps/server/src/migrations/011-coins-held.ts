import type { Migration } from '../storage/migrate';

/** What a seat's coins came to (RULES.md §7.1): the rule's amount and the balance after, so the results can show the floor at 0. */
export const coinsHeld: Migration = {
  version: 11,
  name: 'coins held',
  sql: {
    sqlite: `
      ALTER TABLE match_seats ADD COLUMN coins_earned INTEGER;
      ALTER TABLE match_seats ADD COLUMN coins_after INTEGER;
    `,
    postgres: `
      ALTER TABLE match_seats ADD COLUMN coins_earned INTEGER;
      ALTER TABLE match_seats ADD COLUMN coins_after INTEGER;
    `,
  },
};

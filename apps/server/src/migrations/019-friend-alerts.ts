import type { Migration } from '../storage/migrate';

const alerts = (bool: string, falseValue: string) => `
  ALTER TABLE friendships ADD COLUMN alert_playing ${bool} NOT NULL DEFAULT ${falseValue};
  CREATE INDEX friendships_alerted ON friendships (friend_id) WHERE alert_playing;
`;

/**
 * "Tell me when this friend starts playing" (friends/): on a friendship's row of the player who asked,
 * off until they turn it on; it goes with the friendship.
 */
export const friendAlerts: Migration = {
  version: 19,
  name: 'friend-alerts',
  sql: { sqlite: alerts('INTEGER', '0'), postgres: alerts('BOOLEAN', 'FALSE') },
};

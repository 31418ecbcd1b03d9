import type { Migration } from '../storage/migrate';
import { playersAndMatches } from './001-players-and-matches';
import { durableTables } from './002-durable-tables';
import { accounts } from './003-accounts';
import { compactMatchLogs } from './004-compact-match-logs';
import { compactTheStoredLogs } from './005-compact-the-stored-logs';
import { operatorConsole } from './006-operator-console';
import { watchableTables } from './007-watchable-tables';
import { seatPresence } from './008-seat-presence';
import { healthProbe } from './009-health-probe';
import { bansByAddress } from './010-bans-by-address';
import { coinsHeld } from './011-coins-held';
import { ratings } from './012-ratings';
import { matchesByTable } from './013-matches-by-table';
import { processBeats } from './014-process-beats';
import { friends } from './015-friends';
import { invitations } from './016-invitations';
import { notifications } from './017-notifications';
import { push } from './018-push';
import { friendAlerts } from './019-friend-alerts';
import { tournaments } from './020-tournaments';
import { reviewLuck } from './021-review-luck';

/** Every migration, in order. Never edit a released one: add the next file, and list it here. */
export const MIGRATIONS: readonly Migration[] = [
  playersAndMatches,
  durableTables,
  accounts,
  compactMatchLogs,
  compactTheStoredLogs,
  operatorConsole,
  watchableTables,
  seatPresence,
  healthProbe,
  bansByAddress,
  coinsHeld,
  ratings,
  matchesByTable,
  processBeats,
  friends,
  invitations,
  notifications,
  push,
  friendAlerts,
  tournaments,
  reviewLuck,
];

import { ServerError } from '@colyseus/core';
import { JOIN_ERROR_NUMBERS } from '@flightchess/protocol';
import { credentialsSchema, verifyGuest } from '../players';
import type { PlayerRecord, Storage } from '../storage/Storage';

/**
 * The player asking for a seat (create, quick match, join, watch), from the credentials in their
 * matchmaking options. Checked when the seat is asked for, before any room is made (Colyseus' static
 * onAuth): a request without a player makes no table, join code or listing. Refused with
 * ERR_BAD_CREDENTIALS.
 */
export async function seatCredentials(storage: Storage, options: unknown): Promise<PlayerRecord> {
  const creds = credentialsSchema.safeParse(options);
  const player = creds.success ? await verifyGuest(storage, creds.data.playerId, creds.data.secret) : null;
  if (!player) throw new ServerError(JOIN_ERROR_NUMBERS.ERR_BAD_CREDENTIALS, 'ERR_BAD_CREDENTIALS: join with the playerId and secret from POST /api/guests');
  return player;
}

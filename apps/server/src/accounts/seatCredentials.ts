import type { IncomingMessage } from 'node:http';
import { ServerError } from '@colyseus/core';
import { JOIN_ERROR_NUMBERS, codedText } from '@flightchess/protocol';
import type { Bans } from '../bans/bans';
import type { BanStorage } from '../bans/banRepository';
import type { PlayerRecord } from '../players/playerRepository';
import { type GuestReads, credentialsSchema, verifyGuest } from './guests';

/** The player at a table connection, and the address they came from (a ban may cover it). */
export interface SeatAuth extends PlayerRecord {
  readonly address: string;
}

export interface SeatCheck {
  readonly storage: GuestReads & Pick<BanStorage, 'sawPlayer'>;
  readonly bans: Pick<Bans, 'refusal'>;
  /** The client's address (limits/clientAddress.ts). */
  readonly addressOf: (req: IncomingMessage) => string;
}

/** Matchmaking that makes a new table (quick play, POST /api/quick, checks bans itself). */
const NEW_TABLE = /^\/matchmake\/create\//;

/**
 * The player asking for a seat (create, quick match, join, watch), from the credentials in their
 * matchmaking options. Checked when the seat is asked for, before any room is made (Colyseus' static
 * onAuth): a request without a player makes no table, join code or listing (ERR_BAD_CREDENTIALS), nor one
 * from a banned player or address (ERR_BANNED). A join is checked for a ban at the table, where a banned
 * player's own seat is still theirs to take back. Where the player was seen from is kept for a ban.
 */
export async function seatCredentials(check: SeatCheck, options: unknown, context: { req?: IncomingMessage } = {}): Promise<SeatAuth> {
  const creds = credentialsSchema.safeParse(options);
  const player = creds.success ? await verifyGuest(check.storage, creds.data.playerId, creds.data.secret) : null;
  if (!player)
    throw new ServerError(
      JOIN_ERROR_NUMBERS.ERR_BAD_CREDENTIALS,
      codedText('ERR_BAD_CREDENTIALS', 'join with the playerId and secret from POST /api/guests'),
    );
  const address = context.req ? check.addressOf(context.req) : '';
  if (address !== '') await check.storage.sawPlayer(player.id, address);
  if (NEW_TABLE.test(context.req?.url ?? '')) {
    const banned = await check.bans.refusal(player.id, address);
    if (banned) throw new ServerError(JOIN_ERROR_NUMBERS.ERR_BANNED, codedText('ERR_BANNED', banned.message));
  }
  return { ...player, address };
}

import { ServerError, type matchMaker } from '@colyseus/core';
import { JOIN_ERROR_NUMBERS, type Rejection, reject } from '@flightchess/protocol';
import type { Storage } from '../storage/Storage';

const BANNED = reject('ERR_BANNED', 'the operator of this server has banned you: you cannot open or join tables or send phrases');

/**
 * Banned guests (issue 21) are refused when they create a table (refusingCreation) or join one and
 * when they send a quick phrase; a game they are playing goes on, and they may take their own seat
 * back. Asked of the store each time, so a ban reaches every process of the deployment at once.
 */
export class Bans {
  constructor(private readonly storage: Pick<Storage, 'isBanned'>) {}

  /** ERR_BANNED for a banned guest, else null (a missing id is the credentials' business, not a ban's). */
  async refusal(playerId: unknown): Promise<Rejection | null> {
    if (typeof playerId !== 'string' || playerId === '') return null;
    return (await this.storage.isBanned(playerId)) ? BANNED : null;
  }

  /**
   * Colyseus asks `select` which process creates a new table, on the process the request reached: a
   * banned guest is refused there, before any table exists. (A refusal thrown where the table would be
   * created, on another process of the deployment, reaches the client without its code.)
   */
  refusingCreation(select: matchMaker.SelectProcessIdCallback): matchMaker.SelectProcessIdCallback {
    return async (roomName, options) => {
      const banned = await this.refusal((options as { playerId?: unknown } | undefined)?.playerId);
      if (banned) throw new ServerError(JOIN_ERROR_NUMBERS.ERR_BANNED, `ERR_BANNED: ${banned.message}`);
      return select(roomName, options);
    };
  }
}

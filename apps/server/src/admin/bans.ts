import { type Rejection, reject } from '@flightchess/protocol';
import type { Storage } from '../storage/Storage';

const BANNED = reject('ERR_BANNED', 'the operator of this server has banned you: you cannot open or join tables or send phrases');

/**
 * Banned guests (issue 21) are refused when they create or join a table and when they send a quick
 * phrase; a game they are playing goes on, and they may take their own seat back. Asked of the
 * store each time, so a ban reaches every process of the deployment at once.
 */
export class Bans {
  constructor(private readonly storage: Pick<Storage, 'isBanned'>) {}

  /** ERR_BANNED for a banned guest, else null (a missing id is the credentials' business, not a ban's). */
  async refusal(playerId: unknown): Promise<Rejection | null> {
    if (typeof playerId !== 'string' || playerId === '') return null;
    return (await this.storage.isBanned(playerId)) ? BANNED : null;
  }
}

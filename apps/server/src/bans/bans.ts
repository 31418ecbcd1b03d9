import { type Rejection, reject } from '@flightchess/protocol';
import type { Response } from 'express';
import { fail } from '../http/respond';
import type { BanStorage } from './banRepository';

const BANNED = reject(
  'ERR_BANNED',
  'the operator of this server has banned you: you cannot open or join tables, send phrases, rename or link devices',
);

/**
 * Banned players, and the addresses banned with them for a while: refused when they
 * create a table (accounts/seatCredentials.ts) or join one, send a quick phrase, become a new guest,
 * rename, or link a device; a game they are playing goes on, and they may take their own seat back.
 * Asked of the store each time, so a ban reaches every process of the deployment at once.
 */
export class Bans {
  constructor(
    private readonly storage: Pick<BanStorage, 'isBanned'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** ERR_BANNED for a banned player, or anyone at a banned address ('' for either: not known), else null. */
  async refusal(playerId: string, address: string): Promise<Rejection | null> {
    if (playerId === '' && address === '') return null;
    return (await this.storage.isBanned(playerId, address, this.now())) ? BANNED : null;
  }

  /** Over HTTP: 403 ERR_BANNED when `refusal` finds a ban; whether it answered so. */
  async answered(res: Response, playerId: string, address: string): Promise<boolean> {
    const banned = await this.refusal(playerId, address);
    if (banned) fail(res, 403, 'ERR_BANNED', banned.message);
    return banned !== null;
  }
}

import type { Client } from '@colyseus/core';
import type { Colour } from '@flightchess/rules';
import { PHRASE_BURST, PHRASE_SECONDS, type QuickPhrase, type Rejection, reject } from '@flightchess/protocol';
import type { SeatAuth } from '../accounts/seatCredentials';
import { RateLimiter } from './rateLimiter';
import type { Table } from './table';

/** The quick phrases of one table. They have a limit of their own, well below the message limit: a table is not a chat room. */
export class QuickPhrases {
  private readonly limiter = new RateLimiter(1 / PHRASE_SECONDS, Date.now, PHRASE_BURST);

  constructor(private readonly t: Table) {}

  /** A quick phrase goes to everyone at the table, the speaker's client too (it shows it the same way), but those who blocked the speaker. */
  async say(client: Client, seat: Colour, phrase: QuickPhrase): Promise<Rejection | null> {
    if (!this.limiter.take(client.sessionId).allowed)
      return reject('ERR_RATE_LIMITED', `one quick phrase every ${PHRASE_SECONDS} s: wait a moment`);
    const playerId = this.t.seating.seat(seat)!.playerId;
    const banned = await this.t.seats.banned(client, playerId);
    if (banned) return banned;
    // The players who blocked this one (pairing/): its phrases do not reach them.
    const blockers = await this.t.deps.pairing.blockersOf(playerId);
    // Every connection at a table was let in by onAuth (accounts/seatCredentials.ts): its auth names its player.
    const blocked = (listener: Client) => blockers.has((listener.auth as SeatAuth | undefined)?.id ?? '');
    this.t.tell('phrase', { seat, playerId, phrase }, blockers.size > 0 ? blocked : undefined);
    return null;
  }

  forget(sessionId: string): void {
    this.limiter.forget(sessionId);
  }
}

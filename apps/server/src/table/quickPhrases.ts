import type { Client } from '@colyseus/core';
import type { Colour } from '@flightchess/rules';
import { PHRASE_BURST, PHRASE_SECONDS, type QuickPhrase, type Rejection, reject } from '@flightchess/protocol';
import { RateLimiter } from './rateLimiter';
import type { TableHost } from './tableHost';

/** The quick phrases of one table. They have a limit of their own, well below the message limit: a table is not a chat room. */
export class QuickPhrases {
  private readonly limiter = new RateLimiter(1 / PHRASE_SECONDS, Date.now, PHRASE_BURST);

  constructor(
    private readonly t: Pick<TableHost, 'seating' | 'tell'>,
    private readonly banned: (client: Client, playerId: string) => Promise<Rejection | null>,
  ) {}

  /** A quick phrase goes to everyone at the table, the speaker's client too (it shows it the same way). */
  async say(client: Client, seat: Colour, phrase: QuickPhrase): Promise<Rejection | null> {
    if (!this.limiter.take(client.sessionId).allowed)
      return reject('ERR_RATE_LIMITED', `one quick phrase every ${PHRASE_SECONDS} s: wait a moment`);
    const playerId = this.t.seating.seat(seat)!.playerId;
    const banned = await this.banned(client, playerId);
    if (banned) return banned;
    this.t.tell('phrase', { seat, playerId, phrase });
    return null;
  }

  forget(sessionId: string): void {
    this.limiter.forget(sessionId);
  }
}

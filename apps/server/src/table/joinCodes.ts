import type { Presence } from '@colyseus/core';
import { joinCode } from '../core/ids';

const CODES_KEY = 'flightchess:table-codes';

/**
 * Join codes of tables, kept in the presence so that every process can resolve them. A code outlives
 * its process while the table's game is unfinished: the process that restores the table claims it again.
 */
export class JoinCodes {
  constructor(private readonly presence: Presence) {}

  async register(roomId: string): Promise<string> {
    for (;;) {
      const code = joinCode();
      if ((await this.presence.hget(CODES_KEY, code)) === null) {
        await this.presence.hset(CODES_KEY, code, roomId);
        return code;
      }
    }
  }

  /** A restored table takes its own code back. */
  async claim(code: string, roomId: string): Promise<void> {
    await this.presence.hset(CODES_KEY, code, roomId);
  }

  async lookup(code: string): Promise<string | null> {
    return (await this.presence.hget(CODES_KEY, code.toUpperCase())) ?? null;
  }

  async release(code: string): Promise<void> {
    await this.presence.hdel(CODES_KEY, code);
  }
}

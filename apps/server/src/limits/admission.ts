import { matchMaker } from '@colyseus/core';
import { type Rejection, reject } from '@flightchess/protocol';
import type { ClientLimiter } from './clientLimiter';
import type { ClientLimits } from './clientLimits';

/** What admission is told (part of ServerConfig). */
export interface AdmissionConfig {
  /** This process takes no new table beyond this many. */
  readonly maxTables: number;
  /** This process seats nobody new beyond this many open connections (players coming back always are). */
  readonly maxConnections: number;
  readonly limits: Pick<ClientLimits, 'openTablesPerGuest'>;
}

/**
 * Who may come in: process-wide caps (MAX_TABLES, MAX_CONNECTIONS) and the tables one player may sit
 * at. Only what is new is refused — a player taking their own seat back and a table restored from
 * storage always come in, so games in progress are never affected.
 */
export class Admission {
  constructor(
    private readonly config: AdmissionConfig,
    private readonly limiter: ClientLimiter,
    /** The unfinished tables a player sits at, on every process (the lobby's: table/lobbyTables.ts). */
    private readonly tablesOf: (playerId: string) => Promise<readonly unknown[]>,
  ) {}

  /** A new table on this process. */
  newTable(): Rejection | null {
    return matchMaker.stats.local.roomCount >= this.config.maxTables
      ? reject('ERR_SERVER_FULL', `this server has its ${this.config.maxTables} tables already: try again later`)
      : null;
  }

  /** A new connection at a table: a new player or a watcher (not one coming back to their own seat). */
  newConnection(who: 'players' | 'watchers'): Rejection | null {
    return this.limiter.openSockets > this.config.maxConnections
      ? reject('ERR_SERVER_FULL', `this server has its ${this.config.maxConnections} ${who} already: try again later`)
      : null;
  }

  /** A new player at a table (not one coming back to their own seat). */
  async newSeat(playerId: string): Promise<Rejection | null> {
    const full = this.newConnection('players');
    if (full) return full;
    const limit = this.config.limits.openTablesPerGuest;
    if ((await this.tablesOf(playerId)).length >= limit)
      return reject('ERR_TOO_MANY', `you sit at ${limit} tables already: finish or leave one first`);
    return null;
  }
}

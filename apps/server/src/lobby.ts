import { type Presence, matchMaker } from '@colyseus/core';
import { joinCode } from './ids';

export const TABLE_ROOM = 'table';

/** What the lobby shows of a table; the room keeps it current with setMetadata. */
export interface TableMetadata {
  readonly preset: string;
  readonly size: number;
  readonly teams: boolean;
  readonly base: number;
  readonly turnSeconds: number;
  readonly status: 'waiting' | 'playing' | 'over';
  /** Seats taken by players or bots. */
  readonly seated: number;
  readonly names: readonly string[];
}

export interface TableListing extends TableMetadata {
  readonly roomId: string;
}

/** Public tables of every process (through the matchmaker driver), waiting ones first. */
export async function publicTables(): Promise<TableListing[]> {
  const rooms = await matchMaker.query({ name: TABLE_ROOM, private: false });
  const order = { waiting: 0, playing: 1, over: 2 } as const;
  return rooms
    .filter((r) => r.metadata)
    .map((r) => ({ roomId: r.roomId, ...(r.metadata as TableMetadata) }))
    .sort((a, b) => order[a.status] - order[b.status]);
}

const CODES_KEY = 'flightchess:table-codes';

/** Join codes of private tables, kept in the presence so that every process can resolve them. */
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

  async lookup(code: string): Promise<string | null> {
    return (await this.presence.hget(CODES_KEY, code.toUpperCase())) ?? null;
  }

  async release(code: string): Promise<void> {
    await this.presence.hdel(CODES_KEY, code);
  }
}

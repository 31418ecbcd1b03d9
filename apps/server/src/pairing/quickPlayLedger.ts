import type { Presence } from '@colyseus/core';

/** How long a reserved seat waits for its player's connection (Colyseus' seat reservation time, 15 s by default). */
export const RESERVATION_MS = 15_000;
/** A decision's hold on the cluster lapses after this long: a process that died holding it does not stop quick play. */
const LOCK_SECONDS = 10;
/** How long a decision waits for another process's to end; after that it goes ahead (that process died holding it). */
const LOCK_WAIT_MS = 3_000;
const LOCK_KEY = 'flightchess:quick-play:deciding';
const RESERVED_KEY = 'flightchess:quick-play:reserved';

/** A seat quick play reserved, until its player's connection takes it (the listing shows them then). */
export interface Reserved {
  readonly playerId: string;
  readonly rating: number;
  readonly at: number;
}

/**
 * What quick play's decisions share across the processes of a deployment, in the presence (Redis with
 * several processes, memory with one): the seats reserved and not yet taken, by table, so that a press on
 * one process sees the seat another just reserved; and, with several processes (`clustered`), a lock, so
 * that two presses at the same instant on two processes are decided one after the other and seat one table.
 */
export class QuickPlayLedger {
  constructor(
    private readonly presence: Presence,
    private readonly clustered: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** Run `decide` while no other process decides. */
  async exclusive<T>(decide: () => Promise<T>): Promise<T> {
    const held = this.clustered && (await this.lock());
    try {
      return await decide();
    } finally {
      if (held) await this.presence.hdel(LOCK_KEY, 'holders');
    }
  }

  /** The seats reserved and not yet lapsed, by table. */
  async reserved(): Promise<Map<string, Reserved[]>> {
    const now = this.now();
    const all = new Map<string, Reserved[]>();
    for (const [roomId, text] of Object.entries(await this.presence.hgetall(RESERVED_KEY))) {
      const seats = (JSON.parse(text) as Reserved[]).filter((s) => now - s.at < RESERVATION_MS);
      if (seats.length > 0) all.set(roomId, seats);
      else await this.presence.hdel(RESERVED_KEY, roomId);
    }
    return all;
  }

  /**
   * `seat` is reserved at this table now (only there: a second press moves it, if anything). `current`:
   * the seats reserved as this decision read them (nobody changed them since: the decisions take turns).
   */
  async reserve(roomId: string, seat: Reserved, current?: ReadonlyMap<string, readonly Reserved[]>): Promise<void> {
    const all = new Map(current ?? (await this.reserved()));
    all.set(roomId, all.get(roomId) ?? []);
    for (const [table, seats] of all) {
      const kept = [...seats.filter((s) => s.playerId !== seat.playerId), ...(table === roomId ? [seat] : [])];
      if (kept.length === 0) await this.presence.hdel(RESERVED_KEY, table);
      else if (table === roomId || kept.length < seats.length) await this.presence.hset(RESERVED_KEY, table, JSON.stringify(kept));
    }
  }

  /**
   * Take the cluster's lock: the first to count 1 holds it, until it deletes the count; the others try
   * again. The count lapses LOCK_SECONDS after the last try. Gives up (false) after LOCK_WAIT_MS.
   */
  private async lock(): Promise<boolean> {
    const until = this.now() + LOCK_WAIT_MS;
    for (;;) {
      if ((await this.presence.hincrbyex(LOCK_KEY, 'holders', 1, LOCK_SECONDS)) === 1) return true;
      if (this.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

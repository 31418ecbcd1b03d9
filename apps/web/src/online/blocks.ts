import type { BlockedPlayer } from '@flightchess/protocol';
import type { NetSession } from './netSession';

/**
 * The players this one blocked (never seated together by quick play; their phrases hidden), as the own
 * profile lists them, and the one call that changes it: POST /api/players/:id/blocks blocks,
 * DELETE the same unblocks, both with `{ secret, playerId }`.
 */
export class BlockList {
  private readonly ids = new Set<string>();

  constructor(private readonly net: NetSession) {}

  /** What the own profile says (its `blocked`). */
  know(blocked: readonly BlockedPlayer[] | undefined): void {
    this.ids.clear();
    for (const b of blocked ?? []) this.ids.add(b.playerId);
  }

  has(playerId: string): boolean {
    return this.ids.has(playerId);
  }

  /** Block or unblock `playerId`; the list changes once the server agreed. */
  async set(playerId: string, blocked: boolean): Promise<void> {
    const me = this.net.credentials();
    if (!me) return;
    await this.net.api<unknown>(`/api/players/${encodeURIComponent(me.playerId)}/blocks`, {
      method: blocked ? 'POST' : 'DELETE',
      body: JSON.stringify({ secret: me.secret, playerId }),
    });
    if (blocked) this.ids.add(playerId);
    else this.ids.delete(playerId);
  }
}

import { type FriendPresence, PRESENCE_STATES, type PresenceState, type PresenceTable } from '@flightchess/protocol';

/** What one process knows a player is doing there (absent: nothing, so offline as far as it knows). */
export interface PresencePart {
  readonly state: Exclude<PresenceState, 'offline'>;
  readonly since: number;
  readonly table?: PresenceTable;
  /** When the process last said so: a part not said again for a while is a dead process's, and ignored. */
  readonly at: number;
}

/** What a player does at one table. */
export interface TableActivity {
  readonly state: 'playing' | 'waiting' | 'watching';
  readonly table: PresenceTable;
}

const rank = (state: PresenceState): number => PRESENCE_STATES.indexOf(state);

/** The most telling of several (playing before waiting before watching before online); on a tie, the longest held. */
export function mostTelling<T extends { readonly state: PresenceState; readonly since?: number }>(items: Iterable<T>): T | null {
  let best: T | null = null;
  for (const item of items)
    if (!best || rank(item.state) < rank(best.state) || (rank(item.state) === rank(best.state) && (item.since ?? 0) < (best.since ?? 0)))
      best = item;
  return best;
}

/**
 * One process's part for a player: the most telling of their tables here, else online while a page of
 * theirs is open here, else nothing. `since` carries over from the part before while the state and the
 * table stay the same (a table's progress changes nothing of it).
 */
export function partOf(
  tables: Iterable<TableActivity>,
  pagesOpen: boolean,
  before: PresencePart | null,
  now: number,
): Omit<PresencePart, 'at'> | null {
  const best = mostTelling(tables);
  const next = best ? { state: best.state, table: best.table } : pagesOpen ? { state: 'online' as const } : null;
  if (!next) return null;
  const same = before && before.state === next.state && before.table?.roomId === next.table?.roomId;
  return { ...next, since: same ? before.since : now };
}

/** A player's presence over every process's part (those said within `freshMs` of `now`); offline since `lastSeen` when none. */
export function presenceOf(parts: Iterable<PresencePart>, lastSeen: number, now: number, freshMs: number): FriendPresence {
  const best = mostTelling([...parts].filter((p) => p.at >= now - freshMs));
  if (!best) return { state: 'offline', since: lastSeen };
  return best.table ? { state: best.state, since: best.since, table: best.table } : { state: best.state, since: best.since };
}

/** Whether two presences say the same to a friend. */
export const samePresence = (a: FriendPresence, b: FriendPresence): boolean => JSON.stringify(a) === JSON.stringify(b);

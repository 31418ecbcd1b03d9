import { seatedTable } from './pairNext';
import type { PairedTable, StoredTournament } from './tournamentRepository';

/** A player an arena may seat now: their score so far, and since when they have been waiting. */
export interface ArenaWaiter {
  readonly playerId: string;
  readonly score: number;
  readonly since: number;
}

/**
 * An arena's tables for whoever is waiting now (lichess's arena pairs whoever is free, by rank): by score,
 * the longest waiting first among equals, a table of `seats` at a time; the few left over wait for others —
 * until one of them has waited `waitMs`, when they are seated together with bots in the empty seats.
 */
export function pairArena(
  t: Pick<StoredTournament, 'seats' | 'preset'>,
  waiting: readonly ArenaWaiter[],
  now: number,
  waitMs: number,
  newId: () => string,
): PairedTable[] {
  const order = [...waiting].sort((a, b) => b.score - a.score || a.since - b.since || (a.playerId < b.playerId ? -1 : 1));
  const tables: (string | null)[][] = [];
  while (order.length >= t.seats) tables.push(order.splice(0, t.seats).map((w) => w.playerId));
  if (order.length > 0 && order.some((w) => now - w.since >= waitMs))
    tables.push([...order.map((w) => w.playerId), ...Array<null>(t.seats - order.length).fill(null)]);
  return tables.map((people) => seatedTable(t, people, null, newId));
}

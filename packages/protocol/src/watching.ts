import type { ClientMessageType } from './clientMessages';
import type { TableListing } from './records';

/** The facts name this many watchers at most (the count is always whole). */
export const WATCHER_NAMES_SHOWN = 20;

/** What a watcher may send: everything else acts on the table and is refused with ERR_WATCHING. */
export const WATCHER_MESSAGES: readonly ClientMessageType[] = ['sync', 'sit', 'ping'];

/** Public games in progress that anyone may watch, the liveliest first: the most people playing, then the newest game. */
export function liveGames(tables: readonly TableListing[]): TableListing[] {
  return tables.filter((t) => t.status === 'playing' && t.watchable).sort((a, b) => b.humans - a.humans || b.startedAt - a.startedAt);
}

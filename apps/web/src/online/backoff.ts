/** Tries at most 2 s apart: about half a minute, in which a cluster has restored a killed process's tables (in seconds). */
const QUICK_TRIES = 15;

/** Reconnect delays: 0.5 s doubling to at most 2 s for the first QUICK_TRIES tries, then at most 8 s. */
export function backoffDelay(attempt: number): number {
  const n = Math.max(0, attempt);
  return Math.min(n < QUICK_TRIES ? 2000 : 8000, 500 * 2 ** n);
}

/**
 * The server holds a dropped seat for 3 minutes (RULES.md §7) from when it notices the drop (up to 9 s
 * later): trying a little longer lets a page that comes back just after find the table and learn what
 * became of its seat; longer still is pointless.
 */
export const RECONNECT_WINDOW_MS = 200_000;

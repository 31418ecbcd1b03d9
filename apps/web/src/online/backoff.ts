/** Reconnect delays: 0.5 s doubling to at most 8 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(8000, 500 * 2 ** Math.max(0, attempt));
}

/**
 * The server holds a dropped seat for 3 minutes (RULES.md §7) from when it notices the drop (up to 9 s
 * later): trying a little longer lets a page that comes back just after find the table and learn what
 * became of its seat; longer still is pointless.
 */
export const RECONNECT_WINDOW_MS = 200_000;

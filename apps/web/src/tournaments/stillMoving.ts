import type { TournamentView } from '@flightchess/protocol';

/** How long after a tournament's last round its page waits for the last reviews: a review that never lands is not waited for forever. */
export const REVIEWS_WAIT_MS = 10 * 60_000;

/**
 * Whether a tournament's page should read it again: while it has not started or runs, and once over while
 * games of it are still being reviewed (each review moves the luck-free column and, duplicate, the ratings).
 */
export function stillMoving(view: TournamentView | null, now: number): boolean {
  if (!view || view.status === 'upcoming' || view.status === 'running') return true;
  if (view.status !== 'finished') return false;
  // An arena's pairings are rounds that never end by themselves: its end is its time's, or its last pairing's.
  const lastEnd = Math.max(view.startsAt + view.minutes * 60_000, ...view.roundList.map((r) => r.endedAt ?? r.startedAt ?? 0));
  return view.standings.some((s) => s.reviewed < s.games) && now - lastEnd < REVIEWS_WAIT_MS;
}

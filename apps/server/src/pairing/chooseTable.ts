import type { RatingMode } from '@flightchess/rules';
import { pairingWindow } from './pairingWindow';

/** A person pressing quick play. */
export interface Seeker {
  readonly playerId: string;
  /** Their rating in each mode a candidate table is of (a newcomer's is 1500). */
  readonly ratingIn: (mode: RatingMode) => number;
  /** Players this one blocked or who blocked them: never seated together by quick play. */
  readonly avoid: ReadonlySet<string>;
}

/** An open table quick play might seat someone at, as the listings (and the seats just reserved there) show it. */
export interface Candidate {
  readonly roomId: string;
  readonly mode: RatingMode;
  /** Rated public tables only are paired by rating; anything else is not a candidate. */
  readonly rated: boolean;
  readonly listed: boolean;
  readonly status: 'waiting' | 'playing' | 'over';
  readonly size: number;
  /** Seats taken, bots included, and seats reserved for people on their way. */
  readonly taken: number;
  /** The people seated (or on their way) and their ratings in the table's mode. */
  readonly people: readonly { readonly playerId: string; readonly rating: number }[];
  /** When the table began to wait for people (epoch ms): its window widens from then. */
  readonly waitingSince: number;
}

/** How well a table fits the seeker: the farthest rating there, then the fuller and the longer-waiting table. */
interface Fit {
  readonly table: Candidate;
  readonly gap: number;
}

/**
 * The table to seat `seeker` at, at `now`, or null when none fits (quick play then opens a new one).
 * A table fits when it is rated, public, seating people and has a free seat, nobody there is someone
 * the seeker blocked or who blocked them, and every person there is within the table's window
 * (pairingWindow) of the seeker's rating: the farthest one is measured, not the mean, so that a table of
 * a 1000 and a 2000 is not taken as a fair table for a 1500. Among those that fit, the nearest (smallest
 * farthest gap) wins; ties go to the fuller table (the game starts sooner), then to the one waiting
 * longer, then to the lower room id (one answer for the same listings). A table the seeker already sits at
 * (or was just sent to: a second press) is theirs again, whatever the others there.
 */
export function chooseTable(seeker: Seeker, tables: readonly Candidate[], now: number): Candidate | null {
  const fits: Fit[] = [];
  for (const table of tables) {
    if (!table.rated || !table.listed || table.status !== 'waiting') continue;
    if (table.people.some((p) => p.playerId === seeker.playerId)) return table;
    if (table.taken >= table.size || table.people.some((p) => seeker.avoid.has(p.playerId))) continue;
    const rating = seeker.ratingIn(table.mode);
    const gap = Math.max(0, ...table.people.map((p) => Math.abs(p.rating - rating)));
    if (gap <= pairingWindow(now - table.waitingSince)) fits.push({ table, gap });
  }
  fits.sort(
    (a, b) =>
      a.gap - b.gap ||
      b.table.taken - a.table.taken ||
      a.table.waitingSince - b.table.waitingSince ||
      (a.table.roomId < b.table.roomId ? -1 : 1),
  );
  return fits[0]?.table ?? null;
}

/**
 * Whether anyone else is waiting for quick play at these tables (a rated public one seating people, with
 * a free seat), fitting the seeker or not. When nobody is, quick play's new table starts soon: nobody
 * is coming to pair with. When someone is, it counts down as long as any, so that they may be paired.
 */
export function othersWaiting(seeker: Pick<Seeker, 'playerId'>, tables: readonly Candidate[]): boolean {
  return tables.some(
    (t) => t.rated && t.listed && t.status === 'waiting' && t.taken < t.size && t.people.some((p) => p.playerId !== seeker.playerId),
  );
}

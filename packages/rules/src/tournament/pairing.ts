/**
 * Swiss pairing (issue 42) as a pure function of the standings: who sits at which table in the next round.
 * Players are numbers (the caller's indices); a seat a bot fills is `null`.
 */

/** Seats at a table of a tournament's round: 2 (a duel) or 4. */
export type TableSize = 2 | 4;

/** A table of a round: its players, best placed first, then `null` for each seat a bot fills. */
export type RoundTable = readonly (number | null)[];

export interface RoundPairing {
  readonly tables: readonly RoundTable[];
  /** Who sits this round out (an odd count at tables of two): scored `BYE_POINTS` (points.ts). */
  readonly byes: readonly number[];
}

export interface PairingInput {
  /** The players still in the tournament, best placed first (the standings). */
  readonly standings: readonly number[];
  readonly size: TableSize;
  /** Whether two players have sat at one table before. */
  readonly met: (a: number, b: number) => boolean;
  /** Whether a player has sat a round out before. */
  readonly hadBye: (player: number) => boolean;
}

/**
 * The next round's tables. From the top of the standings down, each table is seated with whoever ranks
 * highest among those who have met nobody at it — or, when every one left has, the highest of them (a
 * repeat cannot always be avoided). At tables of two an odd player out sits the round out: the lowest
 * placed who has not yet (else the lowest). At tables of four, when the count does not fill them, the
 * players are spread as evenly as they go — the top tables full — and bots take the seats left: fewer
 * bots at a table rather than one table of bots.
 */
export function pairRound({ standings, size, met, hadBye }: PairingInput): RoundPairing {
  const left = [...standings];
  const byes: number[] = [];
  if (size === 2 && left.length % 2 === 1) {
    const out = lastIndex(left, (p) => !hadBye(p));
    byes.push(left.splice(out >= 0 ? out : left.length - 1, 1)[0]!);
  }
  const count = Math.ceil(left.length / size);
  const tables: (number | null)[][] = [];
  for (let t = 0; t < count; t++) {
    // The first (left.length % count) tables take one player more than the rest.
    const people = Math.ceil(left.length / (count - t));
    const table: (number | null)[] = [left.shift()!];
    while (table.length < people) {
      const fresh = left.findIndex((p) => table.every((q) => q === null || !met(p, q)));
      table.push(left.splice(fresh >= 0 ? fresh : 0, 1)[0]!);
    }
    while (table.length < size) table.push(null);
    tables.push(table);
  }
  return { tables, byes };
}

function lastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}

import { RATING_MODES, shownRating } from '@flightchess/rules';
import type { MatchStorage } from '../matches/MatchStorage';
import type { RatingStorage } from './RatingStorage';
import { Rerater } from './rerateAll';

/** What a rebuild found, and whether it wrote it. */
export interface RebuildReport {
  /** Finished rated matches replayed. */
  readonly matches: number;
  /** Players with a rating in some mode. */
  readonly players: number;
  /** Rated seats whose stored rating before or after differs from the rebuild's. */
  readonly seatsChanged: number;
  /** Players' ratings (per mode, as shown) that differ from the stored ones, or are new or gone. */
  readonly ratingsChanged: number;
  readonly written: boolean;
}

/**
 * Every rating recomputed from the stored records (rerateAll.ts's rules, one match loaded at a time), for
 * after the model changed (a refitted β, a new anchor): what would change, and with `write` the stored
 * ratings replaced by the recomputed ones in one transaction (RatingStorage.replaceRatings). Safe while
 * servers play: if a rated game ends meanwhile nothing is written, and the rebuild is refused.
 */
export async function rebuildRatings(
  storage: Pick<MatchStorage, 'getMatch'> & { readonly ratings: RatingStorage },
  { write, at = Date.now() }: { write: boolean; at?: number },
): Promise<RebuildReport> {
  const ids = await storage.ratings.ratedMatchIds();
  const rerater = new Rerater();
  let seatsChanged = 0;
  const players = new Set<string>();
  for (const id of ids) {
    const match = await storage.getMatch(id);
    if (!match) throw new Error(`match ${id} is listed but cannot be read`);
    const changes = rerater.add(match);
    for (const seat of match.seats) {
      if (seat.playerId) players.add(seat.playerId);
      const now = changes[seat.colour];
      if (now?.before !== (seat.ratingBefore ?? undefined) || now?.after !== (seat.ratingAfter ?? undefined)) seatsChanged++;
    }
  }
  let ratingsChanged = 0;
  for (const playerId of players) {
    const stored = await storage.ratings.ratingsOf(playerId);
    for (const mode of RATING_MODES) {
      const was = stored[mode];
      const is = rerater.skills.get(`${playerId} ${mode}`);
      const now = is && { ...shownRating(is.skill), games: is.games };
      if (was?.rating !== now?.rating || was?.deviation !== now?.deviation || was?.games !== now?.games) ratingsChanged++;
    }
  }
  if (write) await storage.ratings.replaceRatings(rerater, ids.length, at);
  return { matches: ids.length, players: players.size, seatsChanged, ratingsChanged, written: write };
}

import type { Logger } from 'pino';
import type { MatchStorage } from '../matches/MatchStorage';
import type { GameReviews } from './gameReviews';
import type { TournamentStorage } from './tournamentRepository';

export interface ReviewerDeps {
  readonly storage: TournamentStorage;
  readonly matches: Pick<MatchStorage, 'getMatch'>;
  readonly reviews: Pick<GameReviews, 'review' | 'where'>;
  readonly logger: Logger;
}

/**
 * Reviews every finished tournament game once, the oldest first, for the standings: the luck-free column
 * (what each player's decisions lost against the expert's) and the dice's part of the game (a duplicate
 * Swiss ranks by results less it). Asked often, it reviews one game at a time and stores both. A game
 * whose review fails is stored with nothing (logged), never tried forever. Several processes may review
 * the same game at once; the first answer stored is kept.
 */
export class TournamentReviewer {
  private busy = false;

  constructor(private readonly deps: ReviewerDeps) {}

  /** Review the next game waiting, if any and if none is being reviewed here; resolves when it is stored. */
  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const next = await this.deps.storage.unreviewed();
      if (!next) return;
      const record = await this.deps.matches.getMatch(next.matchId);
      if (!record) return;
      const started = Date.now();
      const answer = await this.deps.reviews.review({ setup: record.setup, actions: record.actions });
      const where = this.deps.reviews.where;
      if (answer.ok)
        this.deps.logger.info({ event: 'tournament-reviewed', matchId: next.matchId, ms: Date.now() - started, where }, 'game reviewed');
      else
        this.deps.logger.error(
          { event: 'tournament-review-failed', matchId: next.matchId, reason: answer.message, where },
          'could not review a game',
        );
      const stored = answer.ok ? { losses: answer.losses, luck: answer.luck } : { losses: {}, luck: null };
      await this.deps.storage.storeReview(next.matchId, next.tournamentId, stored, Date.now());
    } finally {
      this.busy = false;
    }
  }
}

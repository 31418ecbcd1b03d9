import { BOT_RATINGS, type BotName, NEWCOMER_RATING, type RatingMode } from '@flightchess/rules';
import type { Logger } from 'pino';
import type { RatingStorage } from '../ratings/RatingStorage';
import type { TableState } from './schema';

/**
 * The rating each seat shows before a rated table's game (SeatState.rating): a person's in the table's
 * mode (a newcomer's 1500), a bot's fixed anchor; nothing at a casual table (`mode` null). A person's is
 * read once while they sit, and again after `forget` (a rematch: their last game changed it).
 */
export class TableRatings {
  private readonly known = new Map<string, number>();

  constructor(
    private readonly state: TableState,
    private readonly reads: Pick<RatingStorage, 'ratingOf'>,
    private readonly mode: RatingMode | null,
    private readonly log: Logger,
  ) {}

  /** Every seat shows its rating now. A read that fails leaves that seat as it was (logged): seating goes on. */
  async show(): Promise<void> {
    const { mode } = this;
    if (!mode) return;
    for (const seat of this.state.seats.values()) {
      if (seat.kind === 'bot') seat.rating = BOT_RATINGS[mode][seat.bot as BotName] ?? 0;
      else if (seat.playerId) seat.rating = (await this.ratingOf(seat.playerId, mode)) ?? seat.rating;
    }
  }

  /** Read everyone's rating again at the next `show`. */
  forget(): void {
    this.known.clear();
  }

  private async ratingOf(playerId: string, mode: RatingMode): Promise<number | null> {
    const known = this.known.get(playerId);
    if (known !== undefined) return known;
    try {
      const rating = (await this.reads.ratingOf(playerId, mode))?.rating ?? NEWCOMER_RATING;
      this.known.set(playerId, rating);
      return rating;
    } catch (err) {
      this.log.error({ event: 'storage-failed', err, playerId }, 'could not read a rating');
      return null;
    }
  }
}

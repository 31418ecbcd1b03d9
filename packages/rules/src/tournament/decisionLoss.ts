import type { BySeat } from '../colours';
import type { GameReview } from '../review/reviewGame';

/** What a seat's own decisions of a game gave away against the expert's: summed points (0..100 scale each), and how many it made. */
export interface DecisionLoss {
  readonly loss: number;
  readonly decisions: number;
}

/**
 * The luck-free column of a tournament (issue 42): per seat, the win chance its player's decisions lost
 * against the best (the review's `loss` of each move with a choice), summed — the dice play no part in it.
 * Moves auto-play (托管) made for the seat, and moves with nothing to decide, are nobody's.
 */
export function decisionLosses(review: Pick<GameReview, 'moves'>): BySeat<DecisionLoss> {
  const losses: BySeat<{ loss: number; decisions: number }> = {};
  for (const m of review.moves) {
    if (m.forced || m.by !== 'player') continue;
    const seat = (losses[m.seat] ??= { loss: 0, decisions: 0 });
    seat.loss += m.loss;
    seat.decisions += 1;
  }
  return losses;
}

import type { ModeRating } from '@flightchess/protocol';
import { t } from '../i18n';
import { signed } from '../ui/signed';

/** A rating change as shown: its words ("1512 → 1527 (+15)"), its direction (shown as ▲/▼ and a word too, not colour alone). */
export interface RatingChange {
  readonly text: string;
  readonly delta: number;
  readonly tone: 'up' | 'down' | 'same';
}

/** Ratings come as whole points on the 1500 scale; the server may send fractions. */
const whole = (n: number): number => Math.round(n);

/** A seat's rating change once recorded; null when there is none to show (a casual table, a bot, not recorded yet: 0 or null). */
export function ratingChange(before: number | null, after: number | null): RatingChange | null {
  if (!before || !after) return null;
  const delta = whole(after) - whole(before);
  return {
    text: t('rating.change', { before: whole(before), after: whole(after), delta: signed(delta) }),
    delta,
    tone: delta > 0 ? 'up' : delta < 0 ? 'down' : 'same',
  };
}

/** A rating with "?" while provisional: "1512", "1500?". */
export function ratingText(rating: Pick<ModeRating, 'rating' | 'provisional'>): string {
  return `${whole(rating.rating)}${rating.provisional ? '?' : ''}`;
}

/** A rating with its deviation: "1512 ± 84". */
export function ratingSpread(rating: Pick<ModeRating, 'rating' | 'deviation' | 'provisional'>): string {
  return `${ratingText(rating)} ± ${whole(rating.deviation)}`;
}

/** A seat's rating before the game, beside its name ('' when the table is casual: 0). */
export function seatRating(rating: number): string {
  return rating > 0 ? String(whole(rating)) : '';
}

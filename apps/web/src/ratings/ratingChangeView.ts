import { PROVISIONAL_GAMES, isProvisional } from '@flightchess/rules';
import { t } from '../i18n';
import { h } from '../ui/dom';
import { type RatingChange, ratingChange } from './ratingWords';

const ARROW: Readonly<Record<RatingChange['tone'], string>> = { up: '▲', down: '▼', same: '=' };

/**
 * A seat's rating change, "▲ 1512 → 1527 (+15)": green or red, and said by the arrow, the sign and the
 * hover text too (not by colour alone). Null when there is none (a casual table, a bot).
 */
export function ratingChangeView(row: { readonly ratingBefore: number | null; readonly ratingAfter: number | null }): HTMLElement | null {
  const change = ratingChange(row.ratingBefore, row.ratingAfter);
  if (!change) return null;
  return h('span', {
    class: `rating-change ${change.tone}`,
    title: `${t('rating.label')} ${t(`rating.${change.tone}`)}`,
    text: `${ARROW[change.tone]} ${change.text}`,
    data: { testid: 'rating-change' },
  });
}

/** A seat's rated games so far, when they leave its rating provisional: the rating still moves in big steps. */
const provisionalAt = (row: { readonly ratedGames: number | null }): number | null =>
  row.ratedGames !== null && isProvisional(row.ratedGames) ? row.ratedGames : null;

/** "?" beside a provisional rating's change, explained on hover (the reader's own is explained in a sentence: provisionalNote). */
export function provisionalMark(row: { readonly ratedGames: number | null }): HTMLElement | null {
  if (provisionalAt(row) === null) return null;
  return h('abbr', { class: 'provisional-mark', title: t('rating.provisionalHint', { n: PROVISIONAL_GAMES }), text: '?' });
}

/** The reader's provisional rating in a sentence: which of the first games this was, and why its steps are big. */
export function provisionalNote(row: { readonly ratedGames: number | null }): HTMLElement | null {
  const n = provisionalAt(row);
  if (n === null) return null;
  return h('p', {
    class: 'provisional-note',
    data: { testid: 'provisional-note' },
    text: t('rating.provisionalStep', { n, total: PROVISIONAL_GAMES }),
  });
}

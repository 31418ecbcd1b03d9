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

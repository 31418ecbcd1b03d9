import { t } from '../i18n';
import { h } from '../ui/dom';

/** "排位" or "休闲" / "Rated" or "Casual": whether the table's game changes ratings, said on hover too. */
export function ratedBadge(rated: boolean): HTMLElement {
  return h('span', {
    class: `badge ${rated ? 'rated' : 'casual'}`,
    text: t(rated ? 'rating.rated' : 'rating.casual'),
    title: t(rated ? 'rating.ratedTitle' : 'rating.casualTitle'),
    data: { testid: 'rated-badge' },
  });
}

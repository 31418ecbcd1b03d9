import { PROVISIONAL_GAMES, RATING_MODES } from '@flightchess/rules';
import { t } from '../i18n';
import { h } from '../ui/dom';
import type { PlayerProfile } from '@flightchess/protocol';
import { ratingChart } from './ratingChart';
import { ratingText } from './ratingWords';

/**
 * A player's ratings: a card per mode played — the rating ("?" while provisional, explained on hover and
 * in words), deviation, rated games — with the chart of its history; a line saying so when none is played.
 */
export function ratingCards(profile: Pick<PlayerProfile, 'ratings' | 'ratingHistory'>): HTMLElement {
  const played = RATING_MODES.filter((mode) => profile.ratings[mode]);
  return h(
    'section',
    { class: 'card', data: { testid: 'ratings' } },
    h('h2', { text: t('rating.title') }),
    played.length === 0
      ? h('p', { class: 'note', text: t('rating.none') })
      : h(
          'ul',
          { class: 'rating-cards' },
          ...played.map((mode) => {
            const r = profile.ratings[mode]!;
            const modeName = t(`rating.mode.${mode}`);
            const history = profile.ratingHistory[mode] ?? [];
            return h(
              'li',
              { class: 'rating-card', data: { testid: `rating-${mode}` } },
              h('h3', { text: modeName }),
              h(
                'p',
                { class: 'rating-value' },
                r.provisional
                  ? h('abbr', {
                      class: 'provisional-mark',
                      title: t('rating.provisionalHint', { n: PROVISIONAL_GAMES }),
                      text: ratingText(r),
                    })
                  : ratingText(r),
              ),
              h('p', {
                class: 'rating-facts',
                text: `${t('rating.deviation')} ±${Math.round(r.deviation)} · ${t('rating.games')} ${r.games}${r.provisional ? ` · ${t('rating.provisional')}` : ''}`,
              }),
              history.length > 0 ? ratingChart(history, t('rating.chart', { mode: modeName })) : null,
            );
          }),
        ),
  );
}

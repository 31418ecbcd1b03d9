import type { LeaderboardEntry } from '@flightchess/protocol';
import type { AppContext, Screen } from '../app';
import { levelName } from '../game/levels';
import { t } from '../i18n';
import { h } from '../ui/dom';
import { hashOf } from '../ui/router';
import { recordPage } from '../ui/recordPage';

/** The best players by lifetime score (GET /api/leaderboard), each linking to their profile. */
export function leaderboardScreen(ctx: AppContext): Screen {
  return recordPage<readonly LeaderboardEntry[]>(ctx, {
    self: { name: 'leaderboard' },
    className: 'leaderboard',
    loading: 'leaderboard.loading',
    load: () => ctx.net.api<LeaderboardEntry[]>('/api/leaderboard'),
    render: (entries) => {
      const me = ctx.net.credentials()?.playerId;
      return [
        h('h1', { text: t('leaderboard.title') }),
        entries.length === 0
          ? h('p', { class: 'note', text: t('leaderboard.empty') })
          : h(
              'table',
              { class: 'results-table leaderboard-table', data: { testid: 'leaderboard' } },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ...[t('results.rank'), t('results.player'), t('results.level'), t('profile.score'), t('leaderboard.record')].map((text) =>
                    h('th', { text }),
                  ),
                ),
              ),
              h(
                'tbody',
                {},
                ...entries.map((e) =>
                  h(
                    'tr',
                    { class: e.id === me ? 'me' : '' },
                    h('td', { text: String(e.rank) }),
                    h('td', { class: 'who' }, h('a', { href: hashOf({ name: 'profile', playerId: e.id }), text: e.nickname })),
                    h('td', { text: levelName(e.level) }),
                    h('td', { text: String(e.lifetimeScore) }),
                    h('td', { text: `${e.wins} / ${e.games}` }),
                  ),
                ),
              ),
            ),
      ];
    },
  });
}

import type { MatchSummary, TournamentResult } from '@flightchess/protocol';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { levelName, levelProgress } from './levels';
import { t } from '../i18n';
import { friendButton } from '../friends/friendButton';
import { h } from '../ui/dom';
import { signed } from '../ui/signed';
import { hashOf } from '../router';
import { presetName } from '../play/describe';
import { recordPage } from '../recordPage';
import { dateTime } from '../ui/timeWords';
import { accountSection } from '../account/accountSection';
import { Accounts } from '../account/accounts';
import { BlockList } from '../online/blocks';
import type { RatedProfile } from '../ratings/ratedProfile';
import { ratingCards } from '../ratings/ratingCards';
import { ratedBadge } from '../ratings/ratedBadge';
import { blockButton, blockedList } from '../ratings/blockViews';
import { pointsText } from '../tournaments/standingsView';

/**
 * A player's record: level and the way to the next, ratings by mode, totals, recent matches. Another
 * player's as anyone sees it (GET /api/players/:id: finished games of public tables), with block; one's
 * own with the secret, every game, and the players it blocked.
 */
export function profileScreen(ctx: AppContext, playerId: string): Screen {
  const blocks = new BlockList(ctx.net);
  const accounts = new Accounts(ctx.net);
  const load = async (): Promise<RatedProfile> => {
    if (ctx.net.credentials()?.playerId === playerId) {
      const mine = (await accounts.profile()) as RatedProfile;
      blocks.know(mine.blocked);
      return mine;
    }
    // Whether this reader blocked that player: their own profile says.
    const [other, mine] = await Promise.all([
      ctx.net.api<RatedProfile>(`/api/players/${encodeURIComponent(playerId)}`),
      accounts.currentPlayer() as Promise<RatedProfile | null>,
    ]);
    blocks.know(mine?.blocked);
    return other;
  };
  return recordPage<RatedProfile>(ctx, {
    self: { name: 'profile', playerId },
    className: 'profile',
    loading: 'profile.loading',
    load,
    render: (p, redraw) => {
      const me = ctx.net.credentials()?.playerId;
      const own = me === p.id;
      return [
        h('h1', { data: { testid: 'profile-name' } }, p.nickname, own ? h('span', { class: 'badge you', text: t('lobby.you') }) : null),
        levelCard(p.lifetimeScore),
        ratingCards(p),
        h(
          'dl',
          { class: 'stats card' },
          ...stat(t('profile.score'), p.lifetimeScore, 'profile-score'),
          ...stat(t('results.coins'), p.coins, 'profile-coins'),
          ...stat(t('profile.games'), p.games, 'profile-games'),
          ...stat(t('profile.wins'), p.wins, 'profile-wins'),
        ),
        h(
          'section',
          { class: 'card' },
          h('h2', { text: t('profile.recent') }),
          p.recentMatches.length === 0
            ? h('p', { class: 'note', text: t('profile.noMatches') })
            : h('ul', { class: 'match-list', data: { testid: 'recent-matches' } }, ...p.recentMatches.map(matchItem)),
        ),
        p.tournaments.length > 0 ? tournamentResults(p.tournaments) : null,
        own ? blockedList(blocks, p.blocked ?? [], redraw) : null,
        me && !own ? friendButton(ctx, p.id) : null,
        me && !own ? blockButton(blocks, { playerId: p.id, nickname: p.nickname }, redraw) : null,
        own ? accountSection(ctx) : null,
      ];
    },
  });
}

/** The tournaments played in, newest first: where the player finished (or stands, while it runs). */
function tournamentResults(results: readonly TournamentResult[]): HTMLElement {
  return h(
    'section',
    { class: 'card' },
    h('h2', { text: t('tournaments.title') }),
    h(
      'ul',
      { class: 'match-list', data: { testid: 'profile-tournaments' } },
      ...results.map((r) =>
        h(
          'li',
          {},
          h(
            'a',
            { href: hashOf({ name: 'tournament', id: r.id }) },
            h('span', { class: 'when', text: dateTime(r.startsAt) }),
            h('span', { class: 'what', text: r.name }),
            h('span', {
              class: 'place',
              text: `${t('profile.tournamentPlace', { rank: r.rank, players: r.players, points: pointsText(r.points) })}${
                r.status === 'running' ? ` · ${t('tournaments.running')}` : ''
              }`,
            }),
          ),
        ),
      ),
    ),
  );
}

function stat(label: string, value: number, testid: string): HTMLElement[] {
  return [h('dt', { text: label }), h('dd', { text: String(value), data: { testid } })];
}

/** The level, its name, and a bar for the way to the next one. */
function levelCard(lifetimeScore: number): HTMLElement {
  const { level, next, toNext, fraction } = levelProgress(lifetimeScore);
  const bar = h('progress', { aria: { label: t('profile.progress') } });
  bar.max = 1;
  bar.value = fraction;
  return h(
    'section',
    { class: 'card level-card' },
    h('p', { class: 'level', data: { testid: 'profile-level' } }, h('strong', { text: levelName(level.level) }), ` · Lv ${level.level}`),
    bar,
    h('p', {
      class: 'note',
      data: { testid: 'profile-next' },
      text: next ? t('profile.toNext', { n: toNext, next: levelName(next.level) }) : t('profile.top'),
    }),
  );
}

function matchItem(m: MatchSummary): HTMLElement {
  const score = m.score === null ? '' : signed(m.score);
  return h(
    'li',
    { class: `colour-${m.colour}${m.winner ? ' winner' : ''}` },
    h(
      'a',
      { href: hashOf({ name: 'match', matchId: m.id }) },
      h('span', { class: 'swatch', aria: { hidden: 'true' } }),
      h('span', { class: 'when', text: dateTime(m.startedAt) }),
      h('span', { class: 'what', text: presetName(m.preset) }),
      h('span', {
        class: 'place',
        text:
          m.status === 'finished' && m.rank !== null
            ? t('profile.place', { rank: m.rank, players: m.players })
            : t(`match.status.${m.status}`),
      }),
      m.rated ? ratedBadge(true) : null,
      score ? h('span', { class: m.score! >= 0 ? 'plus' : 'minus', text: score }) : null,
      m.winner ? h('span', { class: 'crown', text: '★' }) : null,
    ),
  );
}

import { PROVISIONAL_GAMES } from '@flightchess/rules';
import type { LeaderboardEntry, RatingLeaderboardEntry } from '@flightchess/protocol';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { levelName } from '../profile/levels';
import { t } from '../i18n';
import { type Child, h } from '../ui/dom';
import { type LeaderboardTab, type Route, hashOf } from '../router';
import { recordPage } from '../recordPage';
import { LEADERBOARD_TABS, leaderboardPath } from './leaderboardTab';
import { ratingSpread } from '../ratings/ratingWords';

type Board =
  | { readonly tab: 'score'; readonly entries: readonly LeaderboardEntry[] }
  | { readonly tab: Exclude<LeaderboardTab, 'score'>; readonly entries: readonly RatingLeaderboardEntry[] };

const routeOf = (tab: LeaderboardTab): Route => (tab === 'score' ? { name: 'leaderboard' } : { name: 'leaderboard', tab });

/**
 * The leaderboards, a tab each: the best players by score (GET /api/leaderboard), and by rating in each
 * mode (?rating=MODE), each player linking to their profile. A tab is an address (`#/leaderboard/4p`).
 */
export function leaderboardScreen(ctx: AppContext, tab: LeaderboardTab): Screen {
  return recordPage<Board>(ctx, {
    self: routeOf(tab),
    className: 'leaderboard',
    loading: 'leaderboard.loading',
    load: async () =>
      tab === 'score'
        ? { tab, entries: await ctx.net.api<LeaderboardEntry[]>(leaderboardPath(tab)) }
        : { tab, entries: await ctx.net.api<RatingLeaderboardEntry[]>(leaderboardPath(tab)) },
    render: (board) => [
      h('h1', { text: t('leaderboard.title') }),
      tabsOf(tab),
      ...(board.tab === 'score' ? scoreBoard(ctx, board.entries) : ratingBoard(ctx, board.entries)),
    ],
  });
}

function tabsOf(current: LeaderboardTab): HTMLElement {
  return h(
    'nav',
    { class: 'leaderboard-tabs', aria: { label: t('leaderboard.tabs') } },
    ...LEADERBOARD_TABS.map((tab) =>
      h('a', {
        href: hashOf(routeOf(tab)),
        text: tab === 'score' ? t('leaderboard.score') : t(`leaderboard.tab.${tab}`),
        title: tab === 'score' ? '' : t(`rating.mode.${tab}`),
        aria: tab === current ? { current: 'page' } : {},
        data: { testid: `leaderboard-tab-${tab}` },
      }),
    ),
  );
}

/** A leaderboard's rows under its column headings. */
function ranking(headings: readonly string[], rows: readonly HTMLElement[]): HTMLElement {
  return h(
    'table',
    { class: 'results-table leaderboard-table', data: { testid: 'leaderboard' } },
    h('thead', {}, h('tr', {}, ...headings.map((text) => h('th', { text })))),
    h('tbody', {}, ...rows),
  );
}

const who = (playerId: string, nickname: string) =>
  h('td', { class: 'who' }, h('a', { href: hashOf({ name: 'profile', playerId }), text: nickname }));

function scoreBoard(ctx: AppContext, entries: readonly LeaderboardEntry[]): Child[] {
  if (entries.length === 0) return [h('p', { class: 'note', text: t('leaderboard.empty') })];
  const me = ctx.net.credentials()?.playerId;
  return [
    ranking(
      [t('results.rank'), t('results.player'), t('results.level'), t('profile.score'), t('leaderboard.record')],
      entries.map((e) =>
        h(
          'tr',
          { class: e.id === me ? 'me' : '' },
          h('td', { text: String(e.rank) }),
          who(e.id, e.nickname),
          h('td', { text: levelName(e.level) }),
          h('td', { text: String(e.lifetimeScore) }),
          h('td', { text: `${e.wins} / ${e.games}` }),
        ),
      ),
    ),
  ];
}

/** A mode's players by rating ± deviation; a provisional one marked "?" and explained on hover. */
function ratingBoard(ctx: AppContext, entries: readonly RatingLeaderboardEntry[]): Child[] {
  if (entries.length === 0) return [h('p', { class: 'note', text: t('leaderboard.ratingEmpty') })];
  const me = ctx.net.credentials()?.playerId;
  return [
    ranking(
      [t('results.rank'), t('results.player'), t('rating.label'), t('rating.games')],
      entries.map((e) =>
        h(
          'tr',
          { class: `${e.playerId === me ? 'me' : ''}${e.provisional ? ' provisional' : ''}`, data: { player: e.playerId } },
          h('td', { text: String(e.rank) }),
          who(e.playerId, e.nickname),
          h('td', {
            class: 'rating',
            text: ratingSpread(e),
            title: e.provisional ? t('rating.provisionalHint', { n: PROVISIONAL_GAMES }) : '',
            data: { testid: 'leaderboard-rating' },
          }),
          h('td', { text: String(e.games) }),
        ),
      ),
    ),
    h('p', { class: 'note', text: t('leaderboard.ratingOrder', { n: PROVISIONAL_GAMES }) }),
  ];
}

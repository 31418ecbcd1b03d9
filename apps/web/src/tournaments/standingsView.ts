import type { TournamentStanding, TournamentView } from '@flightchess/protocol';
import { t } from '../i18n';
import { h } from '../ui/dom';
import { hashOf } from '../router';

/** A number of points as written: halves shown as ½ ("2½"). */
export function pointsText(n: number): string {
  const whole = Math.floor(n);
  return n - whole === 0.5 ? (whole === 0 ? '½' : `${whole}½`) : String(Math.round(n * 100) / 100);
}

/** The luck-free column: points lost by the player's decisions, "—" before a game of theirs is reviewed, "(2/3)" while some are not yet. */
function lossText(s: TournamentStanding): string {
  if (s.decisionLoss === null) return '—';
  return s.reviewed < s.games ? `${s.decisionLoss} (${s.reviewed}/${s.games})` : String(s.decisionLoss);
}

/** A rating as written: signed, two places ("+0.42", "−0.1"). */
export function ratingText(n: number): string {
  const text = String(Math.round(Math.abs(n) * 100) / 100);
  return text === '0' ? '0' : `${n > 0 ? '+' : '−'}${text}`;
}

/**
 * The standings: rank, player, (at a duplicate tournament its rating and matchpoints,) points, tiebreak, games;
 * the reader's row marked. A player's count of games, tapped, shows only their games below (`showGames`).
 */
export function standingsView(view: TournamentView, me: string | undefined, showGames: (playerId: string) => void): HTMLElement {
  // Matchpoints compare tables of a round: with one table a round there is nobody to compare with.
  const compared = view.duplicate && view.roundList.some((r) => r.tables.length > 1);
  const arena = view.format === 'arena';
  const headings = [
    t('results.rank'),
    t('results.player'),
    ...(view.duplicate ? [t('tournament.rating')] : []),
    ...(compared ? [t('tournament.matchpoints')] : []),
    t('tournament.points'),
    ...(arena ? [] : [t('tournament.tiebreak')]),
    t('tournament.games'),
    t('tournament.decisionLoss'),
  ];
  return h(
    'section',
    { class: 'card tournament-standings' },
    h('h2', { text: t('tournament.standings') }),
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        { class: 'results-table', data: { testid: 'tournament-standings' } },
        h('thead', {}, h('tr', {}, ...headings.map((text) => h('th', { text })))),
        h(
          'tbody',
          {},
          ...view.standings.map((s) =>
            h(
              'tr',
              { class: s.playerId === me ? 'me' : '', data: { player: s.playerId } },
              h('td', { text: String(s.rank) }),
              h(
                'td',
                { class: 'who' },
                h('a', { href: hashOf({ name: 'profile', playerId: s.playerId }), text: s.name }),
                s.withdrawn ? h('span', { class: 'note', text: ` (${t('tournament.withdrawn')})` }) : null,
              ),
              ...(view.duplicate ? [h('td', { text: ratingText(s.rating ?? 0), data: { testid: 'standing-rating' } })] : []),
              ...(compared ? [h('td', { text: pointsText(s.matchpoints ?? 0), data: { testid: 'standing-matchpoints' } })] : []),
              h('td', { text: pointsText(s.points), data: { testid: 'standing-points' } }),
              ...(arena ? [] : [h('td', { text: pointsText(s.tiebreak) })]),
              h(
                'td',
                {},
                s.games > 0
                  ? h('button', {
                      type: 'button',
                      class: 'link',
                      text: String(s.games),
                      aria: { label: t('tournament.gamesOf', { name: s.name }) },
                      data: { testid: 'standing-games' },
                      on: { click: () => showGames(s.playerId) },
                    })
                  : '0',
              ),
              h('td', { text: lossText(s), title: t('tournament.decisionLossHint'), data: { testid: 'standing-decision-loss' } }),
            ),
          ),
        ),
      ),
    ),
    h('p', { class: 'note', text: t(arena ? 'tournament.rulesArena' : 'tournament.rules') }),
    view.duplicate ? h('p', { class: 'note', text: t('tournament.rulesDuplicate') }) : null,
    h('p', { class: 'note', text: t('tournament.decisionLossHint') }),
  );
}

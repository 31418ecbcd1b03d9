import type { TournamentRound, TournamentTable, TournamentView } from '@flightchess/protocol';
import { colourName, t } from '../i18n';
import { h } from '../ui/dom';
import { dateTime } from '../ui/timeWords';
import { hashOf } from '../router';
import { pointsText } from './standingsView';

/** How much of a hash the page shows (the whole one is in the title). */
const SHOWN = 12;

/**
 * Every round, newest first: its board (the commitment from the start, the seed once the round is over),
 * who sat it out, and each table — its seats with their dice stream and what they earned — with one tap to
 * play one's own, watch another, or check a finished one (the match page recomputes its dice). With
 * `focus`, only that player's games (and the rounds they sat out).
 */
export function roundsView(view: TournamentView, me: string | undefined, focus: string | null = null): HTMLElement[] {
  const names = new Map(view.entrants.map((e) => [e.playerId, e.name]));
  const seats = (table: TournamentTable) => focus === null || table.seats.some((s) => s.playerId === focus);
  const rounds = view.roundList.filter((r) => focus === null || r.tables.some(seats) || r.byes.includes(focus));
  return [...rounds].reverse().map((round) =>
    h(
      'section',
      { class: 'card tournament-round', data: { testid: `round-${round.number}` } },
      h('h2', {
        text:
          view.format === 'arena' && round.startedAt !== null
            ? t('tournament.pairedAt', { time: dateTime(round.startedAt) })
            : t('tournament.round', { n: round.number }),
      }),
      boardLine(round),
      round.byes.length > 0
        ? h('p', { class: 'note', text: t('tournament.byes', { names: round.byes.map((p) => names.get(p) ?? p).join(', ') }) })
        : null,
      ...round.tables.flatMap((table, i) => (seats(table) ? [tableView(table, i + 1, round, me, view.private)] : [])),
    ),
  );
}

function boardLine(round: TournamentRound): HTMLElement | null {
  if (round.seed)
    return h('p', {
      class: 'board-line',
      title: round.seed,
      text: t('tournament.seed', { seed: round.seed.slice(0, SHOWN) }),
      data: { testid: 'board-seed' },
    });
  if (!round.commitment) return null;
  return h(
    'p',
    { class: 'board-line', title: round.commitment },
    h('span', { text: t('tournament.commitment', { hash: round.commitment.slice(0, SHOWN) }), data: { testid: 'board-commitment' } }),
    round.startedAt ? h('span', { class: 'note', text: ` · ${t('tournament.seedLater')}` }) : null,
  );
}

function tableView(table: TournamentTable, n: number, round: TournamentRound, me: string | undefined, closed: boolean): HTMLElement {
  const mine = table.seats.some((s) => s.playerId === me);
  // A private tournament's tables and games are its players' own: nobody else watches or reads them (the server says so too).
  const open = (table.status === 'playing' || table.status === 'waiting') && (mine || !closed);
  // A duplicate round's finished games are shown once its board is revealed (the server answers so).
  const checkable = table.status === 'finished' && (round.commitment === null || round.seed !== null) && (mine || !closed);
  const action = open
    ? h('a', {
        class: `button small${mine ? ' primary' : ''}`,
        href: hashOf(mine ? { name: 'table', roomId: table.roomId } : { name: 'watch', roomId: table.roomId }),
        text: mine ? t('tournament.play') : t('tournament.watch'),
        data: { testid: mine ? 'tournament-play' : 'tournament-watch' },
      })
    : checkable
      ? h('a', {
          class: 'button small',
          href: hashOf({ name: 'match', matchId: table.matchId }),
          text: t('tournament.verify'),
          data: { testid: 'tournament-check' },
        })
      : null;
  return h(
    'div',
    { class: `tournament-table${mine ? ' mine' : ''}`, data: { testid: 'tournament-table', room: table.roomId } },
    h(
      'p',
      { class: 'table-head' },
      h('strong', { text: t('tournament.table', { n }) }),
      h('span', { class: 'note', text: ` · ${t(`tournament.tableStatus.${table.status}`)}` }),
      action ? ' ' : null,
      action,
    ),
    h(
      'ul',
      { class: 'table-seats' },
      ...table.seats.map((s) =>
        h(
          'li',
          { class: `colour-${s.colour}${s.playerId === me ? ' me' : ''}` },
          h('span', { class: 'seat-dot', title: colourName(s.colour) }),
          h('span', { text: s.name }),
          s.stream !== null ? h('span', { class: 'note', text: ` · ${t('tournament.stream', { n: s.stream + 1 })}` }) : null,
          s.points !== null
            ? h('span', {
                class: 'seat-points',
                text: ` ${pointsText(s.points)}${s.matchpoints !== null ? ` · ${pointsText(s.matchpoints)}` : ''}`,
              })
            : null,
        ),
      ),
    ),
  );
}

import type { TournamentList, TournamentSummary } from '@flightchess/protocol';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { t } from '../i18n';
import { recordPage } from '../recordPage';
import { type Child, h } from '../ui/dom';
import { dateTime } from '../ui/timeWords';
import { hashOf } from '../router';
import { createTournamentForm } from './createTournamentForm';
import { tournamentsApi } from './tournamentsApi';
import './tournaments.css';

/** The public tournaments (starting soon, in progress, finished), each linking to its page, and a form to create one. */
export function tournamentsScreen(ctx: AppContext): Screen {
  return recordPage<TournamentList>(ctx, {
    self: { name: 'tournaments' },
    className: 'tournaments',
    loading: 'tournaments.loading',
    load: () => tournamentsApi.list(ctx.net),
    render: (list) => [
      h('h1', { text: t('tournaments.title') }),
      h('p', { class: 'note', text: t('tournaments.intro') }),
      section('upcoming', list.upcoming),
      section('running', list.running),
      createTournamentForm(ctx),
      section('finished', list.finished),
    ],
  });
}

function section(status: 'upcoming' | 'running' | 'finished', items: readonly TournamentSummary[]): HTMLElement {
  return h(
    'section',
    { class: 'card tournament-list', data: { testid: `tournaments-${status}` } },
    h('h2', { text: t(`tournaments.${status}`) }),
    items.length === 0 ? h('p', { class: 'note', text: t('tournaments.none') }) : h('ul', {}, ...items.map(item)),
  );
}

function item(s: TournamentSummary): HTMLElement {
  return h(
    'li',
    {},
    h('a', { href: hashOf({ name: 'tournament', id: s.id }), text: s.name }),
    ' ',
    h('span', { class: 'note', text: summaryLine(s) }),
  );
}

/** "3 rounds", "1 round": a count with its noun. */
const counted = (n: number, noun: 'round' | 'player' | 'minute') => t(`tournaments.count.${noun}${n === 1 ? '' : 's'}`, { n });

/** "Tables of 4 · 3 rounds · 12 players · Duplicate dice · Starts 12/5, 14:00". */
export function summaryLine(s: TournamentSummary): string {
  const players = counted(s.players, 'player');
  const parts: Child[] = [
    s.format === 'arena'
      ? t('tournaments.summaryArena', { seats: s.seats, minutes: counted(s.minutes, 'minute'), players })
      : t('tournaments.summary', { seats: s.seats, rounds: counted(s.rounds, 'round'), players }),
  ];
  if (s.teams) parts.push(t('tournaments.teams'));
  if (s.duplicate) parts.push(t('tournaments.duplicate'));
  if (s.private) parts.push(t('tournaments.private'));
  if (s.status === 'upcoming') parts.push(t('tournaments.startsAt', { time: dateTime(s.startsAt) }));
  return parts.join(' · ');
}

import type { TournamentTable, TournamentView } from '@flightchess/protocol';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { onlineName } from '../online/onlineName';
import { failureText } from '../recordPage';
import { type Child, fill, h } from '../ui/dom';
import { clockOf } from '../ui/timeWords';
import { hashOf } from '../router';
import { roundsView } from './roundsView';
import { standingsView } from './standingsView';
import { stillMoving } from './stillMoving';
import { summaryLine } from './tournamentsScreen';
import { tournamentsApi } from './tournamentsApi';
import './tournaments.css';

const HOUR = 3_600_000;
/** How often a tournament that is not over is read again (the standings move, tables open and end). */
const POLL_MS = 2_000;

/**
 * A tournament's page: what it is and where it stands (a countdown to the start or the next round), join
 * or withdraw, the reader's table of the round under way in one tap, the standings as they move, and every
 * round's boards and tables. Read again every POLL_MS while it is not over or its last games are being
 * reviewed (stillMoving), and at once when the reader's pages are told their tables changed.
 */
export function tournamentScreen(ctx: AppContext, id: string): Screen {
  const el = h('main', { class: 'screen record-page tournament' });
  let view: TournamentView | null = null;
  let failure = '';
  let error = '';
  let busy = false;
  let disposed = false;
  let poll: ReturnType<typeof setTimeout> | undefined;
  /** The view as last drawn: a poll that brings nothing new draws nothing (a page drawn anew under a finger loses its tap). */
  let drawn = '';
  let statusEl: HTMLElement | null = null;
  /** Whose games alone the rounds show (a tap on their count of games), or everyone's. */
  let focus: string | null = null;
  const showGames = (playerId: string | null) => {
    focus = playerId;
    render();
    el.querySelector('[data-testid=games-of]')?.scrollIntoView();
  };

  const load = async () => {
    clearTimeout(poll);
    try {
      view = await tournamentsApi.view(ctx.net, id);
      failure = '';
    } catch (e) {
      failure = failureText(failureOf(e));
    }
    if (disposed) return;
    if (JSON.stringify(view) !== drawn) render();
    if (stillMoving(view, Date.now())) poll = setTimeout(() => void load(), POLL_MS);
  };

  const act = async (action: 'join' | 'withdraw') => {
    busy = true;
    error = '';
    render();
    try {
      const creds = await ctx.net.guest(onlineName(ctx.prefs));
      view = await tournamentsApi[action](ctx.net, creds, id);
    } catch (e) {
      error = errorMessage(failureOf(e).code);
    }
    busy = false;
    render();
  };

  const render = () => {
    if (disposed) return;
    if (!view) {
      fill(
        el,
        failure
          ? h('p', { class: 'error', role: 'alert', data: { testid: 'page-error' }, text: failure })
          : h('p', { class: 'loading', role: 'status', text: t('tournaments.loading') }),
        nav(),
      );
      return;
    }
    const me = ctx.net.credentials()?.playerId;
    drawn = JSON.stringify(view);
    statusEl = h('p', { class: 'tournament-status', role: 'status', text: statusLine(view), data: { testid: 'tournament-status' } });
    fill(
      el,
      h('h1', { text: view.name, data: { testid: 'tournament-name' } }),
      h('p', { class: 'note', text: summaryLine(view) }),
      statusEl,
      yourTable(view, me),
      entry(view, me),
      error ? h('p', { class: 'error', role: 'alert', text: error }) : null,
      view.status === 'upcoming' ? entrantsLine(view) : null,
      view.status === 'upcoming' ? shareLine(id) : null,
      view.status !== 'upcoming' && view.standings.length > 0 ? standingsView(view, me, showGames) : null,
      focusLine(view, focus, () => showGames(null)),
      ...roundsView(view, me, focus),
      nav(),
    );
  };

  /** Join before the start; withdraw while it is not over. */
  const entry = (v: TournamentView, me: string | undefined): Child => {
    const entrant = v.entrants.find((e) => e.playerId === me && !e.withdrawn);
    // An arena takes players (and those paused after a table they did not come to) until its end.
    const joinable = v.status === 'upcoming' || (v.format === 'arena' && v.status === 'running');
    if (joinable && !entrant)
      return h('button', {
        class: 'primary',
        text: t('tournament.join'),
        disabled: busy,
        data: { testid: 'tournament-join' },
        on: { click: () => void act('join') },
      });
    if (!entrant || (v.status !== 'upcoming' && v.status !== 'running')) return null;
    return h(
      'p',
      { class: 'tournament-entry' },
      v.status === 'upcoming' ? h('span', { text: `${t('tournament.joined')} ` }) : null,
      h('button', {
        class: 'small',
        text: t('tournament.withdraw'),
        disabled: busy,
        data: { testid: 'tournament-withdraw' },
        on: { click: () => void act('withdraw') },
      }),
    );
  };

  const nav = () =>
    h(
      'nav',
      { class: 'page-nav' },
      h('a', { class: 'button', href: hashOf({ name: 'tournaments' }), text: t('tournaments.title') }),
      h('a', { class: 'button', href: hashOf({ name: 'home' }), text: t('results.home') }),
    );

  // The countdown moves every second (its line alone); the reader's tables, when the server says so.
  const tick = setInterval(() => {
    if (view && statusEl) statusEl.textContent = statusLine(view);
  }, 1_000);
  const unwatch = ctx.social.watchTournamentTables((tables) => {
    if (tables.some((x) => x.tournamentId === id) || view?.status === 'running') void load();
  });
  render();
  return {
    el,
    mount: load,
    relabel: render,
    dispose() {
      disposed = true;
      clearTimeout(poll);
      clearInterval(tick);
      unwatch();
    },
  };
}

/** Whose games alone are shown, with the way back to everyone's. */
function focusLine(v: TournamentView, focus: string | null, showAll: () => void): Child {
  const name = v.standings.find((s) => s.playerId === focus)?.name;
  if (name === undefined) return null;
  return h(
    'p',
    { class: 'card games-of', data: { testid: 'games-of' } },
    h('strong', { text: t('tournament.showingGames', { name }) }),
    ' ',
    h('button', { type: 'button', class: 'small', text: t('tournament.showAll'), data: { testid: 'games-all' }, on: { click: showAll } }),
  );
}

/** A table of the reader's whose game is not over. */
const isMine = (x: TournamentTable, me: string) =>
  x.seats.some((s) => s.playerId === me) && (x.status === 'playing' || x.status === 'waiting');

/** Where the tournament stands, with the time to its start or to the next round. */
function statusLine(v: TournamentView): string {
  // Within the hour, a countdown; further off, the start time (in the line above) says it.
  if (v.status === 'upcoming')
    return v.startsAt - Date.now() < HOUR
      ? t('tournament.status.upcoming', { time: clockOf(v.startsAt - Date.now()) })
      : t('tournament.status.open');
  if (v.status === 'running' && v.format === 'arena') {
    const left = v.startsAt + v.minutes * 60_000 - Date.now();
    return left > 0 ? t('tournament.status.arena', { time: clockOf(left) }) : t('tournament.status.arenaEnding');
  }
  if (v.status === 'running' && v.nextRoundAt !== null)
    return t('tournament.status.break', { round: v.round + 1, time: clockOf(v.nextRoundAt - Date.now()) });
  if (v.status === 'running') return t('tournament.status.running', { round: v.round, rounds: v.rounds });
  return t(`tournament.status.${v.status}`);
}

/** The reader's table of the round under way, if it is still being played: one tap to it. */
function yourTable(v: TournamentView, me: string | undefined): Child {
  if (!me || v.status !== 'running') return null;
  // An arena's tables of several pairings may be under way at once: the newest of the reader's.
  const round = [...v.roundList].reverse().find((r) => r.tables.some((x) => isMine(x, me)));
  const table = round?.tables.find((x) => isMine(x, me));
  if (!round || !table) return null;
  return h(
    'p',
    { class: 'card tournament-call', data: { testid: 'tournament-your-table' } },
    h('strong', { text: t('tournament.yourTable', { round: round.number }) }),
    ' ',
    h('a', {
      class: 'button primary',
      href: hashOf({ name: 'table', roomId: table.roomId }),
      text: t('tournament.play'),
      data: { testid: 'tournament-play-mine' },
    }),
  );
}

/** Who is in so far (before the start the standings would only list them at 0). */
function entrantsLine(v: TournamentView): HTMLElement {
  const names = v.entrants.filter((e) => !e.withdrawn).map((e) => e.name);
  return h('p', {
    class: 'entrants',
    text: names.length === 0 ? t('tournament.nobodyYet') : t('tournament.entrants', { n: names.length, names: names.join(', ') }),
    data: { testid: 'tournament-entrants' },
  });
}

function shareLine(id: string): HTMLElement {
  const link = `${location.origin}${location.pathname}${hashOf({ name: 'tournament', id })}`;
  return h(
    'p',
    { class: 'note share-line' },
    h('span', { text: `${t('tournament.link')} ` }),
    h('a', { href: link, text: link, data: { testid: 'tournament-link' } }),
  );
}

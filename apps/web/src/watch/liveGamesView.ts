import { type TableListing, liveGames } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { nameOf, presetName } from '../play/describe';
import { t } from '../i18n';
import { pollTables } from '../online/pollTables';
import { fill, h } from '../ui/dom';

export interface LiveGamesView {
  readonly el: HTMLElement;
  /** Redraw from what was last fetched (after a language switch). */
  render(): void;
  dispose(): void;
}

/** The players of a live game (bots by colour and strength, in the reader's language) and how far each is: their planes home. */
function seatsLine(table: TableListing): string {
  return table.seats.map((seat, i) => t('watch.seatHome', { name: nameOf(seat), n: table.arrived[i] ?? 0 })).join(' · ');
}

/**
 * The home screen's public games in progress (GET /api/tables: the watchable ones being played), the
 * liveliest first, each with "观战" / "Watch"; and one "观看一局" / "Watch a live game" button that opens
 * the liveliest (most people playing, then the newest game). Hidden when no game is on.
 */
export function liveGamesView(ctx: AppContext): LiveGamesView {
  const el = h('section', { class: 'card live-games', hidden: true, data: { testid: 'live-games' } });
  const poll = pollTables(
    () => ctx.net.tables(),
    () => render(),
  );
  const watch = (table: TableListing) => ctx.navigate({ name: 'watch', roomId: table.roomId });

  const render = () => {
    // Games seen before the link went down may have ended: none is offered to watch until it is back.
    const live = poll.latest.failed ? [] : liveGames(poll.latest.value ?? []);
    const best = live[0] ?? null;
    el.hidden = best === null;
    fill(
      el,
      h('h2', { text: t('watch.live') }),
      best
        ? h('button', {
            class: 'primary watch-live',
            text: t('watch.liveOne'),
            data: { testid: 'watch-live' },
            on: { click: () => watch(best) },
          })
        : null,
      h(
        'ul',
        { class: 'table-list' },
        ...live.map((table) =>
          h(
            'li',
            { class: 'table-item', data: { room: table.roomId } },
            h(
              'span',
              { class: 'summary' },
              h('strong', { text: t('watch.liveSummary', { preset: presetName(table.preset), humans: table.humans }) }),
              h('span', { class: 'names', text: seatsLine(table) }),
              table.watchers > 0 ? h('span', { class: 'names', text: t('watch.liveWatchers', { n: table.watchers }) }) : null,
            ),
            h('button', { text: t('watch.button'), data: { testid: `watch-${table.roomId}` }, on: { click: () => watch(table) } }),
          ),
        ),
      ),
    );
  };

  render();
  return { el, render, dispose: () => poll.stop() };
}

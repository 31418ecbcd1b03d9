import type { AppContext } from '../app';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import { listingSummary } from './listingSummary';
import { nameOf } from '../play/describe';
import { pollTables } from '../online/pollTables';
import { ratedBadge } from '../ratings/ratedBadge';

export interface OpenTablesView {
  readonly el: HTMLElement;
  /** Redraw from what was last fetched (after a language switch). */
  render(): void;
  dispose(): void;
}

/**
 * Public tables seating players, to pick one; kept fresh while the home screen is open. While the game
 * server cannot be reached the list is kept greyed, out of reach, under a line that says so, and the
 * banner says the link is down; both go, and the list is fresh again, once an answer comes.
 */
export function openTablesView(ctx: AppContext): OpenTablesView {
  const el = h('section', { class: 'card open-tables', data: { testid: 'open-tables' } });
  let saidDown = false;
  const poll = pollTables(
    () => ctx.net.openTables(),
    () => render(),
  );
  const render = () => {
    const { value: tables, failed } = poll.latest;
    // The banner in the language shown; cleared once, when the link is back.
    if (failed) ctx.status(t('tables.linkDown'), 'warn');
    else if (saidDown) ctx.status(null);
    saidDown = failed;
    const stale = failed && tables !== null;
    const body =
      tables === null
        ? h('p', { class: 'hint', text: failed ? t('tables.unreachable') : t('tables.loading') })
        : tables.length === 0
          ? h('p', { class: 'hint', text: t('tables.none') })
          : h(
              'ul',
              { class: `table-list${stale ? ' stale' : ''}` },
              ...tables.map((table) =>
                h(
                  'li',
                  { class: 'table-item', data: { room: table.roomId } },
                  h(
                    'span',
                    { class: 'summary' },
                    h('strong', {}, listingSummary(table), ' ', ratedBadge(table.rated)),
                    h('span', { class: 'names', text: table.seats.map(nameOf).join(' · ') }),
                  ),
                  h('button', {
                    text: t('tables.sit'),
                    disabled: stale,
                    data: { testid: `sit-at-${table.roomId}` },
                    on: { click: () => ctx.navigate({ name: 'table', roomId: table.roomId }) },
                  }),
                ),
              ),
            );
    fill(
      el,
      h('h2', { text: t('tables.open') }),
      stale ? h('p', { class: 'hint stale-note', role: 'status', text: t('tables.stale'), data: { testid: 'tables-stale' } }) : null,
      body,
    );
  };

  render();
  return {
    el,
    render,
    dispose: () => {
      poll.stop();
      if (saidDown) ctx.status(null);
    },
  };
}

import type { TableListing } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import { listingSummary } from './tableListing';
import { nameOf } from '../adapter/describe';

/** How often the home screen asks for open tables while it is shown. */
export const OPEN_TABLES_POLL_MS = 5000;

export interface OpenTablesView {
  readonly el: HTMLElement;
  /** Redraw from what was last fetched (after a language switch). */
  render(): void;
  dispose(): void;
}

/** Public tables seating players, to pick one; kept fresh while the home screen is open. */
export function openTablesView(ctx: AppContext): OpenTablesView {
  const el = h('section', { class: 'card open-tables', data: { testid: 'open-tables' } });
  let tables: readonly TableListing[] | null = null;
  let failed = false;
  let timer = 0;
  let disposed = false;

  const render = () => {
    const body =
      tables === null
        ? h('p', { class: 'hint', text: failed ? t('tables.unreachable') : t('tables.loading') })
        : tables.length === 0
          ? h('p', { class: 'hint', text: t('tables.none') })
          : h(
              'ul',
              { class: 'table-list' },
              ...tables.map((table) =>
                h(
                  'li',
                  { class: 'table-item', data: { room: table.roomId } },
                  h('span', { class: 'summary' }, h('strong', { text: listingSummary(table) }), h('span', { class: 'names', text: table.seats.map(nameOf).join(' · ') })),
                  h('button', { text: t('tables.sit'), data: { testid: `sit-at-${table.roomId}` }, on: { click: () => ctx.navigate({ name: 'table', roomId: table.roomId }) } }),
                ),
              ),
            );
    fill(el, h('h2', { text: t('tables.open') }), body);
  };

  const poll = () => {
    ctx.net.openTables().then(
      (found) => {
        tables = found;
        failed = false;
      },
      () => {
        // No game server (the offline app): say so once; keep the last list if there was one.
        failed = true;
      },
    ).finally(() => {
      if (disposed) return;
      render();
      timer = window.setTimeout(poll, OPEN_TABLES_POLL_MS);
    });
  };

  render();
  poll();
  return {
    el,
    render,
    dispose() {
      disposed = true;
      window.clearTimeout(timer);
    },
  };
}

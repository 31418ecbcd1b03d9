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

/** Public tables seating players, to pick one; kept fresh while the home screen is open. */
export function openTablesView(ctx: AppContext): OpenTablesView {
  const el = h('section', { class: 'card open-tables', data: { testid: 'open-tables' } });
  const poll = pollTables(
    () => ctx.net.openTables(),
    () => render(),
  );
  const render = () => {
    const { value: tables, failed } = poll.latest;
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
                  h(
                    'span',
                    { class: 'summary' },
                    h('strong', {}, listingSummary(table), ' ', ratedBadge(table.rated)),
                    h('span', { class: 'names', text: table.seats.map(nameOf).join(' · ') }),
                  ),
                  h('button', {
                    text: t('tables.sit'),
                    data: { testid: `sit-at-${table.roomId}` },
                    on: { click: () => ctx.navigate({ name: 'table', roomId: table.roomId }) },
                  }),
                ),
              ),
            );
    fill(el, h('h2', { text: t('tables.open') }), body);
  };

  render();
  return {
    el,
    render,
    dispose: () => poll.stop(),
  };
}

import type { TableListing } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import { listingSummary } from '../lobby/listingSummary';

export interface ReturnToGameView {
  readonly el: HTMLElement;
  render(): void;
}

/** "Return to your game": the player's unfinished tables (asked once when home opens); hidden when none. */
export function returnToGameView(ctx: AppContext): ReturnToGameView {
  const el = h('section', { class: 'card return-to-game', hidden: true, data: { testid: 'return-to-game' } });
  let tables: readonly TableListing[] = [];

  const render = () => {
    el.hidden = tables.length === 0;
    fill(
      el,
      h('h2', { text: t('tables.yours') }),
      ...tables.map((table) =>
        h(
          'div',
          { class: 'row' },
          h('span', { class: 'summary', text: `${listingSummary(table)} · ${t(`tables.status.${table.status}`)}` }),
          h('button', {
            class: 'primary',
            text: t('tables.return'),
            data: { testid: `return-${table.roomId}` },
            on: { click: () => ctx.navigate({ name: 'table', roomId: table.roomId }) },
          }),
        ),
      ),
    );
  };

  ctx.net.myTables().then(
    (found) => {
      tables = found;
      render();
    },
    () => undefined, // no server, or a stale identity: nothing to return to
  );
  return { el, render };
}

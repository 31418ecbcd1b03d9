import type { TableFacts } from '@flightchess/protocol';
import { t } from '../i18n';
import type { SeatedPerson } from '../friends/friendsFromTable';
import { fill, h } from '../ui/dom';

export interface WatchersBadge {
  /** The top-bar button and the list it opens. */
  readonly el: HTMLElement;
  /** Show the table's watchers as the facts say now; `watching`: this client is one of them. */
  update(table: TableFacts, watching: boolean): void;
  relabel(): void;
  dispose(): void;
}

/**
 * "3 人观战" / "3 watching" in the top bar, in the lobby and the game alike: the names on hover (title)
 * and on a tap (a list under it, with `befriend`'s offer to ask them). Hidden while nobody watches; a
 * watcher sees "观战中" first.
 */
export function watchersBadge(befriend: (people: readonly SeatedPerson[]) => HTMLElement | null): WatchersBadge {
  const el = h('span', { class: 'watchers', hidden: true, data: { testid: 'watchers' } });
  const toggle = h('button', {
    type: 'button',
    class: 'tool watchers-count',
    data: { testid: 'watchers-count' },
    on: { click: () => setOpen(list.hidden) },
  });
  const list = h('div', { class: 'watchers-list', hidden: true, role: 'dialog', data: { testid: 'watchers-list' } });
  el.append(toggle, list);
  let last: { table: TableFacts; watching: boolean } | null = null;

  const setOpen = (open: boolean) => {
    list.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  };

  const render = () => {
    if (!last) return;
    const { table, watching } = last;
    el.hidden = table.watchers === 0 && !watching;
    // Short enough for a phone's top bar beside the title and the language button.
    toggle.textContent = t(watching ? 'watch.youCount' : 'watch.count', { n: table.watchers });
    toggle.classList.toggle('me', watching);
    const names = table.watcherNames;
    const more = table.watchers - names.length;
    toggle.title = [...names, more > 0 ? t('watch.more', { n: more }) : ''].filter(Boolean).join('\n');
    fill(
      list,
      h('p', { class: 'watchers-title', text: t('watch.names') }),
      h('ul', {}, ...names.map((name) => h('li', { text: name }))),
      more > 0 ? h('p', { class: 'hint', text: t('watch.more', { n: more }) }) : null,
      // Each watcher (not this player, not a friend already) asked to be a friend in one tap.
      befriend(names.map((name, i) => ({ kind: 'human' as const, playerId: table.watcherIds[i] ?? null, name }))),
    );
  };

  const onOutside = (e: Event) => {
    if (!list.hidden && !el.contains(e.target as Node)) setOpen(false);
  };
  document.addEventListener('click', onOutside);
  setOpen(false);

  return {
    el,
    update(table, watching) {
      last = { table, watching };
      render();
    },
    relabel: render,
    dispose() {
      document.removeEventListener('click', onOutside);
      el.remove();
    },
  };
}

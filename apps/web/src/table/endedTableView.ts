import type { EndedTable } from '@flightchess/protocol';
import './endedTable.css';
import { t } from '../i18n';
import { presetName } from '../play/describe';
import { type Child, h } from '../ui/dom';
import { dateTime } from '../ui/timeWords';

export interface EndedTableActions {
  /** Open the ended game's record. */
  readonly result: (matchId: string) => void;
  /** Open a new table with the same settings (the player sends its link to the same people). */
  readonly again: (ended: EndedTable) => Promise<void>;
  readonly home: () => void;
}

/**
 * A link that outlived its table: what happened there (its game ended — see the result; or it closed),
 * who played, and a new table like it in one press. `ended` null: no game was stored under the link, so
 * the table closed before one began, or (a typed code) the code is wrong.
 */
export function endedTableView(ended: EndedTable | null, code: string | null, actions: EndedTableActions): HTMLElement {
  const card = (...children: Child[]) =>
    h('section', { class: 'card ended-table', role: 'status', data: { testid: 'ended-table' } }, ...children);
  const homeButton = h('button', { text: t('results.home'), data: { testid: 'ended-home' }, on: { click: actions.home } });
  if (!ended)
    return card(
      h('h1', { text: t('ended.closedTitle') }),
      h('p', { text: code ? t('ended.noGameCode', { code }) : t('ended.noGame') }),
      h('div', { class: 'buttons' }, homeButton),
    );
  const error = h('p', { class: 'error', role: 'alert' });
  const again = h('button', {
    class: 'primary',
    text: t('ended.again'),
    data: { testid: 'ended-again' },
    on: {
      click: () => {
        again.disabled = true;
        error.textContent = '';
        actions.again(ended).catch((e: unknown) => {
          again.disabled = false;
          error.textContent = e instanceof Error ? e.message : String(e);
        });
      },
    },
  });
  const { matchId, settings: s } = ended;
  const finished = ended.status === 'finished';
  return card(
    h('h1', { text: finished ? t('ended.title') : t('ended.closedTitle') }),
    h('p', { text: ended.endedAt ? t('ended.when', { when: dateTime(ended.endedAt) }) : t('ended.closedGame') }),
    ended.players.length > 0 ? h('p', { text: t('ended.players', { names: ended.players.join(t('ended.nameSeparator')) }) }) : null,
    h('p', { class: 'hint', text: t('lobby.settings', { preset: presetName(s.preset), seats: s.size, seconds: s.turnSeconds }) }),
    h(
      'div',
      { class: 'buttons' },
      matchId && finished
        ? h('button', { text: t('ended.result'), data: { testid: 'ended-result' }, on: { click: () => actions.result(matchId) } })
        : null,
      again,
      homeButton,
    ),
    h('p', { class: 'hint', text: t('ended.againHint') }),
    error,
  );
}

import type { ServerMessages } from '@flightchess/protocol';
import './admin.css';
import { t } from '../i18n';
import { h } from '../ui/dom';
import { hashOf } from '../router';

/** The reason the server gives an aborted record of a table the operator closed (the server's table/closeTable.ts). */
const CLOSED_BY_OPERATOR = 'closed by the operator';

/**
 * What a player sees when the operator closed their table: why, in their language — not an
 * error — and for a game that was aborted, the way to its record (seed revealed, nobody scored).
 */
export function tableClosedView(notice: ServerMessages['closing'], home: () => void): HTMLElement {
  return h(
    'section',
    { class: 'card table-closed', role: 'alert', data: { testid: 'table-closed' } },
    h('h1', { text: t('admin.closedTitle') }),
    h('p', { text: notice.matchId ? t('admin.closedGame') : t('admin.closedWaiting') }),
    h(
      'div',
      { class: 'buttons' },
      notice.matchId
        ? h('a', {
            class: 'button',
            href: hashOf({ name: 'match', matchId: notice.matchId }),
            text: t('admin.closedRecord'),
            data: { testid: 'closed-record' },
          })
        : null,
      h('button', { class: 'primary', text: t('results.home'), on: { click: home } }),
    ),
  );
}

/** An abort reason in the reader's language when it is the operator's. */
export function abortReasonText(reason: string): string {
  return reason === CLOSED_BY_OPERATOR ? t('admin.closedReason') : reason;
}

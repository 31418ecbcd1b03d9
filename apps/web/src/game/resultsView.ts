import type { DiceCheck } from '@flightchess/rules';
import { type ResultData, resultHeadline } from './results';
import { nameOf } from './describe';
import { levelName } from './levels';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { h } from '../ui/dom';
import { outBadge } from './seatList';

export interface ResultsActions {
  readonly home: () => void;
  readonly replay?: () => void;
  readonly rematch?: () => void;
  /** The match record page (online). */
  readonly recordHref?: string;
  /** Recompute the dice from the revealed seed. */
  readonly verify?: () => Promise<DiceCheck>;
}

/** Who won, and how the game ended. */
export function headlineOf(data: ResultData): HTMLElement {
  const headline = resultHeadline(data);
  const reasonKey = `results.reason.${data.reason}` as const;
  const reason = ['finish', 'resign', 'escape', 'forfeit', 'draw'].includes(data.reason) ? t(reasonKey as Parameters<typeof t>[0]) : '';
  return h('p', { class: 'headline', text: reason ? `${headline} · ${reason}` : headline });
}

/** Rank, player, planes home, score, coins, level and its change, collisions: one row a seat. */
export function resultsTable(data: ResultData): HTMLElement {
  const label = (k: 'results.arrived' | 'results.coins' | 'results.level' | 'results.collisions') => ({ label: t(k) });
  return h(
    'table',
    { class: 'results-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...(
          [
            'results.rank',
            'results.player',
            'results.arrived',
            'results.score',
            'results.coins',
            'results.level',
            'results.collisions',
          ] as const
        ).map((k) => h('th', { text: t(k) })),
      ),
    ),
    h(
      'tbody',
      {},
      // Each cell carries its column's name: a phone shows a row as a card with labelled cells (styles/results.css).
      ...data.rows.map((r) =>
        h(
          'tr',
          { class: `colour-${r.colour}${r.winner ? ' winner' : ''}` },
          h('td', { class: 'rank', text: String(r.rank) }),
          h(
            'td',
            { class: 'player' },
            h('span', { class: 'swatch', aria: { hidden: 'true' } }),
            nameOf(r),
            r.winner ? h('span', { class: 'crown', text: ' ★' }) : null,
            r.out ? outBadge(r.out) : null,
          ),
          h('td', { data: label('results.arrived'), text: String(r.arrived) }),
          h('td', { class: `score ${r.score >= 0 ? 'plus' : 'minus'}`, text: r.score > 0 ? `+${r.score}` : String(r.score) }),
          h('td', { data: label('results.coins'), text: String(r.coins) }),
          h(
            'td',
            { data: label('results.level') },
            levelName(r.level) ? `${levelName(r.level)} (Lv ${r.level})` : r.level ? `Lv ${r.level}` : '—',
            r.levelChange > 0 ? h('span', { class: 'level-up', text: ` ▲ ${t('results.levelUp')}` }) : null,
            r.levelChange < 0 ? h('span', { class: 'level-down', text: ` ▼ ${t('results.levelDown')}` }) : null,
          ),
          h('td', { data: label('results.collisions'), text: t('results.collisionValue', { sent: r.sent, lost: r.lost }) }),
        ),
      ),
    ),
  );
}

/** The results table: ranking, score, coins, level and its change, collisions; then what to do next. */
export function resultsView(data: ResultData, actions: ResultsActions): HTMLElement {
  const verifyOut = h('p', { class: 'verify-result', role: 'status', data: { testid: 'verify-result' } });
  const table = resultsTable(data);
  const buttons = h('div', { class: 'buttons' });
  if (actions.rematch)
    buttons.append(
      h('button', { class: 'primary', text: t('results.rematch'), data: { testid: 'rematch' }, on: { click: actions.rematch } }),
    );
  if (actions.replay) buttons.append(h('button', { text: t('results.replay'), data: { testid: 'replay' }, on: { click: actions.replay } }));
  if (actions.recordHref)
    buttons.append(h('a', { class: 'button', href: actions.recordHref, text: t('results.record'), data: { testid: 'record' } }));
  const verify = actions.verify;
  if (verify) {
    buttons.append(
      h('button', {
        text: t('results.verify'),
        data: { testid: 'verify' },
        on: {
          click: () => {
            verifyOut.textContent = t('results.verifyPending');
            void verify().then((check) => {
              verifyOut.className = `verify-result ${check.ok ? 'ok' : 'bad'}`;
              verifyOut.textContent = check.ok
                ? t('results.verifyOk', { n: check.value.rolls })
                : t('results.verifyBad', { reason: errorMessage(check.error.code) });
            });
          },
        },
      }),
    );
  }
  buttons.append(h('button', { text: t('results.home'), on: { click: actions.home } }));
  return h(
    'section',
    { class: 'results', aria: { label: t('results.title') }, data: { testid: 'results' } },
    h('h2', { text: t('results.title') }),
    headlineOf(data),
    data.offline ? h('p', { class: 'note', text: t('results.offlineNote', { base: data.base }) }) : null,
    table,
    buttons,
    verifyOut,
  );
}

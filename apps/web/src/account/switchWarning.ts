import type { PlayerProfile } from '@flightchess/protocol';
import { t } from '../i18n';
import { h } from '../ui/dom';

/**
 * Said before this device becomes another player's when the guest it plays as now has played games:
 * that guest stays on the server as it is (nothing is merged), but this device will no longer be it.
 */
export function switchWarning(current: PlayerProfile | null): HTMLElement | null {
  if (!current || current.games === 0) return null;
  return h(
    'section',
    { class: 'card switch-warning', role: 'note', data: { testid: 'switch-warning' } },
    h('h2', { text: t('account.switch.title', { name: current.nickname }) }),
    h('p', { text: t('account.switch.kept', { name: current.nickname, level: current.level, games: current.games }) }),
    h('p', { class: 'note', text: t('account.switch.back', { name: current.nickname }) }),
  );
}

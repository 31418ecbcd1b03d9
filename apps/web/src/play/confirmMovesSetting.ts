import { t } from '../i18n';
import { h } from '../ui/dom';
import type { Prefs } from '../ui/prefs';

/** The game's one-tap switch: checked, a tapped plane is selected first and moves on a second tap or confirm. */
export function confirmMovesSetting(prefs: Prefs): HTMLElement {
  const box = h('input', {
    type: 'checkbox',
    checked: prefs.confirmMoves,
    data: { testid: 'confirm-moves' },
    on: { change: () => (prefs.confirmMoves = box.checked) },
  });
  return h('label', { class: 'confirm-moves' }, box, ' ', t('game.confirmMoves'));
}

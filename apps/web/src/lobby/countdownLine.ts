import { t } from '../i18n';
import { h } from '../ui/dom';

/**
 * A public table's countdown to its start (`startsAt`, epoch ms), counting down each second: the player
 * sees that the game starts by itself and that computer players take the free seats.
 */
export function countdownLine(startsAt: number): HTMLElement {
  const line = h('p', { class: 'countdown', role: 'status', data: { testid: 'start-countdown' } });
  const show = () => {
    const seconds = Math.ceil((startsAt - Date.now()) / 1000);
    line.textContent = seconds > 0 ? t('lobby.startsIn', { n: seconds }) : t('lobby.starting');
  };
  show();
  let shown = false;
  // The lobby is redrawn with every change: a line no longer on the page stops its clock.
  const timer = window.setInterval(() => {
    if (line.isConnected) shown = true;
    else if (shown) return window.clearInterval(timer);
    show();
  }, 250);
  return line;
}

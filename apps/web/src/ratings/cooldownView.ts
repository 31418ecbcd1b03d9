import type { QuickPlayCooldown } from '@flightchess/protocol';
import { Accounts } from '../account/accounts';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import type { RatedProfile } from './ratedProfile';
import { secondsLeft, waitClock } from './timeLeft';

export interface CooldownView {
  /** The notice (empty while quick play is open). */
  readonly el: HTMLElement;
  /** Quick play is closed now. */
  active(): boolean;
  /** The play-now tile's line while closed: when it opens. */
  readonly tileLine: HTMLElement;
  render(): void;
  dispose(): void;
}

/**
 * Quick play closed to this player for a while (escapes from rated games): a notice with the time left,
 * counting down, and why; private tables stay open. From the own profile, asked once when home opens;
 * `changed` is called when it starts or ends, for home to redraw its play-now tile.
 */
export function cooldownView(ctx: AppContext, changed: () => void): CooldownView {
  const el = h('section', {
    id: 'cooldown-notice',
    class: 'card cooldown-notice',
    role: 'status',
    hidden: true,
    data: { testid: 'cooldown' },
  });
  const tileLine = h('span', { data: { testid: 'cooldown-tile' } });
  let cooldown: QuickPlayCooldown | null = null;
  let timer: number | null = null;
  const left = () => (cooldown ? secondsLeft(cooldown.until, Date.now()) : 0);

  const render = () => {
    const seconds = left();
    el.hidden = seconds === 0;
    if (!cooldown || seconds === 0) return fill(el);
    const time = waitClock(seconds);
    tileLine.textContent = t('cooldown.tile', { time });
    fill(
      el,
      h('h2', { text: t('cooldown.title') }),
      h('p', { class: 'time-left', data: { testid: 'cooldown-left' }, text: t('cooldown.left', { time }) }),
      h('p', { text: t('cooldown.reason.escapes', { n: cooldown.escapes }) }),
      h('p', { text: t('cooldown.private') }),
    );
  };

  const tick = () => {
    render();
    if (left() > 0) return;
    stop();
    cooldown = null;
    changed();
  };
  const stop = () => {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
  };

  if (ctx.net.credentials()) {
    void new Accounts(ctx.net).currentPlayer().then((p: RatedProfile | null) => {
      if (!p?.cooldown || secondsLeft(p.cooldown.until, Date.now()) === 0) return;
      cooldown = p.cooldown;
      render();
      timer = window.setInterval(tick, 1000);
      changed();
    });
  }

  return {
    el,
    tileLine,
    active: () => left() > 0,
    render,
    dispose: stop,
  };
}

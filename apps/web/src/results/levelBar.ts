import { t } from '../i18n';
import { h } from '../ui/dom';
import { type LevelProgress, levelName, levelProgress } from '../profile/levels';

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

export interface LevelMove {
  readonly from: LevelProgress;
  readonly to: LevelProgress;
  /** A level gained: the bar fills to the end first, and the moment is said. */
  readonly up: boolean;
}

/** Where the level bar starts (the lifetime score before the game) and where it ends (after). */
export function levelMove(before: number, after: number): LevelMove {
  const from = levelProgress(before);
  const to = levelProgress(after);
  return { from, to, up: to.level.level > from.level.level };
}

/**
 * The reader's level, moving: the bar starts where the lifetime score stood before the game and fills to
 * where it stands now. A level gained fills the bar to the end, says so, and starts the new level's bar.
 */
export function levelBar(before: number, after: number): HTMLElement {
  const { from, to, up } = levelMove(before, after);
  const fill = h('span', { class: 'level-fill' });
  // Through the style object: a style attribute is refused by the page's CSP (style-src 'self').
  fill.style.width = percent(from.fraction);
  const name = levelName(to.level.level) || `Lv ${to.level.level}`;
  const caption = to.next ? t('ending.levelBar', { name, score: after, toNext: to.toNext }) : t('ending.levelTop', { name, score: after });
  const el = h(
    'div',
    { class: 'level-bar', data: { testid: 'level-bar', from: String(from.fraction), to: String(to.fraction) } },
    h('p', { class: 'level-caption', text: caption }),
    h(
      'div',
      {
        class: 'level-track',
        role: 'progressbar',
        aria: { label: caption, valuemin: '0', valuemax: '100', valuenow: String(Math.round(to.fraction * 100)) },
      },
      fill,
    ),
    up ? h('p', { class: 'level-up-moment', role: 'status', data: { testid: 'level-up' }, text: t('ending.levelUp', { name }) }) : null,
  );
  // Two frames on, so the page has drawn the "before" width and the change is a visible transition.
  requestAnimationFrame(() => requestAnimationFrame(() => (fill.style.width = percent(up ? 1 : to.fraction))));
  if (up) {
    fill.addEventListener(
      'transitionend',
      () => {
        el.classList.add('levelled');
        fill.classList.add('restart');
        fill.style.width = '0%';
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            fill.classList.remove('restart');
            fill.style.width = percent(to.fraction);
          }),
        );
      },
      { once: true },
    );
  }
  return el;
}

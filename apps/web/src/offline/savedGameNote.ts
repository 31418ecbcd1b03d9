import type { AppContext } from '../app';
import { t } from '../i18n';
import { h } from '../ui/dom';

/** An unfinished offline game on this device, with the way back to it; null when there is none. `cls`: the box's classes where it is shown. */
export function savedGameNote(ctx: AppContext, cls: string): HTMLElement | null {
  const saved = ctx.offline.unfinished();
  if (!saved) return null;
  return h(
    'section',
    { class: cls },
    h('p', { text: t('home.offlineSaved', { preset: t(`preset.${saved.state.preset}`), rolls: saved.state.rolls }) }),
    h('button', {
      class: 'primary',
      text: t('home.offlineContinue'),
      data: { testid: 'offline-continue' },
      on: { click: () => ctx.navigate({ name: 'offline' }) },
    }),
  );
}

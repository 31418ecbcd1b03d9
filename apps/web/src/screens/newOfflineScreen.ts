import type { AppContext, Screen } from '../app';
import { t } from '../i18n';
import { type OfflineMode, offlineSetupForm } from '../offline/offlineSetupForm';
import { fill, h } from '../ui/dom';

/** A new offline game (no server needed), against the computer or passed around one device; the unfinished one and the last replay too. */
export function newOfflineScreen(ctx: AppContext, mode: OfflineMode): Screen {
  const el = h('main', { class: 'screen new-offline' });
  const render = () => {
    const saved = ctx.offline.unfinished();
    const last = ctx.offline.lastFinished();
    fill(
      el,
      h('h1', { text: t(`mode.${mode}`) }),
      h('p', { class: 'hint', text: t(`mode.${mode}.setup`) }),
      saved
        ? h(
            'div',
            { class: 'saved' },
            h('p', { text: t('home.offlineSaved', { preset: t(`preset.${saved.state.preset}`), rolls: saved.state.rolls }) }),
            h('button', {
              class: 'primary',
              text: t('home.offlineContinue'),
              data: { testid: 'offline-continue' },
              on: { click: () => ctx.navigate({ name: 'offline' }) },
            }),
          )
        : null,
      offlineSetupForm(ctx, mode),
      last ? h('button', { text: t('home.replayLast'), on: { click: () => ctx.navigate({ name: 'replay-offline' }) } }) : null,
      h('nav', { class: 'page-nav' }, h('a', { class: 'button', href: '#/', text: t('results.home') })),
    );
  };
  render();
  return { el, relabel: render, dispose() {} };
}

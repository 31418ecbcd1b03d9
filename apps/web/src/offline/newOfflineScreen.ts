import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import type { OfflineMode } from '../router';
import { t } from '../i18n';
import { savedGameNote } from './savedGameNote';
import { offlineSetupForm } from './offlineSetupForm';
import { fill, h } from '../ui/dom';

/** A new offline game (no server needed), against the computer or passed around one device; the unfinished one and the last replay too. */
export function newOfflineScreen(ctx: AppContext, mode: OfflineMode): Screen {
  const el = h('main', { class: 'screen new-offline' });
  const render = () => {
    const last = ctx.offline.lastFinished();
    fill(
      el,
      h('h1', { text: t(`mode.${mode}`) }),
      h('p', { class: 'hint', text: t(`mode.${mode}.setup`) }),
      savedGameNote(ctx, 'saved'),
      offlineSetupForm(ctx, mode),
      last ? h('button', { text: t('home.replayLast'), on: { click: () => ctx.navigate({ name: 'replay-offline' }) } }) : null,
      h('nav', { class: 'page-nav' }, h('a', { class: 'button', href: '#/', text: t('results.home') })),
    );
  };
  render();
  return { el, relabel: render, dispose() {} };
}

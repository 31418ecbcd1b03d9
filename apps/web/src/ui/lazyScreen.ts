import type { Screen } from './screen';
import { t } from '../i18n';
import { h } from './dom';

/**
 * A screen whose code is fetched only when it is opened (a chunk of its own): what few people open —
 * the operator's console — is not downloaded by every player. It takes the loaded screen's place once
 * it has come; a navigation away meanwhile disposes of it as soon as it comes.
 */
export function lazyScreen(load: () => Promise<Screen>): Screen {
  const el = h('main', { class: 'screen' });
  el.setAttribute('aria-busy', 'true');
  let loaded: Screen | null = null;
  let disposed = false;
  return {
    el,
    async mount() {
      let screen: Screen;
      try {
        screen = await load();
      } catch {
        // A build replaced meanwhile, or no network: say so rather than show an empty page (the browser's own text means nothing to a player).
        el.removeAttribute('aria-busy');
        el.replaceChildren(
          h('p', {
            class: 'error',
            role: 'alert',
            text: t('error.notLoaded'),
          }),
        );
        return;
      }
      if (disposed) return screen.dispose();
      loaded = screen;
      el.replaceWith(screen.el);
      await screen.mount?.();
    },
    relabel: () => loaded?.relabel(),
    dispose: () => {
      disposed = true;
      loaded?.dispose();
    },
  };
}

import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { t } from '../i18n';
import { fill, h } from '../ui/dom';
import './account.css';

/**
 * This device was signed out (from another device of the player's): it says so once, and starts over as a
 * new guest — the player, its level and games stay on the server for its other devices and a sign-in.
 */
export function signedOutScreen(ctx: AppContext): Screen {
  const el = h('main', { class: 'screen signed-out' });
  // Whatever was stored is no longer good (a table closed with 4401, or the API answered 401).
  ctx.net.signedOut();
  const render = () => {
    const name = ctx.net.signedOutOf();
    fill(
      el,
      h(
        'section',
        { class: 'card signed-out-card', data: { testid: 'signed-out' } },
        h('h1', { text: t('account.signedOut.title') }),
        h('p', { text: name ? t('account.signedOut.was', { name }) : t('account.signedOut.plain') }),
        h('p', { class: 'note', text: t('account.signedOut.kept') }),
        h(
          'div',
          { class: 'row' },
          h('button', {
            class: 'primary',
            text: t('account.signedOut.newGuest'),
            data: { testid: 'signed-out-home' },
            on: { click: () => (ctx.net.dismissSignedOut(), ctx.navigate({ name: 'home' })) },
          }),
          h('a', { class: 'button', href: '#/sign-in', text: t('account.signIn.title'), data: { testid: 'signed-out-sign-in' } }),
        ),
      ),
    );
  };
  render();
  return { el, relabel: render, dispose() {} };
}

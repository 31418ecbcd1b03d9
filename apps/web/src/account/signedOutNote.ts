import type { AppContext } from '../app';
import { t } from '../i18n';
import { h } from '../ui/dom';
import './account.css';

/** On the home screen, once: this device was signed out (elsewhere, or by the player on another device); null when it was not. */
export function signedOutNote(ctx: AppContext): HTMLElement | null {
  const signedOutOf = ctx.net.signedOutOf();
  if (!signedOutOf) return null;
  return h(
    'p',
    { class: 'card signed-out-note', role: 'status', data: { testid: 'home-signed-out' } },
    t('account.signedOut.was', { name: signedOutOf }),
    ' ',
    h('button', {
      class: 'link',
      text: t('account.dismiss'),
      on: { click: (e) => (ctx.net.dismissSignedOut(), (e.currentTarget as HTMLElement).parentElement?.remove()) },
    }),
  );
}

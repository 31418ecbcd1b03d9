import { LINK_CODE_LENGTH } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { h } from '../ui/dom';
import './account.css';

/**
 * On the home screen: this device was signed out (said once), and the ways in from another device — its
 * one-time code, typed here, or the sign-in page (name and password, passkey).
 */
export function signInCard(ctx: AppContext): HTMLElement {
  const code = h('input', {
    id: 'home-link-code',
    maxLength: LINK_CODE_LENGTH + 2,
    placeholder: 'ABCD EFGH',
    aria: { label: t('account.code.label') },
  });
  code.autocomplete = 'off';
  const use = (e: Event) => {
    e.preventDefault();
    const typed = code.value.replace(/[\s-]/g, '').toUpperCase();
    if (typed) ctx.navigate({ name: 'link', code: typed });
  };
  const signedOutOf = ctx.net.signedOutOf();
  return h(
    'section',
    { class: 'card sign-in-card' },
    signedOutOf
      ? h(
          'p',
          { class: 'signed-out-note', role: 'status', data: { testid: 'home-signed-out' } },
          t('account.signedOut.was', { name: signedOutOf }),
          ' ',
          h('button', {
            class: 'link',
            text: t('account.dismiss'),
            on: { click: (e) => (ctx.net.dismissSignedOut(), (e.currentTarget as HTMLElement).parentElement?.remove()) },
          }),
        )
      : null,
    h('h2', { text: t('account.code.home') }),
    h(
      'form',
      { class: 'row', on: { submit: use } },
      code,
      h('button', { type: 'submit', text: t('account.code.use'), data: { testid: 'home-link-use' } }),
    ),
    h('p', { class: 'hint' }, h('a', { href: '#/sign-in', text: t('account.signIn.other'), data: { testid: 'sign-in-link' } })),
  );
}

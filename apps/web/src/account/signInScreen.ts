import { LINK_CODE_LENGTH, type PlayerProfile, type SignedIn, typedCode } from '@flightchess/protocol';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { t } from '../i18n';
import { Accounts } from './accounts';
import { failureOf } from '../online/netSession';
import { field, fill, h } from '../ui/dom';
import { accountError } from './accountErrors';
import { switchWarning } from './switchWarning';
import './account.css';

/**
 * Sign in on this device: a code from another device (or its link), a login name and password, or a
 * passkey where the browser has one. A guest with games is told first that it stays as it is.
 * `code`: opened from a link (`/?link=CODE`): used at once, unless there is something to say first.
 */
export function signInScreen(ctx: AppContext, code?: string): Screen {
  const accounts = new Accounts(ctx.net);
  const el = h('main', { class: 'screen sign-in' });
  const error = h('p', { class: 'error', role: 'alert', data: { testid: 'sign-in-error' } });
  let current: PlayerProfile | null = null;
  let loaded = false;
  let busy = false;

  const done = (signedIn: SignedIn) => {
    // The name typed on the home screen is this player's from now on (else the next game would rename them).
    ctx.prefs.nickname = signedIn.nickname;
    ctx.status(t('account.signedInAs', { name: signedIn.nickname }), 'info');
    window.setTimeout(() => ctx.status(null), 4000);
    ctx.navigate({ name: 'profile', playerId: signedIn.playerId });
  };
  const attempt = (work: () => Promise<SignedIn>) => {
    if (busy) return;
    busy = true;
    error.textContent = t('home.connecting');
    void work().then(done, (e: unknown) => {
      busy = false;
      error.textContent = accountError(failureOf(e));
    });
  };

  /** A link code links this device; a friend's table code typed here joins that table instead. */
  const useCode = (typed: string) => {
    const code = typedCode(typed);
    if (code?.kind === 'table') ctx.navigate({ name: 'join', code: code.code });
    else if (code) attempt(() => accounts.link(code.code));
    else error.textContent = t('code.notACode');
  };

  const render = () => {
    if (!loaded) return fill(el, h('p', { class: 'loading', role: 'status', text: t('account.loading') }));
    const linkInput = h('input', {
      id: 'link-code',
      value: code ?? '',
      maxLength: LINK_CODE_LENGTH + 2,
      placeholder: 'ABCD EFGH',
      aria: { label: t('account.code.label') },
    });
    linkInput.autocomplete = 'off';
    linkInput.autocapitalize = 'characters';
    const name = h('input', { id: 'sign-in-name', maxLength: 20 });
    name.autocomplete = 'username';
    const password = h('input', { id: 'sign-in-password', type: 'password' });
    password.autocomplete = 'current-password';
    fill(
      el,
      h('h1', { text: t('account.signIn.title') }),
      switchWarning(current),
      h(
        'section',
        { class: 'card' },
        h('h2', { text: t('account.code.title') }),
        h('p', { class: 'note', text: t('account.code.how') }),
        h(
          'form',
          { class: 'row', on: { submit: (e) => (e.preventDefault(), useCode(linkInput.value)) } },
          linkInput,
          h('button', { class: 'primary', type: 'submit', text: t('account.code.use'), data: { testid: 'link-use' } }),
        ),
      ),
      h(
        'section',
        { class: 'card' },
        h('h2', { text: t('account.signIn.password') }),
        h(
          'form',
          { class: 'login-form', on: { submit: (e) => (e.preventDefault(), attempt(() => accounts.signIn(name.value, password.value))) } },
          field(t('account.login.name'), name),
          field(t('account.login.password'), password),
          h('button', { class: 'primary', type: 'submit', text: t('account.signIn.button'), data: { testid: 'sign-in' } }),
        ),
      ),
      accounts.passkeysAvailable()
        ? h(
            'section',
            { class: 'card' },
            h('h2', { text: t('account.passkeys.title') }),
            h('button', {
              text: t('account.passkeys.signIn'),
              data: { testid: 'passkey-sign-in' },
              on: { click: () => attempt(() => accounts.signInWithPasskey()) },
            }),
          )
        : null,
      error,
      h('p', { class: 'hint', text: t('account.signIn.optional') }),
      h('nav', { class: 'page-nav' }, h('a', { class: 'button', href: '#/', text: t('results.home') })),
    );
  };
  render();
  return {
    el,
    async mount() {
      current = await accounts.currentPlayer();
      loaded = true;
      render();
      // Opened from a link with nothing to say first: this device becomes that player at once.
      if (code && (typedCode(code)?.kind === 'table' || !switchWarning(current))) useCode(code);
    },
    relabel: render,
    dispose() {},
  };
}

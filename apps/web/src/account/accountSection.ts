import type { AccountInfo, DeviceInfo } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { confirmDialog } from '../ui/confirmDialog';
import { Accounts } from './accounts';
import { failureOf } from '../online/netSession';
import { field, fill, h } from '../ui/dom';
import { dateTime } from '../ui/timeWords';
import { accountError } from './accountErrors';
import { showLinkDialog } from './linkDialog';
import './account.css';

/**
 * The own profile's account part: this player's devices (sign one out, or every other one), "use on
 * another device" (a one-time code), a login name and password, passkeys where the browser has them.
 */
export function accountSection(ctx: AppContext): HTMLElement {
  const accounts = new Accounts(ctx.net);
  const el = h('div', { class: 'account' });
  const error = h('p', { class: 'error', role: 'alert', data: { testid: 'account-error' } });
  let devices: DeviceInfo[] | null = null;
  let info: AccountInfo | null = null;
  /** Said under the login form after it was saved. */
  let loginSaved = '';

  const failed = (e: unknown) => {
    const failure = failureOf(e);
    // This device's secret stopped working: it was signed out elsewhere.
    if (failure.code === 'ERR_BAD_CREDENTIALS') return ctx.navigate({ name: 'signed-out' });
    error.textContent = accountError(failure);
  };
  const load = () =>
    Promise.all([accounts.devices(), accounts.account()]).then(([d, a]) => {
      devices = d;
      info = a;
      render();
    }, failed);
  /** Run an action, then show the account as it is now. */
  const act = (work: () => Promise<unknown>) => () => {
    error.textContent = '';
    void work().then(load, failed);
  };

  const deviceName = (d: DeviceInfo) => d.name || t('account.devices.unknown');
  const deviceItem = (d: DeviceInfo) =>
    h(
      'li',
      { class: d.current ? 'current' : '', data: { testid: 'device', current: String(d.current) } },
      h(
        'div',
        { class: 'device-what' },
        h('strong', { text: deviceName(d) }),
        d.current ? h('span', { class: 'badge you', text: t('account.devices.this') }) : null,
        h('span', { class: 'note', text: t('account.devices.when', { added: dateTime(d.createdAt), seen: dateTime(d.lastSeenAt) }) }),
      ),
      h('button', {
        text: t('account.signOut'),
        data: { testid: 'device-sign-out' },
        on: {
          // Asked first: signing a device out cannot be undone from here (it needs a code or a password to come back).
          click: () =>
            void confirmDialog(
              t(d.current ? 'account.devices.signOutThis' : 'account.devices.signOutConfirm', { name: deviceName(d) }),
              t('account.signOut'),
            ).then((sure) => {
              if (!sure) return;
              if (d.current) void accounts.signOut(d.id, true).then(() => ctx.navigate({ name: 'signed-out' }), failed);
              else act(() => accounts.signOut(d.id, false))();
            }),
        },
      }),
    );

  const devicesCard = (list: DeviceInfo[]) =>
    h(
      'section',
      { class: 'card devices' },
      h('h2', { text: t('account.devices.title') }),
      h('ul', { class: 'device-list', data: { testid: 'devices' } }, ...list.map(deviceItem)),
      h(
        'div',
        { class: 'row' },
        h('button', {
          class: 'primary',
          text: t('account.link.open'),
          data: { testid: 'link-open' },
          on: { click: () => void accounts.linkCode().then(showLinkDialog).catch(failed) },
        }),
        list.length > 1
          ? h('button', {
              text: t('account.signOutOthers'),
              data: { testid: 'sign-out-others' },
              on: { click: act(() => accounts.signOutOthers()) },
            })
          : null,
      ),
    );

  const loginCard = (a: AccountInfo) => {
    const name = h('input', { id: 'login-name', value: a.login ?? '', maxLength: 20, aria: { label: t('account.login.name') } });
    name.autocomplete = 'username';
    const password = h('input', { id: 'login-password', type: 'password', aria: { label: t('account.login.password') } });
    password.autocomplete = 'new-password';
    const current = h('input', { id: 'login-current', type: 'password', aria: { label: t('account.login.current') } });
    current.autocomplete = 'current-password';
    const save = (e: Event) => {
      e.preventDefault();
      error.textContent = '';
      void accounts.setLogin(name.value, password.value, a.login ? current.value : undefined).then((set) => {
        info = { ...a, login: set.login };
        loginSaved = t('account.login.saved', { name: set.login });
        render();
      }, failed);
    };
    return h(
      'section',
      { class: 'card login' },
      h('h2', { text: t('account.login.title') }),
      h('p', {
        class: 'note',
        data: { testid: 'login-state' },
        text: a.login ? t('account.login.is', { name: a.login }) : t('account.login.none'),
      }),
      h(
        'form',
        { class: 'login-form', on: { submit: save } },
        field(t('account.login.name'), name),
        field(a.login ? t('account.login.newPassword') : t('account.login.password'), password),
        a.login ? field(t('account.login.current'), current) : null,
        h('p', { class: 'hint', text: t('account.login.rules') }),
        h('button', {
          class: 'primary',
          type: 'submit',
          text: a.login ? t('account.login.change') : t('account.login.claim'),
          data: { testid: 'login-save' },
        }),
      ),
      h('p', { class: 'note', role: 'status', data: { testid: 'login-saved' }, text: loginSaved }),
    );
  };

  const passkeysCard = (a: AccountInfo) =>
    h(
      'section',
      { class: 'card passkeys' },
      h('h2', { text: t('account.passkeys.title') }),
      a.passkeys.length === 0
        ? h('p', { class: 'note', text: t('account.passkeys.none') })
        : h(
            'ul',
            { class: 'device-list', data: { testid: 'passkeys' } },
            ...a.passkeys.map((p) =>
              h(
                'li',
                {},
                h(
                  'div',
                  { class: 'device-what' },
                  h('strong', { text: p.name || t('account.passkeys.name') }),
                  h('span', { class: 'note', text: t('account.passkeys.added', { added: dateTime(p.createdAt) }) }),
                ),
                h('button', { text: t('account.passkeys.remove'), on: { click: act(() => accounts.removePasskey(p.id)) } }),
              ),
            ),
          ),
      h('button', { text: t('account.passkeys.add'), data: { testid: 'passkey-add' }, on: { click: act(() => accounts.addPasskey()) } }),
    );

  const render = () => {
    if (!devices || !info) return fill(el, h('p', { class: 'loading', role: 'status', text: t('account.loading') }), error);
    fill(el, devicesCard(devices), loginCard(info), accounts.passkeysAvailable() ? passkeysCard(info) : null, error);
  };
  render();
  void load();
  return el;
}

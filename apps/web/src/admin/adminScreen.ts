import type { AdminOverview, AdminTable } from '@flightchess/protocol';
import './admin.css';
import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { t } from '../i18n';
import { confirmDialog } from '../ui/confirmDialog';
import { AdminApi } from './adminApi';
import { type ServerFailure, failureOf } from '../online/netSession';
import { errorMessage } from '../i18n/errorMessages';
import { fill, h } from '../ui/dom';
import { type ConsoleActions, auditCard, bansCard, noticeCard, processesCard, tablesCard, tournamentCard } from './adminViews';

const REFRESH_MS = 5_000;

type View =
  | { readonly kind: 'checking' }
  | { readonly kind: 'off' }
  | { readonly kind: 'sign-in'; readonly failure: ServerFailure | null }
  | { readonly kind: 'console'; readonly overview: AdminOverview; readonly tables: readonly AdminTable[]; readonly at: number };

/**
 * The operator's console (`/admin`): sign in with ADMIN_TOKEN (kept for this tab only), then
 * every process's figures, the tables with a button to close each and one to ban each person seated,
 * the bans, the notice every page shows, and the audit — refreshed every five seconds.
 */
export function adminScreen(ctx: AppContext): Screen {
  const api = new AdminApi(ctx.net, window.sessionStorage);
  const el = h('main', { class: 'screen admin' });
  const flash = h('p', { class: 'admin-flash', role: 'status', data: { testid: 'admin-flash' } });
  let view: View = { kind: 'checking' };
  let timer: number | null = null;
  let disposed = false;

  const failed = (error: unknown) => {
    const failure = failureOf(error);
    if (failure.code === 'ERR_UNAUTHORIZED') view = { kind: 'sign-in', failure };
    flash.textContent = t('admin.failed', { message: errorMessage(failure.code) });
    render();
  };

  const refresh = async () => {
    try {
      const [overview, tables] = await Promise.all([api.overview(), api.tables()]);
      view = { kind: 'console', overview, tables, at: Date.now() };
    } catch (error) {
      return failed(error);
    }
    render();
  };

  /** Do one thing, say what was done, and show the console as it is now. */
  const act = (confirmText: string | null, work: () => Promise<unknown>, done: string) => {
    const run = () =>
      work().then(() => {
        flash.textContent = done;
        return refresh();
      }, failed);
    if (confirmText === null) void run();
    else
      void confirmDialog(confirmText, t('dialog.confirm')).then((sure) => {
        if (sure) void run();
      });
  };

  const actions: ConsoleActions = {
    close: (table) =>
      act(t('admin.closeConfirm', { code: table.code }), () => api.close(table.roomId), t('admin.done.close', { code: table.code })),
    ban: (playerId, name, reason = '', address = true) =>
      act(
        t(address ? 'admin.banConfirmAddress' : 'admin.banConfirm', { name }),
        () => api.ban(playerId, reason, address),
        t('admin.done.ban', { name }),
      ),
    liftBan: (playerId) => act(null, () => api.liftBan(playerId), t('admin.done.liftBan')),
    liftAddressBan: (playerId) => act(null, () => api.liftAddressBan(playerId), t('admin.done.liftAddressBan')),
    setNotice: (text) => act(null, () => api.setNotice(text), t('admin.done.setNotice')),
    clearNotice: () => act(null, () => api.clearNotice(), t('admin.done.clearNotice')),
    scheduleTournament: (asked) => act(null, () => api.scheduleTournament(asked), t('admin.done.scheduleTournament')),
    drain: (p) =>
      act(t('admin.drainConfirm', { id: p.processId }), () => api.drain(p.processId), t('admin.done.drain', { id: p.processId })),
  };

  const signIn = (token: string) => {
    api.signIn(token).then(
      () => {
        flash.textContent = '';
        return refresh();
      },
      (error: unknown) => {
        view = { kind: 'sign-in', failure: failureOf(error) };
        render();
      },
    );
  };

  const signInForm = (failure: ServerFailure | null) => {
    const input = h('input', { id: 'admin-token', type: 'password', placeholder: t('admin.token'), data: { testid: 'admin-token' } });
    input.autocomplete = 'current-password';
    const why = failure ? errorMessage(failure.code) : '';
    return h(
      'form',
      {
        class: 'card admin-sign-in',
        on: {
          submit: (e) => {
            e.preventDefault();
            if (input.value) signIn(input.value);
          },
        },
      },
      h('label', { for: 'admin-token', text: t('admin.token') }),
      input,
      h('button', { class: 'primary', type: 'submit', text: t('admin.signIn'), data: { testid: 'admin-sign-in' } }),
      why ? h('p', { class: 'error', role: 'alert', text: why }) : null,
      h('p', { class: 'note', text: t('admin.tokenNote') }),
    );
  };

  const render = () => {
    if (disposed) return;
    const title = h('h1', { text: t('admin.title') });
    switch (view.kind) {
      case 'checking':
        return fill(el, title, h('p', { role: 'status', text: t('admin.loading') }));
      case 'off':
        return fill(el, title, h('p', { class: 'note', data: { testid: 'admin-off' }, text: t('admin.off') }));
      case 'sign-in':
        return fill(el, title, signInForm(view.failure));
      case 'console': {
        const { overview, tables, at } = view;
        const signOut = h('button', {
          text: t('admin.signOut'),
          data: { testid: 'admin-sign-out' },
          on: {
            click: () => {
              api.signOut();
              view = { kind: 'sign-in', failure: null };
              render();
            },
          },
        });
        return fill(
          el,
          h(
            'div',
            { class: 'admin-head' },
            title,
            h('span', { class: 'note', text: t('admin.updated', { time: new Date(at).toLocaleTimeString() }) }),
            signOut,
          ),
          flash,
          noticeCard(overview.notice, actions),
          tournamentCard(actions),
          processesCard(overview.processes, overview.unreachable, actions),
          tablesCard(tables, at, actions),
          bansCard(overview.bans, actions),
          auditCard(overview.audit),
        );
      }
    }
  };

  render();
  return {
    el,
    async mount() {
      try {
        view = (await api.enabled()) ? { kind: 'sign-in', failure: null } : { kind: 'off' };
        if (view.kind === 'sign-in' && api.signedIn) await refresh();
      } catch (error) {
        view = { kind: 'sign-in', failure: failureOf(error) };
      }
      render();
      timer = window.setInterval(() => {
        if (view.kind === 'console') void refresh();
      }, REFRESH_MS);
    },
    relabel: render,
    dispose() {
      disposed = true;
      if (timer !== null) window.clearInterval(timer);
    },
  };
}
